"""Redis stops while a worker holds an unacknowledged task, then comes back: the worker reconnects by itself,
stays alive, and the table ends verified and rated once. Real Redis (a private server on its own port, so
stopping it disturbs nothing else), a real prefork worker started exactly as `make worker` starts one, and
PostgreSQL (.ci/run's second pass; needs the `redis-server` binary).

Before the fix (config/broker.py) the worker's main process died here, in 1 of 2 runs, with
`Unrecoverable error: AttributeError("'NoneType' object has no attribute 'hostname'")`.
"""

import json
import random
import shutil
import subprocess
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import psycopg
import pytest

from ratings.models import RatingEvent
from tests.test_broker_down import SUBMIT, shell
from tests.tournaments.helpers import legal_seat_data, running_round
from tests.workers import _pings, celery_worker, database_url, free_port, redis_server, service_env, wait_until
from tournaments.models import TableResult
from tournaments.results.services.sheets import sheet_submit
from tournaments.results.tasks import table_sweep_task

pytestmark = [
    pytest.mark.services,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(shutil.which("redis-server") is None, reason="needs the redis-server binary"),
]
WAITING_ON_SHEETS = (
    "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%tournaments_scoresheet%'"
)


OUTAGES = 4


def test_a_worker_holding_a_task_through_redis_outages_reconnects_and_the_task_is_done_once(tmp_path) -> None:
    with (tmp_path / "worker.log").open("w+") as log:
        a_worker_through_outages(log)


def a_worker_through_outages(log: Any) -> None:
    port = free_port()
    broker = f"redis://127.0.0.1:{port}/0"
    _event, round_ = running_round(players=4)
    table = round_.tables.get()
    seats, data = list(table.seats.order_by("position")), legal_seat_data(table, random.Random(47))
    for seat, seat_data in zip(seats[:3], data[:3], strict=True):
        sheet_submit(seat_id=seat.pk, data=seat_data, by=seat.player.user)
    # the verification stays blocked through every outage: longer than its usual time limit (which the
    # sender writes into the message)
    limits = {"CELERY_TASK_SOFT_TIME_LIMIT": "300", "CELERY_TASK_TIME_LIMIT": "360"}
    worker_env = service_env(REDIS_URL=broker, **limits)
    with redis_server(port) as redis, celery_worker("--pool=prefork", "--concurrency=2", env=worker_env,
                                                    output=log) as worker, task_stream(broker):  # fmt: skip
        time.sleep(2)  # the worker is connected and consuming
        with psycopg.connect(database_url()) as blocker:
            sheets = [seat.sheets.get().pk for seat in seats[:3]]
            blocker.execute("SELECT id FROM tournaments_scoresheet WHERE id = ANY(%s) FOR UPDATE", [sheets])
            submitted = shell(SUBMIT, broker, SEAT=str(seats[3].pk), SHEET=json.dumps(data[3]), **limits)
            assert "STATUS 202" in submitted.stdout, submitted.stdout + submitted.stderr[-2000:]
            with psycopg.connect(database_url(), autocommit=True) as observer:
                wait_until(lambda: observer.execute(WAITING_ON_SHEETS).fetchone()[0], 60, "the worker to hold the task")
            for _ in range(OUTAGES):  # the task stays received and unacknowledged through every outage
                redis.terminate()
                redis.wait(timeout=10)
                time.sleep(2)
                redis = restarted(port)
                wait_until(lambda: _read(log).split("Connection to broker lost")[-1].count("received"), 30,
                           "the worker to reconnect and take tasks again")  # fmt: skip
                time.sleep(1 + random.random() * 2)
                assert worker.poll() is None, _read(log)[-3000:]
            blocker.rollback()
            wait_until(lambda: TableResult.objects.get(table=table).status == "verified", 60, "the verdict")
            wait_until(lambda: RatingEvent.objects.filter(source=f"table:{table.pk}").exists(), 60, "the rating")
        assert worker.poll() is None, _read(log)[-3000:]
        redis.terminate()
    output = _read(log)
    assert output.count("Connection to broker lost") >= OUTAGES
    assert "Unrecoverable error" not in output, output[-3000:]
    assert RatingEvent.objects.filter(source=f"table:{table.pk}").count() == 1
    assert TableResult.objects.get(table=table).attempt == 1


@contextmanager
def task_stream(broker: str) -> Iterator[None]:
    """Cheap tasks sent every 20 ms (none while Redis is down), so the worker is busy when each outage hits."""
    stop = threading.Event()

    def send() -> None:
        while not stop.wait(0.02):
            with table_sweep_task.app.connection_for_write(broker) as sender:
                try:
                    while not stop.wait(0.02):
                        table_sweep_task.apply_async(connection=sender, retry=False)
                except Exception:  # the broker is down: connect again
                    pass

    thread = threading.Thread(target=send, daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join(timeout=10)


def restarted(port: int) -> subprocess.Popen[bytes]:
    server = subprocess.Popen(
        ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL,
    )
    wait_until(lambda: _pings(f"redis://127.0.0.1:{port}/0"), 10, "redis-server to start again")
    return server


def _read(log: Any) -> str:
    log.seek(0, 0)
    return str(log.read())
