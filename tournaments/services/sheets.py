"""Score sheets: submission (a correction is a new version), table verification by Celery, override."""

from datetime import timedelta
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone

import games
from config.celery import dispatch
from config.errors import Conflict, DomainError, NotAllowed
from ratings.models import RatingEvent
from tournaments import selectors
from tournaments.models import Round, ScoreSheet, Seat, Table, TableResult


def sheet_submit(*, seat: Seat, data: Any, by: AbstractBaseUser) -> ScoreSheet:
    """Store a new version of a seat's sheet; the sheet completing the table enqueues its verification.

    The table row is locked first, so when the last two sheets arrive together exactly one of them sees
    the table complete and enqueues the task.
    """
    table = seat.table
    event = table.round.event
    organiser = selectors.is_organiser(user=by, event=event)
    if not organiser and seat.player.user_id != by.pk:
        raise NotAllowed("a player can only submit their own seat's sheet", "not_your_seat", field="seat")
    data = _checked_seat_data(event.game, seat, data)
    with transaction.atomic():
        Table.objects.select_for_update().get(pk=table.pk)
        round_status = Round.objects.values_list("status", flat=True).get(pk=table.round_id)
        if round_status != Round.Status.RUNNING and not organiser:
            raise Conflict(f"round {table.round.number} is {round_status}, not running", "round_not_running")
        result = TableResult.objects.select_for_update().get(table=table)
        if result.status in TableResult.COUNTS and not organiser:
            raise Conflict("this table's result is final; ask an organiser to correct it", "table_final")
        sheet = _new_version(seat, data, by)
        _queue_if_complete(table, result)
    return sheet


def _checked_seat_data(game_id: str, seat: Seat, data: Any) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise DomainError("the sheet must be a JSON object", "malformed_sheet", field="data")
    data = {"player": seat.player.handle, **data}
    if data["player"] != seat.player.handle:
        raise DomainError(f"this seat is {seat.player.handle}'s, not {data['player']!r}", "wrong_player", "data.player")
    try:
        games.GAMES[game_id].parse_seat(data, "data")
    except games.MalformedInput as error:
        raise DomainError(str(error), "malformed_sheet", field=error.field) from error
    return data


def _new_version(seat: Seat, data: dict[str, Any], by: AbstractBaseUser) -> ScoreSheet:
    previous = seat.sheets.order_by("-version").first()
    if previous is not None:
        ScoreSheet.objects.filter(pk=previous.pk).update(status=ScoreSheet.Status.SUPERSEDED)
    version = previous.version + 1 if previous else 1
    return ScoreSheet.objects.create(seat=seat, version=version, data=data, entered_by=by)


def _queue_if_complete(table: Table, result: TableResult) -> None:
    from tournaments.tasks import table_verify_task

    seats = table.seats.count()
    with_sheets = ScoreSheet.objects.filter(seat__table=table).values("seat").distinct().count()
    if with_sheets < seats:
        return
    result.status, result.attempt = TableResult.Status.PENDING, result.attempt + 1
    result.save(update_fields=["status", "attempt", "updated_at"])
    table_id, attempt = table.pk, result.attempt
    transaction.on_commit(lambda: dispatch(table_verify_task, table_id, attempt))


def table_verify(*, table_id: int, attempt: int) -> TableResult | None:
    """Verify the table's current sheets for one attempt; an older attempt or a repeat does nothing."""
    claimed = TableResult.objects.filter(
        table_id=table_id, attempt=attempt, status__in=[TableResult.Status.PENDING, TableResult.Status.VERIFYING]
    ).update(status=TableResult.Status.VERIFYING, updated_at=timezone.now())
    if not claimed:
        return None
    table = Table.objects.select_related("round__event").get(pk=table_id)
    sheets = selectors.table_current_sheets(table=table)
    game = table.round.event.game
    edition = selectors.edition_rules_data(game=game, edition=selectors.edition_active(game=game))
    verdict = games.verify_table({"game": game, "seats": [sheet.data for sheet in sheets]}, edition)
    with transaction.atomic():
        result = TableResult.objects.select_for_update().get(table_id=table_id)
        if result.attempt != attempt or result.status != TableResult.Status.VERIFYING:
            return None  # a correction arrived meanwhile; its own task verifies the newer sheets
        result.status = TableResult.Status.VERIFIED if verdict.valid else TableResult.Status.REJECTED
        result.verdict, result.verified_at = verdict.to_json(), timezone.now()
        result.save(update_fields=["status", "verdict", "verified_at", "updated_at"])
        for sheet in sheets:
            mine = [p.to_json() for p in verdict.problems if p.player in (sheet.data["player"], None)]
            sheet.status = ScoreSheet.Status.REJECTED if mine else ScoreSheet.Status.VERIFIED
            sheet.problems = mine
            sheet.save(update_fields=["status", "problems"])
        if verdict.valid:
            _finish_round_if_complete(table.round)
        _queue_rating(table_id)
    return result


def table_override(*, table: Table, reason: str, by: AbstractBaseUser) -> TableResult:
    """Let the organiser accept a table as it stands, with a reason that is recorded."""
    selectors.require_organiser(user=by, event=table.round.event)
    if not reason.strip():
        raise DomainError("an override needs a reason", "reason_required", field="reason")
    with transaction.atomic():
        result = TableResult.objects.select_for_update().get(table=table)
        if not result.verdict or not result.verdict.get("seats"):
            raise Conflict("the table has no scored verdict to accept yet", "nothing_to_accept")
        result.status, result.override_reason, result.override_by = TableResult.Status.OVERRIDDEN, reason, by
        result.verified_at = timezone.now()  # the result counts from now: its place in the rating order
        result.save(update_fields=["status", "override_reason", "override_by", "verified_at", "updated_at"])
        _finish_round_if_complete(table.round)
        _queue_rating(table.pk)
    return result


def table_reverify(*, table: Table, by: AbstractBaseUser) -> TableResult:
    """Queue the table's current sheets for verification again (after new edition data, say)."""
    from tournaments.tasks import table_verify_task

    selectors.require_organiser(user=by, event=table.round.event)
    with transaction.atomic():
        result = TableResult.objects.select_for_update().get(table=table)
        if result.status == TableResult.Status.WAITING:
            raise Conflict("the table is still waiting for sheets", "table_incomplete")
        result.status, result.attempt = TableResult.Status.PENDING, result.attempt + 1
        result.save(update_fields=["status", "attempt", "updated_at"])
        table_id, attempt = table.pk, result.attempt
        transaction.on_commit(lambda: dispatch(table_verify_task, table_id, attempt))
    return result


def _queue_rating(table_id: int) -> None:
    from tournaments.tasks import table_rate_task

    transaction.on_commit(lambda: dispatch(table_rate_task, table_id))


def table_sweep(*, older_than: timedelta) -> int:
    """Dispatch again what a broker outage or a lost worker left behind: tables still queued or verifying
    after `older_than`, and final results that were never rated. Tasks claim their work, so a repeat is harmless."""
    from tournaments.tasks import table_rate_task, table_verify_task

    stale = timezone.now() - older_than
    stuck = TableResult.objects.filter(
        status__in=[TableResult.Status.PENDING, TableResult.Status.VERIFYING], updated_at__lt=stale
    ).values_list("table_id", "attempt")
    sent = sum(dispatch(table_verify_task, table_id, attempt) for table_id, attempt in stuck)
    final = TableResult.objects.filter(status__in=TableResult.COUNTS, updated_at__lt=stale).values_list(
        "table_id", flat=True
    )
    rated = set(RatingEvent.objects.filter(source__in=[f"table:{t}" for t in final]).values_list("source", flat=True))
    sent += sum(dispatch(table_rate_task, t) for t in final if f"table:{t}" not in rated)
    return sent


def _finish_round_if_complete(round_: Round) -> None:
    open_tables = TableResult.objects.filter(table__round=round_).exclude(status__in=TableResult.COUNTS)
    if open_tables.exists():
        return
    Round.objects.filter(pk=round_.pk).update(status=Round.Status.FINISHED)
    event = round_.event
    if round_.number >= event.rounds_planned:
        type(event).objects.filter(pk=event.pk).update(status=type(event).Status.FINISHED)
