"""A verification task also verifies the tables queued meanwhile; their own tasks then do nothing."""

import random

import psycopg
import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from ratings.models import RatingEvent
from tests.tournaments.helpers import legal_seat_data, running_round
from tests.workers import database_url, wait_until
from tournaments.models import ScoreSheet, TableResult
from tournaments.results.services.sheets import table_sheets_submit
from tournaments.results.services.verification import table_sweep, table_verify
from tournaments.selectors.verification import rounds_complete_but_running, tables_stuck, tables_to_claim

pytestmark = pytest.mark.django_db


def queued_tables(players: int, seed: int, *, miscount: bool = False, queued: bool = True):
    """A running round whose tables all have their sheets in, queued but not yet verified (unless the test
    commits: its in-process tasks then verify them)."""
    _event, round_ = running_round(players=players)
    rng = random.Random(seed)
    tables = list(round_.tables.order_by("number"))
    for index, table in enumerate(tables):
        seats = legal_seat_data(table, rng)
        if miscount and index == 1:
            seats[0]["claimed_total"] += 1
        table_sheets_submit(table=table, seats=seats, by=table.round.event.organisers.get())
    if queued:
        assert set(TableResult.objects.values_list("status", flat=True)) == {TableResult.Status.PENDING}
    return tables


def test_one_task_verifies_every_queued_table_and_the_others_find_nothing_to_do(
    django_capture_on_commit_callbacks,
) -> None:
    tables = queued_tables(12, seed=1, miscount=True)
    with django_capture_on_commit_callbacks(execute=True):
        mine = table_verify(table_id=tables[0].pk, attempt=1)
    assert mine is not None
    assert mine.status == TableResult.Status.VERIFIED
    statuses = dict(TableResult.objects.values_list("table_id", "status"))
    assert statuses == {tables[0].pk: "verified", tables[1].pk: "rejected", tables[2].pk: "verified"}
    assert [table_verify(table_id=t.pk, attempt=1) for t in tables[1:]] == [None, None]
    rejected = ScoreSheet.objects.filter(seat__table=tables[1], status=ScoreSheet.Status.REJECTED)
    assert rejected.count() == 1
    assert rejected.get().problems[0]["code"] == "total_mismatch"
    assert set(RatingEvent.objects.values_list("source", flat=True)) == {
        f"table:{tables[0].pk}",
        f"table:{tables[2].pk}",
    }
    assert TableResult.history.filter(table_id=tables[2].pk, status="verified").count() == 1


def test_a_batch_costs_the_same_queries_for_two_tables_as_for_four() -> None:
    counts = []
    for players, seed in ((8, 2), (16, 3)):
        TableResult.objects.all().delete()
        tables = queued_tables(players, seed)
        with CaptureQueriesContext(connection) as queries:
            table_verify(table_id=tables[0].pk, attempt=1)
        counts.append(len(queries))
    assert counts[0] == counts[1]


def test_with_a_batch_of_one_each_task_verifies_only_its_table(settings) -> None:
    settings.VERIFY_BATCH = 1
    tables = queued_tables(8, seed=4)
    table_verify(table_id=tables[1].pk, attempt=1)
    statuses = dict(TableResult.objects.values_list("table_id", "status"))
    assert statuses == {tables[0].pk: "pending", tables[1].pk: "verified"}


@pytest.mark.postgres
def test_the_queue_is_read_through_its_index_not_by_scanning_every_result() -> None:
    """The claim and the sweep must not read every result ever kept: the planner can use the partial index."""
    queued_tables(players=8, seed=11)
    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL enable_seqscan = off")  # the tables here are tiny; ask whether the index fits
    claim = tables_to_claim().select_for_update(skip_locked=True).values_list("table_id", "attempt")[:49]
    assert "tableresult_queue" in claim.explain()
    assert "tableresult_queue" in tables_stuck(before=timezone.now()).explain()


def test_the_sweep_finishes_a_running_round_whose_tables_all_count() -> None:
    """A round left running with every table verified (the race fixed in round_finish_if_complete, or any
    lost commit) is finished by the periodic sweep, so next-round is never blocked for good."""
    from datetime import timedelta

    from tournaments.models import Round

    tables = queued_tables(8, seed=4)
    TableResult.objects.filter(table__in=tables).update(status=TableResult.Status.VERIFIED)
    round_ = tables[0].round
    assert Round.objects.get(pk=round_.pk).status == Round.Status.RUNNING
    assert rounds_complete_but_running() == [round_.pk]
    table_sweep(older_than=timedelta(seconds=120))
    assert Round.objects.get(pk=round_.pk).status == Round.Status.FINISHED
    assert rounds_complete_but_running() == []


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_tables_whose_verifying_task_died_are_taken_at_once_by_the_next_task() -> None:
    """A task killed after its claim (its process, or its connection cut) leaves its tables verifying: the
    next task takes them, not the sweep minutes later; a task still alive keeps its own."""
    tables = queued_tables(12, seed=2, queued=False)
    TableResult.objects.filter(table=tables[0]).update(status=TableResult.Status.PENDING)
    dead, alive = (psycopg.connect(database_url(), autocommit=True) for _ in range(2))
    for task, table in ((dead, tables[1]), (alive, tables[2])):
        task.execute(
            "UPDATE tournaments_tableresult SET status = 'verifying', claimed_by = pg_backend_pid() "
            "WHERE table_id = %s",
            [table.pk],
        )
    gone = dead.info.backend_pid
    dead.close()
    wait_until(lambda: not _backend_exists(gone), 10, "the dead task's backend to go")
    try:
        table_verify(table_id=tables[0].pk, attempt=1)
        statuses = dict(TableResult.objects.values_list("table_id", "status"))
    finally:
        alive.close()
    assert statuses == {tables[0].pk: "verified", tables[1].pk: "verified", tables[2].pk: "verifying"}


def _backend_exists(pid: int) -> bool:
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE pid = %s", [pid])
        return bool(cursor.fetchone()[0])
