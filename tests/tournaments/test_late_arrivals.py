"""A late arrival is seated in the round at hand where a table can take them (issue 54, item 2): a table below
the game's largest size takes them before the round starts; when none can, or the round is being played, they
play from the next round; the page says which."""

import pytest
from django.test import Client

from tests.factories import EventFactory, PlayerFactory
from tests.tournaments.helpers import register_and_check_in
from tournaments.models import Registration, Seat
from tournaments.services.registrations import registration_create
from tournaments.services.rounds import event_start, round_start

pytestmark = pytest.mark.django_db


def test_a_latecomer_sits_at_the_table_of_three_and_the_next_one_waits_for_round_2() -> None:
    event = EventFactory(game="boomerang-australia", capacity=16, rounds_planned=3)
    organiser = event.organisers.get()
    register_and_check_in(event, [PlayerFactory() for _ in range(7)])
    round_ = event_start(event=event, by=organiser)
    sizes = sorted(table.seats.count() for table in round_.tables.all())
    assert sizes == [3, 4]
    page = Client()
    page.force_login(organiser)
    late, later = PlayerFactory(), PlayerFactory()
    for player in (late, later):
        registration_create(event=event, player=player)  # late entry is open until round 2 is seated
    first = Registration.objects.get(event=event, player=late)
    answer = page.post(f"/events/{event.pk}/registrations/{first.pk}/check-in/", follow=True).content.decode()
    seat = Seat.objects.get(table__round=round_, player=late)
    assert f"{late.handle} plays at table {seat.table.number} in round 1." in answer
    assert sorted(table.seats.count() for table in round_.tables.all()) == [4, 4]
    second = Registration.objects.get(event=event, player=later)
    answer = page.post(f"/events/{event.pk}/registrations/{second.pk}/check-in/", follow=True).content.decode()
    assert f"{later.handle} plays from round 2: no table of this round can take one more." in answer
    assert not Seat.objects.filter(player=later).exists()


def test_a_round_being_played_takes_nobody() -> None:
    event = EventFactory(game="boomerang-australia", capacity=16, rounds_planned=3)
    organiser = event.organisers.get()
    register_and_check_in(event, [PlayerFactory() for _ in range(7)])
    round_start(round_=event_start(event=event, by=organiser), by=organiser)
    late = PlayerFactory()
    register_and_check_in(event, [late])
    assert not Seat.objects.filter(player=late).exists()


def _event_with_round_2_seated(django_capture_on_commit_callbacks):
    import random

    from tests.tournaments.helpers import play_round
    from tournaments.services.rounds import round_seat_next

    event = EventFactory(game="boomerang-australia", capacity=16, rounds_planned=4)
    organiser = event.organisers.get()
    register_and_check_in(event, [PlayerFactory() for _ in range(7)])  # tables of 4 and 3
    play_round(event_start(event=event, by=organiser), organiser, random.Random(5), django_capture_on_commit_callbacks)
    round_2 = round_seat_next(event=event, by=organiser)
    return event, organiser, round_2


@pytest.mark.embedded
def test_post_of_a_door_guest_to_a_running_event_with_default_settings_succeeds(
    django_capture_on_commit_callbacks,
) -> None:
    from rest_framework.test import APIClient

    event, organiser, round_2 = _event_with_round_2_seated(django_capture_on_commit_callbacks)
    assert event.late_entry_until_round == 2  # the default: self-service late entry ended with round 2 seated
    round_start(round_=round_2, by=organiser)
    api = APIClient()
    api.force_authenticate(organiser)
    answer = api.post(f"/api/events/{event.pk}/guests/", {"handle": "Latecomer"}, format="json")
    assert answer.status_code == 201, answer.content
    assert answer.json()["plays_from_round"] == 3
    registration = Registration.objects.get(event=event, player__handle="Latecomer")
    assert registration.status == Registration.Status.CHECKED_IN
    player = PlayerFactory()  # self-service keeps its setting
    refused = APIClient()
    refused.force_authenticate(player.user)
    assert refused.post(f"/api/events/{event.pk}/registrations/", {}, format="json").status_code == 409
    answer = api.post(f"/api/events/{event.pk}/registrations/", {"player": player.handle}, format="json")
    assert answer.status_code == 201, answer.content  # the organiser enters a replacement


def test_the_organisers_guest_form_on_a_running_event_says_from_which_round(django_capture_on_commit_callbacks) -> None:
    event, organiser, round_2 = _event_with_round_2_seated(django_capture_on_commit_callbacks)
    page = Client()
    page.force_login(organiser)
    answer = page.post(f"/events/{event.pk}/entrants/", {"handle": "DoorGuest", "name": "", "email": ""}, follow=True)
    text = answer.content.decode()
    seat = Seat.objects.filter(player__handle="DoorGuest").select_related("table__round").first()
    assert seat is not None
    assert seat.table.round == round_2  # the round seated, not started, took them
    assert "DoorGuest is entered as a guest and plays from round 2." in text
