"""With the broker down a sheet is still stored and answered 202; the sweep dispatches it once it is back."""

import random
from datetime import timedelta

import pytest
from django.db import OperationalError as DatabaseOperationalError
from kombu.exceptions import OperationalError

from ratings.models import RatingEvent
from tests.tournaments.helpers import legal_seat_data, running_round
from tournaments.models import TableResult
from tournaments.results.services.sheets import sheet_submit
from tournaments.results.services.verification import table_sweep, table_verify

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
    monkeypatch.setattr("tournaments.results.tasks.table_verify_task.delay", broker_down)
    for seat, data in zip(table.seats.order_by("position"), legal_seat_data(table, random.Random(3)), strict=True):
        client = APIClient()
        client.force_authenticate(seat.player.user)
        with django_capture_on_commit_callbacks(execute=True):
            response = client.post(f"/api/seats/{seat.pk}/sheets/", {"data": data}, format="json")
        assert response.status_code == 202
    assert TableResult.objects.get(table=table).status == "pending"
    monkeypatch.undo()
    assert table_sweep(older_than=timedelta(minutes=5)) == 0  # too recent to be called stuck
    TableResult.objects.filter(table=table).update(
        updated_at=TableResult.objects.get(table=table).updated_at - timedelta(minutes=10)
    )
    with django_capture_on_commit_callbacks(execute=True):
        assert table_sweep(older_than=timedelta(minutes=5)) == 1
    assert TableResult.objects.get(table=table).status == "verified"
    assert RatingEvent.objects.filter(source=f"table:{table.pk}").exists()


def test_a_verification_whose_rating_fails_keeps_no_verdict_and_the_sweep_verifies_and_rates_it_later(
    monkeypatch, django_capture_on_commit_callbacks
) -> None:
    """The verdict and the rating are written in one transaction (services/results.py): a rating that fails
    takes the verdict with it, so no result is ever final and unrated; the table stays in the queue."""
    _event, round_ = running_round()
    table = round_.tables.get()
    monkeypatch.setattr("tournaments.results.services.verification.dispatch", lambda *args: True)  # the task waits
    for seat, data in zip(table.seats.order_by("position"), legal_seat_data(table, random.Random(4)), strict=True):
        with django_capture_on_commit_callbacks(execute=True):
            sheet_submit(seat_id=seat.pk, data=data, by=seat.player.user)
    monkeypatch.setattr("tournaments.results.services.pipeline.tables_rate", database_down)
    with pytest.raises(DatabaseOperationalError):
        table_verify(table_id=table.pk, attempt=1)
    assert TableResult.objects.get(table=table).status in TableResult.QUEUED
    assert not RatingEvent.objects.exists()
    monkeypatch.undo()
    TableResult.objects.update(updated_at=TableResult.objects.get().updated_at - timedelta(minutes=10))
    with django_capture_on_commit_callbacks(execute=True):
        assert table_sweep(older_than=timedelta(minutes=5)) == 1
    assert TableResult.objects.get(table=table).status == "verified"
    assert RatingEvent.objects.filter(source=f"table:{table.pk}").exists()
    assert table_sweep(older_than=timedelta(minutes=5)) == 0
