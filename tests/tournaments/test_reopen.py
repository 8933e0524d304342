"""An organiser re-opens a checked table so that its players correct their own sheets: the result stops
counting (and leaves the rating pool), the round runs again, and a corrected sheet is checked again."""

import random

import pytest
from django.test import Client

from config.errors import Conflict
from ratings.models import RatingEvent
from tests.tournaments.helpers import legal_seat_data, play_round, running_round
from tournaments.models import Round, TableResult
from tournaments.results.services.sheets import sheet_submit
from tournaments.results.services.verification import table_reopen
from tournaments.services.rounds import round_seat_next

pytestmark = pytest.mark.django_db


def test_a_reopened_table_stops_counting_until_a_corrected_sheet_is_checked(django_capture_on_commit_callbacks) -> None:
    event, round_ = running_round(players=4, rounds=2)
    organiser = event.organisers.get()
    Round.objects.filter(pk=round_.pk).update(status="seated")
    round_.refresh_from_db()
    play_round(round_, organiser, random.Random(3), django_capture_on_commit_callbacks)
    table = round_.tables.get()
    assert Round.objects.get(pk=round_.pk).status == "finished"
    assert RatingEvent.objects.filter(source=f"table:{table.pk}").exists()
    page = Client()
    page.force_login(organiser)
    assert "Re-open for corrections" in page.get(f"/tables/{table.pk}/").content.decode()
    refused = page.post(f"/events/{event.pk}/tables/{table.pk}/reopen/", {"reason": ""})
    assert refused.status_code == 302
    assert TableResult.objects.get(table=table).status == "verified"  # a reason is needed
    with django_capture_on_commit_callbacks(execute=True):
        page.post(f"/events/{event.pk}/tables/{table.pk}/reopen/", {"reason": "ann swapped two rows"})
    assert TableResult.objects.get(table=table).status == "waiting"
    assert Round.objects.get(pk=round_.pk).status == "running"
    assert not RatingEvent.objects.filter(source=f"table:{table.pk}").exists()
    seat = table.seats.order_by("position").first()
    data = legal_seat_data(table, random.Random(3))[0]
    with django_capture_on_commit_callbacks(execute=True):
        sheet_submit(seat_id=seat.pk, data=data, by=seat.player.user)  # the player's own correction
    assert TableResult.objects.get(table=table).status == "verified"
    assert Round.objects.get(pk=round_.pk).status == "finished"
    assert RatingEvent.objects.filter(source=f"table:{table.pk}").exists()


def test_a_table_cannot_be_reopened_once_the_next_round_is_seated(django_capture_on_commit_callbacks) -> None:
    event, round_ = running_round(players=4, rounds=2)
    organiser = event.organisers.get()
    Round.objects.filter(pk=round_.pk).update(status="seated")
    round_.refresh_from_db()
    play_round(round_, organiser, random.Random(4), django_capture_on_commit_callbacks)
    round_seat_next(event=event, by=organiser)
    with pytest.raises(Conflict, match="round 2 is seated"):
        table_reopen(table=round_.tables.get(), reason="late", by=organiser)
