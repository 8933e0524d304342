"""A real Redis outage: the last sheet is POSTed while nothing listens on Redis's port (the broker and the
throttles' cache both); it is stored, answered 202, and the table waits. Then a Redis server and a worker
start on that port, the sweep dispatches the table, and it ends verified and rated. (.ci/run's second pass;
needs the `redis-server` binary.)"""

import json
import random
import shutil
import subprocess
import sys
import time

import pytest

from ratings.models import RatingEvent
from tests.tournaments.helpers import legal_seat_data, running_round
from tests.workers import ROOT, celery_worker, free_port, redis_server, service_env, wait_until
from tournaments.models import ScoreSheet, TableResult
from tournaments.results.services.sheets import sheet_submit

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

SUBMIT = """
import json, os
from rest_framework.test import APIClient
from tournaments.models import Seat
seat = Seat.objects.select_related("player__user").get(pk=int(os.environ["SEAT"]))
client = APIClient()
client.force_authenticate(seat.player.user)
answer = client.post(f"/api/seats/{seat.pk}/sheets/", {"data": json.loads(os.environ["SHEET"])}, format="json")
print("STATUS", answer.status_code)
"""
SWEEP = """
from datetime import timedelta
from tournaments.results.services.verification import table_sweep
print(table_sweep(older_than=timedelta(0)))
"""


def shell(code: str, broker: str, **variables: str) -> subprocess.CompletedProcess[str]:
    """Run code in a separate `manage.py shell` process whose broker is `broker`."""
    return subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", code],
        cwd=ROOT, env=service_env(REDIS_URL=broker, **variables), capture_output=True, text=True, timeout=120,
    )  # fmt: skip


@pytest.mark.skipif(shutil.which("redis-server") is None, reason="needs the redis-server binary")
def test_a_sheet_submitted_while_the_broker_is_down_is_verified_once_it_is_back() -> None:
    port = free_port()
    broker = f"redis://127.0.0.1:{port}/0"
    _event, round_ = running_round()
    table = round_.tables.get()
    seats, data = list(table.seats.order_by("position")), legal_seat_data(table, random.Random(41))
    for seat, seat_data in zip(seats[:3], data[:3], strict=True):
        sheet_submit(seat_id=seat.pk, data=seat_data, by=seat.player.user)
    submitted = shell(SUBMIT, broker, SEAT=str(seats[3].pk), SHEET=json.dumps(data[3]))
    assert submitted.returncode == 0, submitted.stderr[-2000:]
    assert "STATUS 202" in submitted.stdout, submitted.stdout + submitted.stderr[-2000:]
    assert "broker unavailable" in submitted.stderr
    assert "its cache is unavailable" in submitted.stderr
    assert ScoreSheet.objects.filter(seat=seats[3]).exists()
    assert TableResult.objects.get(table=table).status == "pending"
    with redis_server(port), celery_worker("--pool=solo", env=service_env(REDIS_URL=broker), quiet=True):
        time.sleep(1)
        swept = shell(SWEEP, broker)
        assert swept.returncode == 0, swept.stderr[-2000:]
        wait_until(lambda: TableResult.objects.get(table=table).status == "verified", 60, "the swept verification")
        wait_until(lambda: RatingEvent.objects.filter(source=f"table:{table.pk}").exists(), 60, "the rating")
    assert RatingEvent.objects.filter(source=f"table:{table.pk}").count() == 1
