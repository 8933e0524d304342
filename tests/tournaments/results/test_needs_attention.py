"""The organiser's "needs attention" list on the event page: rejected and contested tables and seats with no
sheet yet, with "enter the result", "check again" and "accept as it stands" (with a reason) in the pages."""

import random

import pytest
from django.test import Client

from tests.factories import PlayerFactory
from tests.tournaments.helpers import legal_seat_data, running_round
from tournaments.models import TableResult
from tournaments.results.services.sheets import sheet_submit

pytestmark = pytest.mark.django_db


@pytest.fixture
def night(django_capture_on_commit_callbacks):
    event, round_ = running_round(players=8)
    first, second = list(round_.tables.order_by("number"))
    seats = list(first.seats.order_by("position"))
    data = legal_seat_data(first, random.Random(5))
    data[0]["claimed_total"] += 4
    for seat, seat_data in zip(seats, data, strict=True):
        with django_capture_on_commit_callbacks(execute=True):
            sheet_submit(seat_id=seat.pk, data=seat_data, by=seat.player.user)
    waiting = list(second.seats.order_by("position"))
    with django_capture_on_commit_callbacks(execute=True):
        sheet_submit(seat_id=waiting[0].pk, data=legal_seat_data(second, random.Random(6))[0],
                              by=waiting[0].player.user)  # fmt: skip
    organiser = Client()
    organiser.force_login(event.organisers.get())
    return event, first, second, organiser


def test_the_list_names_the_rejected_table_its_problem_and_the_seats_missing_a_sheet(night) -> None:
    event, first, second, organiser = night
    page = organiser.get(f"/events/{event.pk}/").content.decode()
    attention = page.split('id="attention"')[1].split("</section>")[0]
    assert f"/tables/{first.pk}/" in attention
    assert "rejected" in attention
    missing = [s.player.handle for s in second.seats.order_by("position")][1:]
    assert all(handle in attention for handle in missing)
    assert f"/tables/{second.pk}/pad/" in attention  # enter the result


def test_players_do_not_see_the_list(night) -> None:
    event, first, _second, _organiser = night
    player = Client()
    player.force_login(first.seats.first().player.user)
    assert 'id="attention"' not in player.get(f"/events/{event.pk}/").content.decode()


def test_the_organiser_accepts_a_rejected_table_with_a_reason_from_the_page(night) -> None:
    event, first, _second, organiser = night
    assert organiser.post(f"/events/{event.pk}/tables/{first.pk}/accept/", {"reason": ""}).status_code == 302
    assert TableResult.objects.get(table=first).status == "rejected"  # a reason is needed
    organiser.post(f"/events/{event.pk}/tables/{first.pk}/accept/", {"reason": "checked the sheet by hand"})
    result = TableResult.objects.get(table=first)
    assert (result.status, result.override_reason) == ("overridden", "checked the sheet by hand")


def test_check_again_queues_the_table_and_a_player_cannot(night, django_capture_on_commit_callbacks) -> None:
    event, first, _second, organiser = night
    stranger = Client()
    stranger.force_login(PlayerFactory().user)
    stranger.post(f"/events/{event.pk}/tables/{first.pk}/recheck/")
    assert TableResult.objects.get(table=first).attempt == 1
    with django_capture_on_commit_callbacks(execute=True):
        organiser.post(f"/events/{event.pk}/tables/{first.pk}/recheck/")
    result = TableResult.objects.get(table=first)
    assert (result.attempt, result.status) == (2, "rejected")  # checked again: the same sheets, the same verdict
