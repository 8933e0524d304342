"""Events in phases (issue 57, item 3): Swiss rounds, then a cut to the top N into a later phase of its own
rounds and points; only those N are seated in it; the qualified take places 1..N by the later phase, everyone
else keeps their order of the first phase; season points follow the places."""

import random
from datetime import date

import pytest
from django.test import Client

from tests.factories import EventFactory, PlayerFactory
from tests.tournaments.helpers import play_round, register_and_check_in
from tournaments.models import EventPlace, Seat, Staff
from tournaments.results.services.closing import event_close
from tournaments.seasons.selectors import season_standings
from tournaments.seasons.services import season_create, season_event_add
from tournaments.selectors.events import event_standings
from tournaments.services.rounds import event_start, round_seat_next

pytestmark = pytest.mark.django_db


def test_an_event_with_a_cut_to_the_top_8_seats_only_those_8_in_its_later_phase(
    django_capture_on_commit_callbacks,
) -> None:
    event = EventFactory(game="boomerang-australia", capacity=16, rounds_planned=4, cut_size=8, cut_after_round=2)
    organiser = event.organisers.get()
    Staff.objects.create(organisation=event.organisation, user=organiser, role="owner")
    season = season_create(by=organiser, organisation=event.organisation, name="Circuit", game=event.game,
                           starts_on=date(2020, 1, 1), ends_on=date(2035, 1, 1), best_of=1)  # fmt: skip
    season_event_add(season=season, by=organiser, event=event)
    register_and_check_in(event, [PlayerFactory() for _ in range(16)])
    rng = random.Random(3)
    round_ = event_start(event=event, by=organiser)
    play_round(round_, organiser, rng, django_capture_on_commit_callbacks)
    round_ = round_seat_next(event=event, by=organiser)
    play_round(round_, organiser, rng, django_capture_on_commit_callbacks)
    after_phase_one = [row.handle for row in event_standings(event=event)]
    top, rest = after_phase_one[:8], after_phase_one[8:]
    for number in (3, 4):
        round_ = round_seat_next(event=event, by=organiser)
        seated = set(Seat.objects.filter(table__round=round_).values_list("player__handle", flat=True))
        assert seated == set(top), number
        play_round(round_, organiser, rng, django_capture_on_commit_callbacks)
    event_close(event=event, by=organiser)
    rows = event_standings(event=event)
    assert {row.handle for row in rows[:8]} == set(top)
    assert [row.handle for row in rows[8:]] == rest  # the others keep their order of the first phase
    assert rows[8].rank >= 9
    places = dict(EventPlace.objects.filter(event=event).values_list("player__handle", "place"))
    assert all(places[handle] <= 8 for handle in top)
    assert all(places[handle] >= 9 for handle in rest)
    first_phase = Client().get(f"/api/events/{event.pk}/standings/?phase=1").json()["results"]
    assert [row["player"] for row in first_phase] == after_phase_one  # the first phase as the cut read it
    assert Client().get(f"/api/events/{event.pk}/standings/?phase=2").json()["field"] == "phase"
    page = Client(HTTP_ACCEPT_LANGUAGE="fr").get(f"/events/{event.pk}/standings/").content.decode()
    assert "Première phase (rondes 1 à 2)" in page
    points = {row.player: row.points for row in season_standings(season=season)}
    winner = rows[0].handle
    assert points[winner] == max(points.values())
    assert points[rest[-1]] <= min(points[handle] for handle in top)
