"""A night ends when the room says so (issue 54, item 1): an event closes after any finished round, with its
standings, places, season points and (sanctioned) ratings from the rounds played; a round seated but not
started is cancelled, one being played must finish first; planned rounds are added or removed while it runs."""

import random

import pytest
from django.core import mail
from django.test import Client

from ratings.models import RatingEvent
from tests.tournaments.helpers import season_night
from tournaments.models import EventPlace, Round
from tournaments.results.services.closing import event_close
from tournaments.seasons.models import SeasonStanding
from tournaments.services.accounts import token_for_login
from tournaments.services.rounds import round_seat_next, round_start

pytestmark = pytest.mark.django_db


def test_a_night_closed_after_round_2_of_4_has_places_season_points_and_ratings(
    django_capture_on_commit_callbacks,
) -> None:
    event, owner = season_night(django_capture_on_commit_callbacks, rounds_played=2)
    with django_capture_on_commit_callbacks(execute=True):
        closed = event_close(event=event, by=owner)
    assert closed.status == "finished"
    assert EventPlace.objects.filter(event=event).count() == 4
    assert SeasonStanding.objects.filter(season__season_events__event=event).count() == 4
    assert RatingEvent.objects.filter(kind="match").count() == 2  # one table a round, both rated
    page = Client().get(f"/events/{event.pk}/").content.decode()
    assert "2 of 4 played: the night ended early" in page
    results = [m for m in mail.outbox if "the results" in m.subject]
    assert results  # issue 66, item 11: the results e-mail says the night ended early
    assert all("The night ended after round 2 of 4" in m.body for m in results)


def test_a_round_seated_but_not_started_is_cancelled_by_the_close(django_capture_on_commit_callbacks) -> None:
    event, owner = season_night(django_capture_on_commit_callbacks, rounds_played=2)
    round_seat_next(event=event, by=owner)  # round 3 seated, never started
    organiser = Client()
    organiser.force_login(owner)
    page = organiser.get(f"/events/{event.pk}/").content.decode()
    assert "End the night after round 2" in page
    assert "2 of 4 rounds played" in page
    with django_capture_on_commit_callbacks(execute=True):
        event_close(event=event, by=owner)
    assert list(Round.objects.filter(event=event).values_list("number", flat=True)) == [1, 2]
    assert EventPlace.objects.filter(event=event).count() == 4


def test_a_round_being_played_must_finish_before_the_close(django_capture_on_commit_callbacks) -> None:
    event, owner = season_night(django_capture_on_commit_callbacks, rounds_played=1)
    round_start(round_=round_seat_next(event=event, by=owner), by=owner)
    client = Client(headers={"Authorization": f"Bearer {token_for_login(user=owner)}"})
    refused = client.post(f"/api/events/{event.pk}/close/")
    assert (refused.status_code, refused.json()["code"]) == (409, "rounds_to_play")
    event.refresh_from_db()
    assert event.status == "running"


def test_nothing_played_nothing_to_close(django_capture_on_commit_callbacks) -> None:
    event, owner = season_night(django_capture_on_commit_callbacks, rounds_played=0)
    client = Client(headers={"Authorization": f"Bearer {token_for_login(user=owner)}"})
    assert client.post(f"/api/events/{event.pk}/close/").status_code == 409


def test_planned_rounds_move_while_the_event_runs_never_below_those_seated(
    django_capture_on_commit_callbacks,
) -> None:
    event, owner = season_night(django_capture_on_commit_callbacks, rounds_played=2)
    client = Client(headers={"Authorization": f"Bearer {token_for_login(user=owner)}"})
    path = f"/api/events/{event.pk}/rounds-planned/"
    assert client.post(path, {"rounds_planned": 6}, content_type="application/json").json()["rounds_planned"] == 6
    refused = client.post(path, {"rounds_planned": 1}, content_type="application/json")
    assert (refused.status_code, refused.json()["field"]) == (400, "rounds_planned")
    assert client.post(path, {"rounds_planned": 2}, content_type="application/json").status_code == 200
    event.refresh_from_db()
    assert event.rounds_planned == 2
    page = Client().get(f"/events/{event.pk}/").content.decode()
    assert "2 of 2" not in page  # all planned rounds played: no early end to tell


def test_the_french_page_asks_in_french(django_capture_on_commit_callbacks) -> None:
    event, owner = season_night(django_capture_on_commit_callbacks, rounds_played=2)
    organiser = Client(headers={"Accept-Language": "fr"})
    organiser.force_login(owner)
    page = organiser.get(f"/events/{event.pk}/").content.decode()
    assert "Terminer la soirée après la ronde 2" in page


def test_an_event_does_not_close_while_a_correction_is_being_checked(django_capture_on_commit_callbacks) -> None:
    """Issue 53, item 18: a table of an earlier round corrected, its verdict not yet back (the worker away):
    the close waits for it, and the page offers no button the close would then refuse."""
    from tests.tournaments.helpers import legal_seat_data
    from tournaments.models import Table, TableResult
    from tournaments.results.services.sheets import table_sheets_submit

    event, owner = season_night(django_capture_on_commit_callbacks, rounds_played=2)
    first = Table.objects.get(round__event=event, round__number=1)
    with django_capture_on_commit_callbacks(execute=False) as queued:  # the worker is away
        table_sheets_submit(table=first, seats=legal_seat_data(first, random.Random(77)), by=owner)
    assert TableResult.objects.get(table=first).status == "pending"
    organiser = Client()
    organiser.force_login(owner)
    assert "End the night after round" not in organiser.get(f"/events/{event.pk}/").content.decode()
    client = Client(headers={"Authorization": f"Bearer {token_for_login(user=owner)}"})
    refused = client.post(f"/api/events/{event.pk}/close/")
    assert (refused.status_code, refused.json()["code"]) == (409, "rounds_to_play")
    with django_capture_on_commit_callbacks(execute=True):
        for callback in queued:  # the worker is back: the verdict arrives
            callback()
    assert TableResult.objects.get(table=first).status == "verified"
    with django_capture_on_commit_callbacks(execute=True):
        assert event_close(event=event, by=owner).status == "finished"
