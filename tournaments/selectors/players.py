"""Players: by handle, the demonstration players that lists and statistics leave out, and the players of a
club or a country over time (the leaderboards' filters)."""

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date

from django.contrib.auth.models import User
from django.db.models import Q, QuerySet
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy

from config.errors import NotFound
from tournaments.models import Event, Membership, Player, Registration, Seat, TableResult
from tournaments.selectors.events import player_places
from tournaments.verdicts import TableVerdict


def demo_user_ids() -> QuerySet[Player, int]:
    """The accounts of the demo's players (official lists and seasons leave them out)."""
    return Player.objects.filter(demo=True).values_list("user_id", flat=True)


def demo_handles(*, handles: Iterable[str]) -> set[str]:
    """Which of these handles are demo players' (one query): the pages mark them."""
    return set(Player.objects.filter(demo=True, handle__in=list(handles)).values_list("handle", flat=True))


def known_as(user: User | None) -> str:
    """How a person is named in records: their handle, else their user name; empty for nobody."""
    if user is None:
        return ""
    player = getattr(user, "player", None)
    return player.handle if player is not None else user.get_username()


def player_of_handle(*, handle: str) -> Player:
    """The player with this handle, or a 404 naming it."""
    player = Player.objects.filter(handle=handle).first()
    if player is None:
        raise NotFound(
            format_lazy(gettext_lazy("no player has the handle {handle!r}"), handle=handle), "not_found", "handle"
        )
    return player


def player_search(*, text: str | None) -> QuerySet[Player]:
    """Players whose handle or display name holds `text` (all of them when none), by handle; the claimed
    guests, whose history moved to their claimer, are left out."""
    found = Player.objects.filter(claimed_by__isnull=True).order_by("handle_key")
    if text:
        found = found.filter(Q(handle__icontains=text) | Q(display_name__icontains=text))
    return found


def player_events(*, player: Player, limit: int = 20) -> list[tuple[Registration, int | None, int]]:
    """The player's newest registrations (not withdrawn nor waitlisted) with their event, each with its place
    and the field's size once the event is finished. Three queries whatever the number of events."""
    registrations = list(
        player.registrations.select_related("event")
        .exclude(status__in=[Registration.Status.WITHDRAWN, Registration.Status.WAITLISTED])
        .order_by("-event__starts_at", "-event__created_at")[:limit]
    )
    finished = [r.event for r in registrations if r.event.can.show_results]
    places = player_places(player=player, events=finished)
    return [(r, *places.get(r.event_id, (None, 0))) for r in registrations]


def club_member_periods(slug: str) -> dict[int, list[tuple[date, date | None]]]:
    """The club's members (by user id) with the days they were members: a club's leaderboard counts a table
    when the player was a member on the day it was played."""
    periods: dict[int, list[tuple[date, date | None]]] = defaultdict(list)
    for user_id, joined, left in Membership.objects.filter(organisation__slug=slug).values_list(
        "player__user_id", "joined_on", "left_on"
    ):
        periods[user_id].append((joined, left))
    return dict(periods)


def country_player_periods(country: str) -> dict[int, list[tuple[date, date | None]]]:
    """The players of a country (by user id), every table counting."""
    users = Player.objects.filter(country=country.strip().upper()).values_list("user_id", flat=True)
    return {user_id: [(date.min, None)] for user_id in users}


@dataclass(frozen=True)
class SharedTable:
    table_id: int
    event_id: int
    event: str
    game: str
    round: int
    ranks: tuple[int, int]  # the first player's place at the table, the second's


@dataclass(frozen=True)
class HeadToHeadGame:
    game: str
    tables: int
    first_ahead: int
    second_ahead: int
    level: int


def head_to_head(*, first: Player, second: Player) -> tuple[list[HeadToHeadGame], list[SharedTable]]:
    """Every counting table the two shared, newest first, and by game who finished ahead how often (a level
    place counts as level). Two queries."""
    theirs = Seat.objects.filter(player=second).values("table_id")
    results = (
        TableResult.objects.filter(table__seats__player=first, table_id__in=theirs, status__in=TableResult.COUNTS)
        .order_by("-table__round__event__created_at", "-table__round__number", "table_id")
        .values_list("table_id", "table__round__event_id", "table__round__event__name", "table__round__event__game",
                     "table__round__number", "verdict")
    )  # fmt: skip
    shared = []
    for table_id, event_id, name, game, number, verdict in results:
        rank = {seat.player: seat.rank for seat in TableVerdict.read(verdict).seats}
        if first.handle in rank and second.handle in rank:
            shared.append(
                SharedTable(table_id, event_id, name, game, number, (rank[first.handle], rank[second.handle]))
            )
    by_game: dict[str, list[SharedTable]] = {}
    for table in shared:
        by_game.setdefault(table.game, []).append(table)
    return [_tally(game, tables) for game, tables in sorted(by_game.items())], shared


def _tally(game: str, tables: list[SharedTable]) -> HeadToHeadGame:
    ranks = [table.ranks for table in tables]
    ahead, behind = sum(a < b for a, b in ranks), sum(a > b for a, b in ranks)
    return HeadToHeadGame(game, len(tables), ahead, behind, len(tables) - ahead - behind)


def plays_from_round(*, event: Event, player: Player) -> int | None:
    """The round a player entered in this event plays from: the latest round when they are seated in it, else
    the next one to seat (None once the event is over)."""
    if event.status == Event.Status.FINISHED:
        return None
    latest = event.rounds.order_by("-number").values_list("number", flat=True).first()
    if latest is None:
        return 1
    seated = Seat.objects.filter(table__round__event=event, table__round__number=latest, player=player).exists()
    return int(latest) if seated else int(latest) + 1
