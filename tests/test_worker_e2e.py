"""The real path: a sheet goes through Redis to a separate `celery worker` process, and its verdict lands in
PostgreSQL. Runs when REDIS_URL and a PostgreSQL DATABASE_URL are set (as .ci/run's second pass does)."""

import os
import random
from collections.abc import Iterator
from functools import partial
from typing import Any

import pytest
from django.conf import settings

from games.simulate import legal_sheet
from tests.workers import celery_worker, redis_reachable, wait_until
from tournaments.catalogue.models import SheetCheck
from tournaments.catalogue.services import sheet_check_submit
from tournaments.models import TableResult
from tournaments.results.services.closing import event_close
from tournaments.services.rounds import event_start, round_seat_next, round_start

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def worker() -> Iterator[Any]:
    redis_reachable(os.environ["REDIS_URL"])
    with celery_worker("--pool=solo") as process:
        yield process


def final_check(check_id: int) -> SheetCheck | None:
    check = SheetCheck.objects.get(pk=check_id)
    return check if check.status in ("verified", "rejected") else None


def final_table_status(table_id: int) -> str | None:
    status = TableResult.objects.get(table_id=table_id).status
    return status if status in ("verified", "rejected") else None


def test_a_sheet_goes_through_redis_to_a_worker_and_its_verdict_lands_in_postgresql(worker) -> None:
    assert settings.DATABASES["default"]["ENGINE"].endswith("postgresql")
    sheet = legal_sheet("boomerang-usa", 3, random.Random(11))
    broken = legal_sheet("boomerang-hunt", 4, random.Random(12))
    broken["seats"][0]["boomerangs"] += 1
    valid_check = sheet_check_submit(sheet=sheet)
    broken_check = sheet_check_submit(sheet=broken)
    assert SheetCheck.objects.get(pk=valid_check.pk).status == "submitted"  # nothing ran in this process
    valid = wait_until(lambda: final_check(valid_check.pk), 60, "the valid sheet's verdict")
    rejected = wait_until(lambda: final_check(broken_check.pk), 60, "the broken sheet's verdict")
    if worker.poll() is not None:
        pytest.fail(f"the worker exited early:\n{worker.stdout.read() if worker.stdout else ''}")
    assert valid.status == "verified"
    assert rejected.status == "rejected"
    assert [p["code"] for p in rejected.verdict["problems"]] == ["boomerangs_not_conserved"]


def test_a_whole_small_event_is_verified_by_the_worker(worker) -> None:
    from rest_framework.test import APIClient

    from tests.factories import EventFactory, PlayerFactory
    from tests.tournaments.helpers import legal_seat_data, register_and_check_in
    from tournaments.selectors.events import event_standings

    event = EventFactory(game="boomerang-australia", rounds_planned=4)
    organiser = event.organisers.get()
    register_and_check_in(event, [PlayerFactory() for _ in range(6)])
    rng, round_ = random.Random(21), event_start(event=event, by=organiser)
    for number in range(1, 5):
        round_start(round_=round_, by=organiser)
        for table in round_.tables.all():
            for seat, data in zip(table.seats.order_by("position"), legal_seat_data(table, rng), strict=True):
                client = APIClient()
                client.force_authenticate(seat.player.user)
                assert client.post(f"/api/seats/{seat.pk}/sheets/", {"data": data}, format="json").status_code == 202
            what = f"round {number} table {table.number}"
            assert wait_until(partial(final_table_status, table.pk), 60, what) == "verified", what
        if number < 4:
            round_ = round_seat_next(event=event, by=organiser)
    event = event_close(event=event, by=organiser)
    standings = event_standings(event=event)
    assert event.status == "finished"
    assert [row.tables for row in standings] == [4] * 6
    assert worker.poll() is None
