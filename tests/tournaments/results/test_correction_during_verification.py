"""A correction that arrives while the table is being verified: the older verification is discarded."""

import random

import pytest

from tests.tournaments.helpers import legal_seat_data, running_round
from tournaments.models import ScoreSheet, TableResult
from tournaments.results.services.sheets import sheet_submit
from tournaments.results.services.verification import table_verify

pytestmark = pytest.mark.django_db


def test_a_correction_during_verification_wins_and_the_stale_verdict_is_dropped() -> None:
    _event, round_ = running_round()
    table = round_.tables.get()
    seats, data = list(table.seats.order_by("position")), legal_seat_data(table, random.Random(12))
    data[0]["claimed_total"] += 5
    for seat, seat_data in zip(seats, data, strict=True):
        sheet_submit(seat_id=seat.pk, data=seat_data, by=seat.player.user)
    assert TableResult.objects.get(table=table).attempt == 1
    TableResult.objects.filter(table=table).update(status="verifying")  # a worker has claimed attempt 1 ...
    data[0]["claimed_total"] -= 5
    sheet_submit(seat_id=seats[0].pk, data=data[0], by=seats[0].player.user)  # ... when the fix arrives
    assert table_verify(table_id=table.pk, attempt=1) is None  # the stale worker's verdict is dropped
    assert TableResult.objects.get(table=table).status == "pending"
    result = table_verify(table_id=table.pk, attempt=2)
    assert result is not None
    assert (result.status, result.attempt) == ("verified", 2)
    assert ScoreSheet.objects.get(seat=seats[0], version=2).status == "verified"
    assert table_verify(table_id=table.pk, attempt=2) is None  # a redelivery does nothing


def test_a_correction_landing_while_the_engine_runs_discards_the_old_verdict(monkeypatch) -> None:
    import games

    _event, round_ = running_round()
    table = round_.tables.get()
    seats, data = list(table.seats.order_by("position")), legal_seat_data(table, random.Random(13))
    wrong = {**data[1], "claimed_total": data[1]["claimed_total"] + 7}
    for seat, seat_data in zip(seats, [data[0], wrong, *data[2:]], strict=True):
        sheet_submit(seat_id=seat.pk, data=seat_data, by=seat.player.user)
    real_verify = games.verify_table

    def verify_while_a_correction_lands(sheet, edition, dealt=None, deal=None):
        verdict = real_verify(sheet, edition, dealt, deal)
        sheet_submit(seat_id=seats[1].pk, data=data[1], by=seats[1].player.user)
        return verdict

    monkeypatch.setattr("tournaments.results.services.verification.games.verify_table", verify_while_a_correction_lands)
    assert table_verify(table_id=table.pk, attempt=1) is None
    assert TableResult.objects.get(table=table).status == "pending"
    assert TableResult.objects.get(table=table).attempt == 2
    monkeypatch.setattr("tournaments.results.services.verification.games.verify_table", real_verify)
    assert table_verify(table_id=table.pk, attempt=2).status == "verified"
