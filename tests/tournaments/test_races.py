"""Races against PostgreSQL: the last two sheets of a table arriving at the same moment."""

import random
import threading

import pytest
from django.db import connection

from tests.factories import EventFactory, PlayerFactory
from tests.tournaments.helpers import legal_seat_data, register_and_check_in
from tournaments import services
from tournaments.models import Seat, TableResult

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_the_last_two_sheets_arriving_together_enqueue_one_verification(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    enqueued: list[tuple[int, int]] = []
    monkeypatch.setattr("tournaments.tasks.table_verify_task.delay", lambda *args: enqueued.append(args))
    event = EventFactory()
    register_and_check_in(event, [PlayerFactory() for _ in range(4)])
    round_ = services.event_start(event=event, by=event.organisers.get())
    services.round_start(round_=round_, by=event.organisers.get())
    table = round_.tables.get()
    seats, data = list(table.seats.order_by("position")), legal_seat_data(table, random.Random(6))
    for seat, seat_data in zip(seats[:2], data[:2], strict=True):
        services.sheet_submit(seat=seat, data=seat_data, by=seat.player.user)
    barrier, errors = threading.Barrier(2), []

    def submit(seat_id: int, seat_data: dict) -> None:
        try:
            seat = Seat.objects.select_related("player__user", "table__round__event").get(pk=seat_id)
            barrier.wait(timeout=10)
            services.sheet_submit(seat=seat, data=seat_data, by=seat.player.user)
        except Exception as error:
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=submit, args=(s.pk, d)) for s, d in zip(seats[2:], data[2:], strict=True)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert errors == []
    assert enqueued == [(table.pk, 1)]
    assert TableResult.objects.get(table=table).status == "pending"
