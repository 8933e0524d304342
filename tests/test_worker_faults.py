"""A worker killed (SIGKILL) in the middle of a verification: the task is redelivered and the table ends
verified once and rated once. Real Redis, a real prefork worker and PostgreSQL (.ci/run's second pass).

The worker is stopped mid-task without any test hook: this test holds row locks on the table's first
three sheets, so the worker blocks inside its verification transaction (its verdict written, not
committed); then its pool process is killed, and the lock released.
"""

import os
import random
import signal
import subprocess
import time
from collections.abc import Iterator
from typing import Any

import psycopg
import pytest

from ratings.models import RatingChange, RatingEvent
from tests.tournaments.helpers import legal_seat_data, running_round
from tests.workers import celery_worker, database_url, redis_reachable, wait_until
from tournaments.models import TableResult
from tournaments.results.services.sheets import sheet_submit

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def prefork_worker() -> Iterator[Any]:
    redis_reachable(os.environ["REDIS_URL"])
    with celery_worker("--pool=prefork", "--concurrency=1") as process:
        yield process


def test_a_worker_killed_mid_verification_is_redelivered_and_the_table_is_verified_and_rated_once(
    prefork_worker,
) -> None:
    _event, round_ = running_round(players=4)
    table = round_.tables.get()
    seats, data = list(table.seats.order_by("position")), legal_seat_data(table, random.Random(31))
    for seat, seat_data in zip(seats[:3], data[:3], strict=True):
        sheet_submit(seat_id=seat.pk, data=seat_data, by=seat.player.user)
    with psycopg.connect(database_url()) as blocker:
        sheets = [seat.sheets.get().pk for seat in seats[:3]]
        blocker.execute("SELECT id FROM tournaments_scoresheet WHERE id = ANY(%s) FOR UPDATE", [sheets])
        sheet_submit(seat_id=seats[3].pk, data=data[3], by=seats[3].player.user)  # enqueues on commit
        waiting = "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE %s"
        with psycopg.connect(database_url(), autocommit=True) as observer:
            wait_until(lambda: observer.execute(waiting, ["%tournaments_scoresheet%"]).fetchone()[0], 60,
                       "the worker to block on the sheets' rows")  # fmt: skip
        children = subprocess.run(["pgrep", "-P", str(prefork_worker.pid)], capture_output=True, text=True).stdout
        assert children.split(), "the worker has no pool process"
        for pid in children.split():
            os.kill(int(pid), signal.SIGKILL)
        blocker.rollback()
    wait_until(lambda: TableResult.objects.get(table=table).status == "verified", 90, "the redelivered task")
    wait_until(lambda: RatingEvent.objects.filter(source=f"table:{table.pk}").exists(), 60, "the rating")
    time.sleep(1)  # give any duplicate delivery the chance to show itself
    assert RatingEvent.objects.filter(source=f"table:{table.pk}").count() == 1
    assert RatingChange.objects.filter(event__source=f"table:{table.pk}").count() == 4
    assert TableResult.objects.get(table=table).attempt == 1
