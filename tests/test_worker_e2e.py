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
