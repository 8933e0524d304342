"""Reads of casual rated games: a player's own tables, and one of them."""

from datetime import datetime, timedelta

from django.contrib.auth.models import User
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy

import games
from config.errors import DomainError, NotFound
from tournaments.casual.models import CasualTable
from tournaments.casual.services import CONFIRM_DAYS
from tournaments.models import Player
from tournaments.validators import handle_key


def casual_tables_of(*, user: User) -> QuerySet[CasualTable]:
    """The tables the user sits at, newest first, with their seats' players (two queries a page)."""
    return (
        CasualTable.objects.filter(seats__player__user=user)
        .prefetch_related("seats__player")
        .order_by("-created_at", "-id")
    )


def casual_table_of(*, user: User, table_id: int) -> CasualTable:
    """One of the user's tables; another's is answered as none (404)."""
    table = casual_tables_of(user=user).filter(pk=table_id).first()
    if table is None:
        raise NotFound("no casual table of yours has this id", "not_found", "id")
    return table


def confirm_by(table: CasualTable) -> datetime:
    """When the table lapses unless every player has confirmed it."""
    return table.created_at + timedelta(days=CONFIRM_DAYS)


def waiting_on(table: CasualTable, *, user: User) -> bool:
    """Whether this table waits for the user's confirmation (and can still get it)."""
    return (
        table.status == CasualTable.Status.CONFIRMING
        and confirm_by(table) > timezone.now()
        and any(seat.player.user_id == user.pk and seat.confirmed_at is None for seat in table.seats.all())
    )


def casual_seats_named(*, game: str, players: str, by: User) -> list[Player]:
    """The players a casual table's recorder names, in seating order (handles separated by commas or lines),
    before the pad opens: refused naming `game` or `players` when the game is unknown, the count is not one the
    game is played at, a handle is nobody's or given twice, or the recorder is not among them."""
    handles = _handles_counted(game, players)
    keys = [handle_key(handle) for handle in handles]
    if len(set(keys)) != len(keys):
        raise DomainError(gettext_lazy("each player sits once at the table"), "casual_player_twice", "players")
    found = {p.handle_key: p for p in Player.objects.filter(handle_key__in=keys, user__is_active=True)}
    for handle, key in zip(handles, keys, strict=True):
        if key not in found:
            message = gettext_lazy("no player has the handle {handle!r}: each player confirms on their own account")
            raise DomainError(format_lazy(message, handle=handle), "casual_unknown_player", "players")
    seated = [found[key] for key in keys]
    if by.pk not in {player.user_id for player in seated}:
        message = gettext_lazy("you record a table you played at: your handle is not one of its seats")
        raise DomainError(message, "casual_not_seated", "players")
    return seated


def _handles_counted(game: str, players: str) -> list[str]:
    """The handles typed, in order, when the game is known and is played by that many."""
    if game not in games.GAMES:
        raise DomainError(gettext_lazy("choose one of the games"), "unknown_game", "game")
    handles = [handle.strip() for handle in players.replace("\n", ",").split(",") if handle.strip()]
    counts = games.GAMES[game].player_counts
    if len(handles) not in counts:
        message = gettext_lazy("{game} is played by {least} to {most} players, not {count}")
        refused = format_lazy(message, game=games.GAMES[game].name, least=counts.start, most=counts.stop - 1,
                              count=len(handles))  # fmt: skip
        raise DomainError(refused, "casual_player_count", "players")
    return handles
