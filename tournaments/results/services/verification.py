"""Table verification by Celery (batched), its verdict, forfeits, overrides, the sweep and finishing rounds."""

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.db import connection, transaction
from django.utils import timezone
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy

import games
from config.celery import dispatch, enqueue_on_commit
from config.errors import Conflict, DomainError
from tournaments import task_names
from tournaments.analysis.selectors.statistics import tables_missing_pick_accuracy
from tournaments.catalogue.selectors import edition_rules_data, table_deal
from tournaments.models import Event, Round, ScoreSheet, Seat, Table, TableResult
from tournaments.results.selectors.verification import results_to_verify
from tournaments.results.services.pipeline import Because, counting_stopped, results_changed, rounds_finish_complete
from tournaments.results.services.rating import tables_unrated
from tournaments.selectors.permissions import require_organiser
from tournaments.selectors.verification import (
    tables_current_sheets,
    tables_forfeited_players,
    tables_stuck,
    tables_to_claim,
)
from tournaments.services.transitions import advance
from tournaments.verdicts import TableVerdict


def table_verify(*, table_id: int, attempt: int) -> TableResult | None:
    """Verify the table's current sheets for one attempt; an older attempt or a repeat does nothing.

    Tables queued meanwhile (up to VERIFY_BATCH in all) are verified in the same pass, so a worker
    behind a burst of sheets pays the database round trips once for many tables; their own tasks then
    find them taken and do nothing. Returns this table's result, or None when there was nothing to do.
    """
    batch = _claim(table_id, attempt)
    if not batch:
        return None
    return _verify_claimed(batch).get(table_id)


def _claim(table_id: int, attempt: int) -> dict[int, int]:
    """Claim this table's attempt and up to VERIFY_BATCH - 1 other queued tables (oldest first, skipping
    any another worker holds); return {table id: attempt}, empty when this attempt is not to be verified
    (another task's batch took it, or a newer attempt replaced it)."""
    now, me = timezone.now(), _database_backend()
    # A statement of its own, so that a task whose table a batch already took pays one round trip.
    claimed = TableResult.machine.target("claim")
    mine = TableResult.objects.filter(table_id=table_id, attempt=attempt, status__in=TableResult.QUEUED)
    batch = {table_id: attempt} if mine.update(status=claimed, claimed_by=me, updated_at=now) else {}
    room = settings.VERIFY_BATCH - len(batch)
    if room <= 0 or not batch:
        return batch
    with transaction.atomic():
        queued = dict(
            tables_to_claim()
            .select_for_update(skip_locked=True)
            .exclude(table_id=table_id)
            .values_list("table_id", "attempt")[:room]
        )
        TableResult.objects.filter(table_id__in=queued).update(status=claimed, claimed_by=me, updated_at=now)
    return {**batch, **queued}


def _database_backend() -> int | None:
    """This task's PostgreSQL backend (its pid): a claim outlives it only if the task died (tables_to_claim)."""
    if connection.vendor != "postgresql":
        return None
    connection.ensure_connection()
    return int(connection.connection.info.backend_pid)


def verification_send(table_id: int, attempt: int) -> None:
    """Send the table's verification once the transaction commits (the sweep sends it again should the
    broker be away)."""
    transaction.on_commit(lambda: dispatch(task_names.TABLE_VERIFY, table_id, attempt))


def _verify_claimed(batch: dict[int, int]) -> dict[int, TableResult]:
    """Run the engine on each claimed table outside any lock, then write the verdicts that are still wanted.

    A verdict is written only if its table is still verifying the same attempt (a correction that arrived
    meanwhile wins, and its own task verifies the newer sheets).
    """
    results = list(results_to_verify(table_ids=list(batch)))
    sheets = tables_current_sheets(table_ids=list(batch))
    forfeited = _forfeited(results)
    editions: dict[tuple[str, int | None], Any] = {}
    verdicts: dict[int, games.Verdict] = {}
    now = timezone.now()
    for result in results:
        gone = forfeited.get(result.table_id, [])
        verdict = _engine_verdict(result, sheets.get(result.table_id, []), gone, editions)
        # Written only where the table still verifies this attempt (the conditional UPDATE in _write_verdicts).
        result.status = TableResult.machine.target("verify" if verdict.valid else "reject")
        result.verdict = TableVerdict.of_engine(verdict, gone).to_json()
        result.verified_at = result.updated_at = now
        verdicts[result.table_id] = verdict
    with transaction.atomic():
        done = _write_verdicts(batch, {result.table_id: result for result in results})
        if done:
            TableResult.history.bulk_history_create(done, update=True)
            _mark_sheets([(sheet, verdicts[r.table_id]) for r in done for sheet in sheets.get(r.table_id, [])])
            results_changed(because=Because.VERIFIED, tables=[r.table_id for r in done])
    return {r.table_id: r for r in done}


def _forfeited(results: list[TableResult]) -> dict[int, list[str]]:
    """The forfeited players' handles by table, read only for the tables that have any."""
    with_forfeits = [result.table_id for result in results if result.has_forfeit]  # type: ignore[attr-defined]
    return tables_forfeited_players(table_ids=with_forfeits) if with_forfeits else {}


def _engine_verdict(result: TableResult, sheets: list[Any], gone: list[str],
                    editions: dict[tuple[str, int | None], Any]) -> games.Verdict:  # fmt: skip
    """The rules engine's verdict on the table's sheets, its forfeited players left out, on the edition the
    result keeps (or the game's active one), each edition read once a batch."""
    game = result.table.round.event.game
    edition_id = result.kept_edition_id if result.kept else result.active_edition_id  # type: ignore[attr-defined]
    if (game, edition_id) not in editions:
        editions[game, edition_id] = edition_rules_data(game=game, edition=edition_id)
    playing = [s.data for s in sheets if s.data["player"] not in gone]
    dealt = len(playing) + len(gone) if gone else None
    edition = editions[game, edition_id]
    deal = table_deal(
        event=result.table.round.event, round_number=result.table.round.number, players=dealt or len(playing),
        deck=edition,
    )  # fmt: skip
    return games.verify_table({"game": game, "seats": playing}, edition, dealt, deal)


def table_decide_by_forfeit(*, result: TableResult, by: User) -> TableResult:
    """One player is left at the table: they win it without a sheet; the forfeited seats share the last place.
    Call with the result row locked. Counted in the standings, never rated (one player does not make a match)."""
    seats = list(Seat.objects.filter(table_id=result.table_id).select_related("player").order_by("position"))
    left = [s.player.handle for s in seats if not s.forfeited]
    result.verdict = TableVerdict.by_forfeit(left, [s.player.handle for s in seats if s.forfeited]).to_json()
    result.status, result.verified_at = result.machine.next_status(result, "decide_by_forfeit"), timezone.now()
    result.attempt += 1  # a task still queued for the older sheets finds its attempt gone
    result.save(update_fields=["status", "verdict", "verified_at", "attempt", "updated_at"])
    TableResult.history.bulk_history_create([result], update=True, default_user=by)
    results_changed(because=Because.FORFEITED, tables=[result.table_id], by=by, reason="a seat forfeited")
    return result


def _write_verdicts(batch: dict[int, int], by_table: dict[int, TableResult]) -> list[TableResult]:
    """Write each verdict whose table still verifies the attempt that was claimed; return those written."""
    fields = ["status", "verdict", "verified_at", "updated_at"]
    if len(batch) == 1:  # the usual case when the worker keeps up: one conditional UPDATE, no lock beforehand
        [(table_id, attempt)] = batch.items()
        result = by_table[table_id]
        still_wanted = TableResult.objects.filter(
            table_id=table_id, attempt=attempt, status__in=TableResult.machine.sources("verify")
        )
        return [result] if still_wanted.update(**{name: getattr(result, name) for name in fields}) else []
    current = set(
        TableResult.objects.select_for_update()
        .filter(table_id__in=batch, status__in=TableResult.machine.sources("verify"))
        .values_list("table_id", "attempt")
    )
    done = [by_table[table_id] for table_id, attempt in batch.items() if (table_id, attempt) in current]
    if done:
        TableResult.objects.bulk_update(done, fields)
    return done


def _mark_sheets(sheets: list[tuple[ScoreSheet, games.Verdict]]) -> None:
    """Each sheet is verified or rejected on its own problems and its table's table-wide ones (player None).

    Sheets without problems, the usual case, are marked in one UPDATE. A sheet's status follows from the
    table's verdict, whose history row is kept, so no history row is written per sheet here.
    """
    clean = []
    for sheet, verdict in sheets:
        mine = [p.to_json() for p in verdict.problems if p.player in (sheet.data["player"], None)]
        if mine:
            ScoreSheet.objects.filter(pk=sheet.pk).update(status=ScoreSheet.Status.REJECTED, problems=mine)
        else:
            clean.append(sheet.pk)
    if clean:
        ScoreSheet.objects.filter(pk__in=clean).update(status=ScoreSheet.Status.VERIFIED, problems=[])


def table_override(*, table: Table, reason: str, by: User) -> TableResult:
    """Let the organiser accept a table as it stands, with a reason that is recorded."""
    require_organiser(user=by, event=table.round.event)
    if not reason.strip():
        raise DomainError("an override needs a reason", "reason_required", field="reason")
    with transaction.atomic():
        result = TableResult.objects.select_for_update().get(table=table)
        if not result.table_verdict.scored:
            raise Conflict("the table has no scored verdict to accept yet", "nothing_to_accept")
        result.status = result.machine.next_status(result, "accept")
        result.override_reason, result.override_by = reason, by
        result.verified_at = timezone.now()  # the result counts from now: its place in the rating order
        result.save(update_fields=["status", "override_reason", "override_by", "verified_at", "updated_at"])
        results_changed(because=Because.OVERRIDDEN, tables=[table.pk], by=by, reason=reason.strip())
    return result


def table_reopen(*, table: Table, reason: str, by: User) -> TableResult:
    """Re-open a checked table of the round being played so that its players correct their own sheets: the
    result stops counting (unrated until it counts again) and a finished round runs again. Not once a later
    round is seated (its seating used this result) nor once the event is closed."""
    require_organiser(user=by, event=table.round.event)
    if not reason.strip():
        raise DomainError("re-opening a table needs a reason", "reason_required", field="reason")
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=table.round.event_id)
        event.machine.check(event, "seat_next_round")  # running
        result = TableResult.objects.select_for_update().get(table=table)  # the lock order: results, then rounds
        round_ = Round.objects.select_for_update().get(pk=table.round_id)
        if Round.objects.filter(event=event, number__gt=round_.number).exists():
            message = format_lazy(
                gettext_lazy("round {next} is seated: a table of round {number} can no longer be re-opened"),
                next=round_.number + 1, number=round_.number,
            )  # fmt: skip
            raise Conflict(message, "later_round", "table")
        result.status, result.attempt = result.machine.next_status(result, "reopen"), result.attempt + 1
        result._change_reason = f"re-opened by {by.get_username()}: {reason.strip()}"[:100]  # type: ignore[attr-defined]
        result.save(update_fields=["status", "attempt", "updated_at"])
        if round_.can.reopen:
            advance(round_, "reopen")
        results_changed(because=Because.REOPENED, tables=[table.pk], by=by, reason=reason.strip())  # out of its pool
    return result


def table_reverify(*, table: Table, by: User) -> TableResult:
    """Queue the table's current sheets for verification again (after new edition data, say)."""
    require_organiser(user=by, event=table.round.event)
    with transaction.atomic():
        result = TableResult.objects.select_for_update().get(table=table)
        counted = result.status in TableResult.COUNTS
        result.status, result.attempt = result.machine.next_status(result, "recheck"), result.attempt + 1
        result.save(update_fields=["status", "attempt", "updated_at"])
        if counted:  # it counts again once its new verdict says so
            counting_stopped(result=result, because=Because.CORRECTED, by=by)
        enqueue_on_commit(task_names.TABLE_VERIFY, table.pk, result.attempt)
    return result


def game_tables_reverify(*, game: str) -> int:
    """Verify again every table of the game that has a verdict, against the edition now active (a steward
    made another the game's: the printed one after practice data, say). Each goes through the pipeline as a
    recheck: out of the places and its pool until its new verdict, which counts again, or rejects it back to
    its players with the problems named. The verdicts' history keeps which edition each verdict used. An
    event scored with practice data is kept as played (catalogue's EventEdition), unless its organiser
    chooses otherwise. Returns how many tables were queued."""
    kept = TableResult.objects.filter(table__round__event__pinned_edition__isnull=False)  # played on practice data
    return _tables_reverify(TableResult.objects.filter(table__round__event__game=game).exclude(pk__in=kept))


def event_tables_reverify(*, event_id: int) -> int:
    """Every judged table of one event, verified again (its organiser chose the game's edition of now over
    the practice data it was scored with: catalogue/services.event_edition_reverify)."""
    return _tables_reverify(TableResult.objects.filter(table__round__event_id=event_id))


def _tables_reverify(results: Any) -> int:
    judged = (*TableResult.COUNTS, TableResult.Status.REJECTED)
    table_ids = list(
        results.filter(status__in=judged).order_by("verified_at", "table_id").values_list("table_id", flat=True)
    )
    for table_id in table_ids:
        with transaction.atomic():
            result = TableResult.objects.select_for_update().select_related("table").get(table_id=table_id)
            if result.status not in judged:
                continue  # changed meanwhile: already on its way
            counted = result.status in TableResult.COUNTS
            result.status, result.attempt = result.machine.next_status(result, "recheck"), result.attempt + 1
            result.save(update_fields=["status", "attempt", "updated_at"])
            if counted:
                counting_stopped(result=result, because=Because.CORRECTED, by=None)
            enqueue_on_commit(task_names.TABLE_VERIFY, table_id, result.attempt)
    return len(table_ids)


def table_sweep(*, older_than: timedelta) -> int:
    """Dispatch again what a broker outage or a lost worker left behind: tables still queued or verifying
    after `older_than`, final results that were never rated (one rating task for them all) and, from the
    last day, drafting tables whose pick accuracy was never stored. Tasks claim
    their work, so a repeat is harmless. Returns how many tables were sent.

    Both searches stay in the database (an index of the queue, an anti-join with the rating events), so the
    sweep does not load every result ever kept.
    """
    stale = timezone.now() - older_than
    stuck = tables_stuck(before=stale).values_list("table_id", "attempt")
    sent = sum(dispatch(task_names.TABLE_VERIFY, table_id, attempt) for table_id, attempt in stuck)
    unrated = tables_unrated(before=stale)
    if unrated and dispatch(task_names.TABLES_RATE, unrated):
        sent += len(unrated)
    unanalysed = tables_missing_pick_accuracy(before=stale, since=stale - PICK_ACCURACY_REPAIR_WINDOW)
    if unanalysed:
        dispatch(task_names.PICK_ACCURACY, unanalysed)
    rounds_finish_complete()
    return sent


PICK_ACCURACY_REPAIR_WINDOW = timedelta(days=1)  # older tables: manage.py pick_accuracy_refresh
