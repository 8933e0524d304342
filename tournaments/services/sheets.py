"""Score sheets: submission (a correction is a new version); a complete table is queued for verification."""

from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Max
from django.utils import timezone

import games
from config.celery import enqueue_on_commit
from config.errors import Conflict, DomainError, NotAllowed
from tournaments import selectors, task_names
from tournaments.models import Event, PadDraft, ScoreSheet, Seat, Table, TableResult
from tournaments.pad_drafts import PadDraftContent


@dataclass(frozen=True)
class StoredSheets:
    """Sheets just stored, and the table's status as they left it. `queued`: they completed the table, whose
    verification may already have run (in-process, or a fast worker) and marked them: read them again."""

    sheets: list[ScoreSheet]
    table_status: str
    queued: bool


def sheet_submit(*, seat: Seat, data: Any, by: User) -> StoredSheets:
    """Store a new version of one seat's sheet; the sheet completing the table enqueues its verification.

    `seat` comes with its table, round, event and player loaded.
    """
    organiser = _OrganiserCheck(by, seat.table.round.event)
    if seat.player.user_id != by.pk and not organiser():
        raise NotAllowed("a player can only submit their own seat's sheet", "not_your_seat", field="seat")
    if seat.forfeited:
        raise Conflict(f"{seat.player.handle}'s seat was forfeited", "seat_forfeited", field="seat")
    entries = {seat: _checked_seat_data(seat.table.round.event.game, seat, data, "data")}
    return _store_versions(seat.table_id, entries, by, organiser, every_seat=False)


def table_sheets_submit(*, table: Table, seats: Any, by: User) -> StoredSheets:
    """Store the sheets of several seats of one table at once: the table's score pad, as one player keeps it.

    Allowed to the event's organisers and to the players seated at the table; each sheet records who
    entered it, and a player can still correct their own seat with a new version until the result is final.
    All the sheets are stored, or none. `table` comes with its round, event and seated players loaded.
    """
    organiser = _OrganiserCheck(by, table.round.event)
    seated = {seat.player.handle: seat for seat in table.seats.all()}
    selectors.require_at_table_or_organiser(user=by, table=table, doing="submit its sheets")
    if not isinstance(seats, list) or not seats:
        raise DomainError("expected a non-empty list of seat objects", "malformed_sheet", field="seats")
    entries: dict[Seat, dict[str, Any]] = {}
    for i, raw in enumerate(seats):
        if not isinstance(raw, dict):
            raise DomainError("a seat must be a JSON object", "malformed_sheet", field=f"seats[{i}]")
        handle = raw.get("player")
        if handle not in seated:
            message = f"{handle!r} is not seated at table {table.number}; its players: {', '.join(seated)}"
            raise DomainError(message, "wrong_player", field=f"seats[{i}].player")
        if seated[handle].forfeited:
            raise Conflict(f"{handle!r} forfeited this table", "seat_forfeited", field=f"seats[{i}].player")
        if seated[handle] in entries:
            raise DomainError(f"{handle!r} appears twice", "duplicate_seat", field=f"seats[{i}].player")
        entries[seated[handle]] = _checked_seat_data(table.round.event.game, seated[handle], raw, f"seats[{i}]")
    return _store_versions(table.pk, entries, by, organiser, every_seat=len(entries) == len(seated))


class _OrganiserCheck:
    """Asks the database whether the user organises the event only when a rule needs to know, and once."""

    def __init__(self, user: User, event: Event) -> None:
        self.user, self.event = user, event
        self.answer: bool | None = None

    def __call__(self) -> bool:
        if self.answer is None:
            self.answer = selectors.is_organiser(user=self.user, event=self.event)
        return self.answer


def _checked_seat_data(game_id: str, seat: Seat, raw: Any, where: str) -> dict[str, Any]:
    if not isinstance(raw, dict):
        raise DomainError("the sheet must be a JSON object", "malformed_sheet", field=where)
    data: dict[str, Any] = {"player": seat.player.handle, **raw}
    if data["player"] != seat.player.handle:
        message = f"this seat is {seat.player.handle}'s, not {data['player']!r}"
        raise DomainError(message, "wrong_player", f"{where}.player")
    try:
        games.GAMES[game_id].parse_seat(data, where)
    except games.MalformedInput as error:
        raise DomainError(str(error), "malformed_sheet", field=error.field) from error
    return data


def _store_versions(
    table_id: int,
    entries: dict[Seat, dict[str, Any]],
    by: User,
    organiser: _OrganiserCheck,
    *,
    every_seat: bool,
) -> StoredSheets:
    """Add a version for each seat under the table's lock, and queue the table once it is complete.

    The table's result row is the table's lock (for sheets, verdicts and overrides), so when the last
    two sheets arrive together exactly one of them sees the table complete and enqueues the task.
    """
    with transaction.atomic():
        locking = TableResult.objects.select_for_update(of=("self",)).select_related("table__round")
        result = locking.get(table_id=table_id)
        round_ = result.table.round
        if not (round_.can.enter_sheets and result.can.enter_sheets) and not organiser():
            round_.machine.check(round_, "enter_sheets")
            result.machine.check(result, "enter_sheets")
        others = [seat for seat in entries if seat.player.user_id != by.pk]
        if others and not organiser():
            _refuse_replacing_a_players_word(table_id, others)
        newest = dict(
            ScoreSheet.objects.filter(seat__in=entries)
            .order_by()
            .values("seat_id")
            .annotate(Max("version"))
            .values_list("seat_id", "version__max")
        )
        if newest:
            ScoreSheet.objects.filter(seat_id__in=newest).exclude(status=ScoreSheet.Status.SUPERSEDED).update(
                status=ScoreSheet.Status.SUPERSEDED
            )
        sheets = ScoreSheet.objects.bulk_create(
            ScoreSheet(seat=seat, version=newest.get(seat.pk, 0) + 1, data=data, entered_by=by)
            for seat, data in entries.items()
        )
        queued = queue_if_complete(result, by, every_seat=every_seat)
    return StoredSheets(sheets, result.status, queued)


def _refuse_replacing_a_players_word(table_id: int, seats: list[Seat]) -> None:
    """A pad keeper (a player) never replaces a sheet its own player entered, nor a seat whose player
    contested the pad's entry: the player's own word stands until an organiser decides."""
    newest: dict[int, int | None] = {}
    for seat_id, entered_by in (
        ScoreSheet.objects.filter(seat__in=seats)
        .order_by("seat_id", "-version")
        .values_list("seat_id", "entered_by_id")
    ):
        newest.setdefault(seat_id, entered_by)
    for seat in seats:
        if newest.get(seat.pk) == seat.player.user_id:
            message = f"{seat.player.handle} entered their own sheet; the pad cannot replace it (an organiser can)"
            raise Conflict(message, "own_sheet", field="seats")
    draft = PadDraftContent.read(PadDraft.objects.filter(table_id=table_id).values_list("data", flat=True).first())
    contested = sorted(set(draft.contests) & {seat.player.handle for seat in seats})
    if contested:
        message = f"{', '.join(contested)} contested the pad's entry of their seat; settle it first (an organiser can)"
        raise Conflict(message, "contested", field="seats")


def queue_if_complete(result: TableResult, by: User, *, every_seat: bool) -> bool:
    """Queue the table once every seat still playing has a sheet (known without a query when these sheets
    cover every seat); whether it was queued. Call with the result row locked."""
    waiting = Seat.objects.filter(table_id=result.table_id, forfeited=False, sheets__isnull=True)
    if not every_seat and waiting.exists():
        return False
    result.status = result.machine.next_status(result, "queue")
    result.attempt, result.updated_at = result.attempt + 1, timezone.now()
    TableResult.objects.filter(pk=result.pk).update(
        status=result.status, attempt=result.attempt, updated_at=result.updated_at
    )
    TableResult.history.bulk_history_create([result], update=True, default_user=by)
    enqueue_on_commit(task_names.TABLE_VERIFY, result.table_id, result.attempt)
    return True
