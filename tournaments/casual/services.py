"""Casual rated games (issue 70, item 4; docs/casual.md): record, verify, confirm, correct, decline, lapse, rate.

A table is rated once every player at it has confirmed it on their own account and the rules engine found its
sheet valid, whichever comes last; it is rated in the game's casual pool (`<game>-casual`), never in the pool
of sanctioned events. A sheet the rules refuse goes back to its players (any of them corrects it, and the
others confirm again); a table not confirmed within CONFIRM_DAYS lapses, and one declined is never rated.
"""

from datetime import datetime, timedelta
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy

import games
from config.celery import enqueue_on_commit
from config.errors import Conflict, DomainError, NotFound
from tournaments import task_names
from tournaments.casual.models import CasualSeat, CasualTable
from tournaments.catalogue.selectors import edition_active, edition_rules_data
from tournaments.models import Player
from tournaments.results.services.rating import casual_table_rate
from tournaments.validators import handle_key

CONFIRM_DAYS = 7


def casual_table_record(*, sheet: Any, recorded_by: User, played_at: datetime | None = None) -> CasualTable:
    """Store a table one of its players recorded (their own seat confirmed), and verify it behind the answer."""
    game, players = _players_of(sheet)
    sheet = _with_handles(sheet, players)
    recorder = next((player for player in players if player.user_id == recorded_by.pk), None)
    if recorder is None:
        raise DomainError("you record a table you played at: your handle is not one of its seats", "casual_not_seated",
                          "sheet.seats")  # fmt: skip
    now = timezone.now()
    played_at = played_at or now
    if played_at > now + timedelta(minutes=5) or played_at < now - timedelta(days=CONFIRM_DAYS):
        message = gettext_lazy("a casual table is recorded within {days} days of its game, never before it")
        raise DomainError(format_lazy(message, days=CONFIRM_DAYS), "casual_played_at", "played_at")
    with transaction.atomic():
        table = CasualTable.objects.create(game=game, sheet=sheet, played_at=played_at, recorded_by=recorded_by)
        CasualSeat.objects.bulk_create(
            CasualSeat(table=table, player=player, number=number, confirmed_at=now if player == recorder else None)
            for number, player in enumerate(players, start=1)
        )
        enqueue_on_commit(task_names.CASUAL_TABLE_VERIFY, table.pk, table.attempt)
    return table


def _players_of(sheet: Any) -> tuple[str, list[Player]]:
    """The sheet's game and its seats' players, in seat order; a malformed sheet or a handle nobody has is a
    400 naming the field."""
    try:
        game, seats = games.parse_table(sheet)
    except games.MalformedInput as error:
        raise DomainError(str(error), "malformed_sheet", field=f"sheet.{error.field}".rstrip(".")) from error
    keys = [handle_key(seat.player) for seat in seats]
    found = {p.handle_key: p for p in Player.objects.filter(handle_key__in=keys, user__is_active=True)}
    for number, key in enumerate(keys):
        if key not in found:
            message = gettext_lazy(
                "no player has the handle {handle!r}: each player at a casual table confirms it on their own account"
            )
            refused = format_lazy(message, handle=seats[number].player)
            raise DomainError(refused, "casual_unknown_player", f"sheet.seats[{number}].player")
    return game.id, [found[key] for key in keys]


def _with_handles(sheet: dict[str, Any], players: list[Player]) -> dict[str, Any]:
    """The sheet with each seat's handle as its player spells it ('Ada' typed for 'ada'): the verdict, the
    rating and an erasure's rename (tournaments/privacy) all read it."""
    seats = [{**seat, "player": player.handle} for seat, player in zip(sheet["seats"], players, strict=True)]
    return {**sheet, "seats": seats}


def casual_table_verify(*, table_id: int, attempt: int) -> CasualTable | None:
    """The rules engine's verdict on one attempt of the sheet (a correction is a new attempt: an older task
    writes nothing); rates the table if every player has confirmed. Safe to run twice."""
    with transaction.atomic():
        table = CasualTable.objects.select_for_update().filter(pk=table_id).first()
        if table is None or table.attempt != attempt or table.verdict is not None:
            return table
        edition = edition_rules_data(game=table.game, edition=edition_active(game=table.game))
        verdict = games.verify_table(table.sheet, edition)
        table.verdict = verdict.to_json()
        if verdict.valid:
            table.save(update_fields=["verdict"])
            _rate_when_settled(table)
        else:
            table.status = CasualTable.Status.REJECTED
            table.save(update_fields=["verdict", "status"])
        if table.status != CasualTable.Status.RATED:  # players still to confirm it, or all to correct it
            enqueue_on_commit(task_names.NOTIFY_CASUAL, table.pk, table.attempt)
    return table


def casual_table_confirm(*, table_id: int, by: User) -> CasualTable:
    """A player confirms the table as played; the last confirmation of a valid sheet rates it."""
    with transaction.atomic():
        table, seat = _locked_seat(table_id, by)
        _refuse_unless_confirming(table)
        if seat.confirmed_at is None:
            seat.confirmed_at = timezone.now()
            seat.save(update_fields=["confirmed_at"])
        _rate_when_settled(table)
    return table


def casual_table_decline(*, table_id: int, by: User) -> CasualTable:
    """A player says this is not the game they played: it is never rated."""
    with transaction.atomic():
        table, _seat = _locked_seat(table_id, by)
        if table.status not in (CasualTable.Status.CONFIRMING, CasualTable.Status.REJECTED):
            raise Conflict("this casual table is settled already", "casual_settled", "status")
        table.status, table.settled_at = CasualTable.Status.DECLINED, timezone.now()
        table.save(update_fields=["status", "settled_at"])
    return table


def casual_table_correct(*, table_id: int, sheet: Any, by: User) -> CasualTable:
    """A player at the table sends its sheet again (after the rules refused it, or before everyone confirmed):
    the same players, a new verification, and every other player confirms again."""
    game, players = _players_of(sheet)
    sheet = _with_handles(sheet, players)
    with transaction.atomic():
        table, seat = _locked_seat(table_id, by)
        if table.status not in (CasualTable.Status.CONFIRMING, CasualTable.Status.REJECTED):
            raise Conflict("this casual table is settled already", "casual_settled", "status")
        _refuse_if_lapsed(table)
        if game != table.game or [p.pk for p in players] != list(table.seats.values_list("player_id", flat=True)):
            raise DomainError("a correction keeps the game, the players and their seats", "casual_other_players",
                              "sheet.seats")  # fmt: skip
        table.sheet, table.verdict, table.attempt = sheet, None, table.attempt + 1
        table.status = CasualTable.Status.CONFIRMING
        table.save(update_fields=["sheet", "verdict", "attempt", "status"])
        table.seats.exclude(pk=seat.pk).update(confirmed_at=None)
        table.seats.filter(pk=seat.pk).update(confirmed_at=timezone.now())
        enqueue_on_commit(task_names.CASUAL_TABLE_VERIFY, table.pk, table.attempt)
    return table


def casual_tables_lapse(*, now: datetime | None = None) -> int:
    """Tables not confirmed within CONFIRM_DAYS of their recording lapse (the beat runs this daily)."""
    deadline = (now or timezone.now()) - timedelta(days=CONFIRM_DAYS)
    open_statuses = (CasualTable.Status.CONFIRMING, CasualTable.Status.REJECTED)
    return CasualTable.objects.filter(status__in=open_statuses, created_at__lt=deadline).update(
        status=CasualTable.Status.LAPSED, settled_at=timezone.now()
    )


def _locked_seat(table_id: int, by: User) -> tuple[CasualTable, CasualSeat]:
    table = CasualTable.objects.select_for_update().filter(pk=table_id).first()
    seat = table.seats.filter(player__user=by).first() if table else None
    if table is None or seat is None:  # another's table is not shown to you: the same answer as none
        raise NotFound("no casual table of yours has this id", "not_found", "id")
    return table, seat


def _refuse_unless_confirming(table: CasualTable) -> None:
    _refuse_if_lapsed(table)
    if table.status == CasualTable.Status.REJECTED:
        raise Conflict("the rules refused this sheet: correct it first", "casual_rejected", "sheet")
    if table.status != CasualTable.Status.CONFIRMING:
        raise Conflict("this casual table is settled already", "casual_settled", "status")


def _refuse_if_lapsed(table: CasualTable) -> None:
    """A table past its confirmation days is refused whether or not the daily sweep has marked it lapsed."""
    if table.created_at < timezone.now() - timedelta(days=CONFIRM_DAYS):
        message = format_lazy(gettext_lazy("a casual table not confirmed within {days} days lapses"), days=CONFIRM_DAYS)
        raise Conflict(message, "casual_lapsed", "status")


def _rate_when_settled(table: CasualTable) -> None:
    """Rate the (locked) table in its game's casual pool once its sheet is valid and every player confirmed."""
    verdict = table.verdict or {}
    if table.status != CasualTable.Status.CONFIRMING or not verdict.get("valid"):
        return
    if table.seats.filter(confirmed_at=None).exists():
        return
    ranks = {handle_key(seat["player"]): seat["rank"] for seat in verdict["seats"]}
    seats = [
        (s.player.user_id, s.player.handle, ranks[s.player.handle_key]) for s in table.seats.select_related("player")
    ]
    casual_table_rate(game=table.game, table_id=table.pk, played_at=table.played_at, ranks=seats)
    table.status, table.settled_at = CasualTable.Status.RATED, timezone.now()
    table.save(update_fields=["status", "settled_at"])
