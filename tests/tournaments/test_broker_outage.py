"""With the broker down a sheet is still stored and answered 202; the sweep dispatches it once it is back."""

import random
from datetime import timedelta

import pytest
from django.db import OperationalError as DatabaseOperationalError
from kombu.exceptions import OperationalError

from ratings.models import RatingEvent
from tests.tournaments.helpers import legal_seat_data, running_round
from tournaments import services
from tournaments.models import TableResult

pytestmark = pytest.mark.django_db


def broker_down(*_args: object) -> None:
    raise OperationalError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")


def database_down(**_kwargs: object) -> None:
    raise DatabaseOperationalError("server closed the connection unexpectedly")


def test_sheets_are_accepted_while_the_broker_is_down_and_verified_by_the_sweep_later(
    user_client, monkeypatch, django_capture_on_commit_callbacks
) -> None:
    from rest_framework.test import APIClient

    _event, round_ = running_round()
    table = round_.tables.get()
    monkeypatch.setattr("tournaments.tasks.table_verify_task.delay", broker_down)
    for seat, data in zip(table.seats.order_by("position"), legal_seat_data(table, random.Random(3)), strict=True):
        client = APIClient()
        client.force_authenticate(seat.player.user)
        with django_capture_on_commit_callbacks(execute=True):
            response = client.post(f"/api/seats/{seat.pk}/sheets/", {"data": data}, format="json")
        assert response.status_code == 202
    assert TableResult.objects.get(table=table).status == "pending"
    monkeypatch.undo()
    assert services.table_sweep(older_than=timedelta(minutes=5)) == 0  # too recent to be called stuck
    TableResult.objects.filter(table=table).update(
        updated_at=TableResult.objects.get(table=table).updated_at - timedelta(minutes=10)
    )
    with django_capture_on_commit_callbacks(execute=True):
        assert services.table_sweep(older_than=timedelta(minutes=5)) == 1
    assert TableResult.objects.get(table=table).status == "verified"
    assert RatingEvent.objects.filter(source=f"table:{table.pk}").exists()


def test_the_sweep_rates_a_final_result_whose_rating_was_never_sent(
    monkeypatch, django_capture_on_commit_callbacks
) -> None:
    _event, round_ = running_round()
    table = round_.tables.get()
    # The worker verifies the table, then rating fails and the retry cannot be queued: the result is final, unrated.
    monkeypatch.setattr("tournaments.services.verification.tables_rate", database_down)
    monkeypatch.setattr("tournaments.tasks.tables_rate_task.delay", broker_down)
    for seat, data in zip(table.seats.order_by("position"), legal_seat_data(table, random.Random(4)), strict=True):
        with django_capture_on_commit_callbacks(execute=True):
            services.sheet_submit(seat_id=seat.pk, data=data, by=seat.player.user)
    assert not RatingEvent.objects.exists()
    monkeypatch.undo()
    TableResult.objects.update(updated_at=TableResult.objects.get().updated_at - timedelta(minutes=10))
    services.table_sweep(older_than=timedelta(minutes=5))
    assert RatingEvent.objects.filter(source=f"table:{table.pk}").exists()
    assert services.table_sweep(older_than=timedelta(minutes=5)) == 0
