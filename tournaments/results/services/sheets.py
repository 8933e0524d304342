"""Score sheets: submission (a correction is a new version); a complete table is queued for verification."""

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy

import games
from config.celery import tasks_run_here
from config.errors import Conflict, DomainError, NotAllowed, NotFound
from tournaments.announcements import Announcement, announce
from tournaments.models import Event, PadDraft, Round, ScoreSheet, Seat, Table, TableResult
from tournaments.pad_drafts import PadDraftContent
from tournaments.results.selectors.sheets import newest_sheet_authors
from tournaments.results.services import sheet_statements
from tournaments.results.services.pipeline import Because, counting_stopped
from tournaments.results.services.verification import verification_send
from tournaments.selectors.permissions import is_organiser, require_at_table_or_organiser

# What the checks under the table's lock let in: the locked result, its round and each seat's sheet.
_Entries = tuple[TableResult, Round, dict[Seat, dict[str, Any]]]


@dataclass(frozen=True)
class StoredSheets:
    """Sheets just stored, and the table's status as they left it. `verified_since`: they completed the table
    and tasks run in this process, so its verification ran at the commit and marked them: read them again.
    (With a worker the answer is the status they left, "pending"; a verdict is for the next read.)"""

    sheets: list[ScoreSheet]
    table_status: str
    verified_since: bool


def sheet_submit(*, seat_id: int, data: Any, by: User) -> StoredSheets:
    """Store a new version of one seat's sheet; the sheet completing the table enqueues its verification."""

    def checked() -> _Entries:
        seat = _seat_locked(seat_id)
        result, event = seat.table.result, seat.table.round.event
        organiser = _OrganiserCheck(by, event)
        if seat.player.user_id != by.pk and not organiser():
            raise NotAllowed("a player can only submit their own seat's sheet", "not_your_seat", field="seat")
        if seat.forfeited:
            message = format_lazy(gettext_lazy("{player}'s seat was forfeited"), player=seat.player.handle)
            raise Conflict(message, "seat_forfeited", field="seat")
        entries = {seat: _checked_seat_data(event.game, seat, data, "data")}
        _check_may_enter(result, seat.table.round, entries, by, organiser)
        return result, seat.table.round, entries

    return _under_the_tables_lock(checked, by)


def _under_the_tables_lock(check: Callable[[], _Entries], by: User) -> StoredSheets:
    """`check` (it takes the table's lock and raises the refusals), then the versions stored, in one transaction.

    Inside a caller's transaction (an Idempotency-Key's, which keeps the answer with the writes) this makes no
    savepoint: two statements of each sheet POST. So a refusal must leave that transaction as it was: every
    refusal is raised by `check`, before anything is written, and is raised again once the block has ended;
    anything that fails while storing marks the caller's transaction for rollback, its answer not kept.
    """
    with transaction.atomic(savepoint=False):
        try:
            result, round_, entries = check()
        except DomainError as refusal:
            refused = refusal
        else:
            return _store_versions(result, round_, entries, by)
    raise refused


def _seat_locked(seat_id: int) -> Seat:
    """The seat with its player, table, round, event and the table's result (`seat.table.result`), the
    result row locked first: it is the table's lock."""
    result = sheet_statements.result_of_seat_locked(seat_id)
    if result is None:
        raise NotFound(
            format_lazy(gettext_lazy("no seat has the id {seat_id}"), seat_id=seat_id), "not_found", field="seat"
        )
    seat = sheet_statements.seat_with_its_event(seat_id)
    seat.table.result = result
    return seat


def table_sheets_submit(*, table: Table, seats: Any, by: User) -> StoredSheets:
    """Store the sheets of several seats of one table at once: the table's score pad, as one player keeps it.

    Allowed to the event's organisers and to the players seated at the table; each sheet records who
    entered it, and a player can still correct their own seat with a new version until the result is final.
    All the sheets are stored, or none. `table` comes with its round, event and seated players loaded.
    """
    organiser = _OrganiserCheck(by, table.round.event)
    seated = {seat.player.handle: seat for seat in table.seats.all()}
    require_at_table_or_organiser(user=by, table=table, doing=gettext_lazy("submit its sheets"))
    if not isinstance(seats, list) or not seats:
        raise DomainError("expected a non-empty list of seat objects", "malformed_sheet", field="seats")
    entries: dict[Seat, dict[str, Any]] = {}
    for i, raw in enumerate(seats):
        if not isinstance(raw, dict):
            raise DomainError("a seat must be a JSON object", "malformed_sheet", field=f"seats[{i}]")
        handle = raw.get("player")
        if handle not in seated:
            message = format_lazy(gettext_lazy("{player!r} is not seated at table {table}; its players: {players}"),
                                  player=handle, table=table.number, players=", ".join(seated))  # fmt: skip
            raise DomainError(message, "wrong_player", field=f"seats[{i}].player")
        if seated[handle].forfeited:
            message = format_lazy(gettext_lazy("{player!r} forfeited this table"), player=handle)
            raise Conflict(message, "seat_forfeited", field=f"seats[{i}].player")
        if seated[handle] in entries:
            message = format_lazy(gettext_lazy("{player!r} appears twice"), player=handle)
            raise DomainError(message, "duplicate_seat", field=f"seats[{i}].player")
        entries[seated[handle]] = _checked_seat_data(table.round.event.game, seated[handle], raw, f"seats[{i}]")

    def checked() -> _Entries:
        locking = TableResult.objects.select_for_update(of=("self",)).select_related("table__round")
        result = locking.get(table_id=table.pk)
        require_players_unchanged(table_id=table.pk, handles=set(seated))
        _check_may_enter(result, result.table.round, entries, by, organiser)
        return result, result.table.round, entries

    return _under_the_tables_lock(checked, by)


def require_players_unchanged(*, table_id: int, handles: set[str]) -> None:
    """Under the table's lock: its players are still those the sheets were checked against (an account
    erased meanwhile renamed one: the sheets would bring the old name back)."""
    if set(Seat.objects.filter(table_id=table_id).values_list("player__handle", flat=True)) != handles:
        raise Conflict(
            "a player of this table was renamed meanwhile (an account erased); load the table and send it again",
            "players_changed", field="seats",
        )  # fmt: skip


class _OrganiserCheck:
    """Asks the database whether the user organises the event only when a rule needs to know, and once."""

    def __init__(self, user: User, event: Event) -> None:
        self.user, self.event = user, event
        self.answer: bool | None = None

    def __call__(self) -> bool:
        if self.answer is None:
            self.answer = is_organiser(user=self.user, event=self.event)
        return self.answer


def _checked_seat_data(game_id: str, seat: Seat, raw: Any, where: str) -> dict[str, Any]:
    if not isinstance(raw, dict):
        raise DomainError("the sheet must be a JSON object", "malformed_sheet", field=where)
    data: dict[str, Any] = {"player": seat.player.handle, **raw}
    if data["player"] != seat.player.handle:
        message = format_lazy(
            gettext_lazy("this seat is {player}'s, not {sent!r}"), player=seat.player.handle, sent=data["player"]
        )
        raise DomainError(message, "wrong_player", f"{where}.player")
    try:
        games.GAMES[game_id].parse_seat(data, where)
    except games.MalformedInput as error:
        raise DomainError(str(error), "malformed_sheet", field=error.field) from error
    return data


def _store_versions(
    result: TableResult,
    round_: Round,
    entries: dict[Seat, dict[str, Any]],
    by: User,
) -> StoredSheets:
    """Add a version for each seat under the table's lock, and queue the table once it is complete.

    Call inside a transaction with the table's result row locked (read after the lock, with its round), once
    `_check_may_enter` let them in: the row is the table's lock for sheets, verdicts and overrides, so when
    the last two sheets arrive together exactly one of them sees the table complete and enqueues the task.
    """
    entered_at = timezone.now()
    stored = [sheet_statements.version_insert(seat, data, by, entered_at) for seat, data in entries.items()]
    sheets = [sheet for sheet, _waiting in stored]
    _supersede_earlier([sheet for sheet in sheets if sheet.version > 1])
    waiting = stored[-1][1]  # counted by the last insert, which sees every earlier one
    # The event's stream hears how many seats still wait for a sheet (no scores: private until verified), from
    # the count the queueing needs anyway. Not kept: a client that missed it gets the table's verdict, which
    # is (docs/stream.md).
    announce([Announcement("table.submitted", event_id=round_.event_id,
                           data={"event": round_.event_id, "round": round_.number, "table_id": result.table_id,
                                 "seats_waiting": waiting})])  # fmt: skip
    queued = queue_if_complete(result, by, waiting=waiting)
    return StoredSheets(sheets, result.status, verified_since=queued and tasks_run_here())


def _check_may_enter(
    result: TableResult, round_: Round, entries: dict[Seat, Any], by: User, organiser: _OrganiserCheck
) -> None:
    """Sheets are entered while the round and the table take them, or by an organiser at any time; a player
    entering another's seat may not replace that player's own word."""
    others = [seat for seat in entries if seat.player.user_id != by.pk]
    if not (round_.can.enter_sheets and result.can.enter_sheets) and not organiser():
        round_.machine.check(round_, "enter_sheets")
        result.machine.check(result, "enter_sheets")
    if others and not organiser():
        _refuse_replacing_a_players_word(result.table_id, others)


def _supersede_earlier(sheets: list[ScoreSheet]) -> None:
    """The versions these new sheets replace are superseded (one statement)."""
    if not sheets:
        return
    earlier = Q()
    for sheet in sheets:
        earlier |= Q(seat_id=sheet.seat_id, version__lt=sheet.version)
    ScoreSheet.objects.filter(earlier).exclude(status=ScoreSheet.Status.SUPERSEDED).update(
        status=ScoreSheet.Status.SUPERSEDED
    )


def _refuse_replacing_a_players_word(table_id: int, seats: list[Seat]) -> None:
    """A pad keeper (a player) never replaces a sheet its own player entered, nor a seat whose player
    contested the pad's entry: the player's own word stands until an organiser decides."""
    newest = newest_sheet_authors(seats=seats)
    for seat in seats:
        if newest.get(seat.pk) == seat.player.user_id:
            message = gettext_lazy("{player} entered their own sheet; the pad cannot replace it (an organiser can)")
            raise Conflict(format_lazy(message, player=seat.player.handle), "own_sheet", field="seats")
    draft = PadDraftContent.read(PadDraft.objects.filter(table_id=table_id).values_list("data", flat=True).first())
    contested = sorted(set(draft.contests) & {seat.player.handle for seat in seats})
    if contested:
        message = gettext_lazy("{players} contested the pad's entry of their seat; settle it first (an organiser can)")
        raise Conflict(format_lazy(message, players=", ".join(contested)), "contested", field="seats")


def queue_if_complete(result: TableResult, by: User, waiting: int | None = None) -> bool:
    """Queue the table once every seat still playing has a sheet; whether it was queued. Call with the
    result row locked; `waiting`: how many seats still playing have no sheet, when the caller knows."""
    if waiting is None:
        waiting = sheet_statements.seats_waiting(result.table_id)
    if waiting:
        return False
    counted = result.status in TableResult.COUNTS
    result.status = result.machine.next_status(result, "queue")
    result.attempt, result.updated_at = result.attempt + 1, timezone.now()
    sheet_statements.result_queued(result, by)
    if counted:  # an organiser's correction of a final table: it stops counting until its new verdict
        counting_stopped(result=result, because=Because.CORRECTED, by=by)
    verification_send(result.table_id, result.attempt)
    return True
