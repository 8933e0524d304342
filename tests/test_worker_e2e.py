"""The real path: a sheet goes through Redis to a separate `celery worker` process, and its verdict lands in
PostgreSQL. Runs when REDIS_URL and a PostgreSQL DATABASE_URL are set (as .ci/run's second pass does)."""

import os
import random
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis
from django.conf import settings

from games.simulate import legal_sheet
from tournaments import services
from tournaments.models import SheetCheck

ROOT = Path(__file__).resolve().parents[1]
pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def redis_reachable(url: str) -> None:
    try:
        redis.Redis.from_url(url, socket_connect_timeout=2, socket_timeout=2).ping()
    except redis.RedisError as error:
        pytest.fail(f"Redis at {url} does not answer ({error}); start it or unset REDIS_URL")


@pytest.fixture
def worker() -> Iterator[subprocess.Popen[str]]:
    redis_reachable(os.environ["REDIS_URL"])
    db = settings.DATABASES["default"]
    url = f"postgres://{db['USER']}@{db['HOST']}:{db['PORT'] or 5432}/{db['NAME']}"
    env = {**os.environ, "DATABASE_URL": url}
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "config",
            "worker",
            "--pool=solo",
            "--loglevel=info",
            "--without-gossip",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    yield process
    process.terminate()
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()


def wait_for_status(check_id: int, seconds: float) -> SheetCheck:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        check = SheetCheck.objects.get(pk=check_id)
        if check.status in ("verified", "rejected"):
            return check
        time.sleep(0.1)
    return SheetCheck.objects.get(pk=check_id)


def test_a_sheet_goes_through_redis_to_a_worker_and_its_verdict_lands_in_postgresql(worker) -> None:  # type: ignore[no-untyped-def]
    assert settings.DATABASES["default"]["ENGINE"].endswith("postgresql")
    sheet = legal_sheet("boomerang-usa", 3, random.Random(11))
    broken = legal_sheet("boomerang-hunt", 4, random.Random(12))
    broken["seats"][0]["boomerangs"] += 1
    valid_check = services.sheet_check_submit(sheet=sheet)
    broken_check = services.sheet_check_submit(sheet=broken)
    assert SheetCheck.objects.get(pk=valid_check.pk).status == "submitted"  # nothing ran in this process
    valid, rejected = wait_for_status(valid_check.pk, 60), wait_for_status(broken_check.pk, 60)
    if worker.poll() is not None:
        pytest.fail(f"the worker exited early:\n{worker.stdout.read() if worker.stdout else ''}")
    assert valid.status == "verified"
    assert rejected.status == "rejected"
    assert [p["code"] for p in rejected.verdict["problems"]] == ["boomerangs_not_conserved"]


def wait_for_table(table_id: int, seconds: float) -> str:
    from tournaments.models import TableResult

    deadline = time.monotonic() + seconds
    status = ""
    while time.monotonic() < deadline:
        status = TableResult.objects.get(table_id=table_id).status
        if status in ("verified", "rejected"):
            break
        time.sleep(0.1)
    return status


def test_a_whole_small_event_is_verified_by_the_worker(worker) -> None:  # type: ignore[no-untyped-def]
    from rest_framework.test import APIClient

    from tests.factories import EventFactory, PlayerFactory
    from tests.tournaments.helpers import legal_seat_data, register_and_check_in
    from tournaments import selectors

    event = EventFactory(game="boomerang-australia", rounds_planned=4)
    organiser = event.organisers.get()
    register_and_check_in(event, [PlayerFactory() for _ in range(6)])
    rng, round_ = random.Random(21), services.event_start(event=event, by=organiser)
    for number in range(1, 5):
        services.round_start(round_=round_, by=organiser)
        for table in round_.tables.all():
            for seat, data in zip(table.seats.order_by("position"), legal_seat_data(table, rng), strict=True):
                client = APIClient()
                client.force_authenticate(seat.player.user)
                assert client.post(f"/api/seats/{seat.pk}/sheets/", {"data": data}, format="json").status_code == 202
            assert wait_for_table(table.pk, 60) == "verified", f"round {number} table {table.number}"
        if number < 4:
            round_ = services.round_seat_next(event=event, by=organiser)
    event.refresh_from_db()
    standings = selectors.event_standings(event=event)
    assert event.status == "finished"
    assert [row.tables for row in standings] == [4] * 6
    assert worker.poll() is None
