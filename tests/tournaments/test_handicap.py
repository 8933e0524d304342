"""Handicap standings for a club night (issue 69, item 4): beside the real standings, players ranked by the
places they finished above what their ratings expected, so a newcomer who beats the club's best wins the
night's handicap; the organiser chooses whether to show it."""

import pytest
from django.test import Client
from django.utils import timezone
from hypothesis import given
from hypothesis import strategies as st

from ratings.models import Rating, RatingChange
from ratings.selectors.handicap import expected_places
from ratings.selectors.leaderboards import pool_of_game
from ratings.services.pools import Placing, match_record
from tests.factories import PlayerFactory
from tests.tournaments.helpers import table_with_sheets
from tournaments.verdicts import TableVerdict

RATINGS = st.tuples(st.floats(0, 50), st.floats(0.5, 10))


@given(st.lists(RATINGS, min_size=2, max_size=5), st.floats(1, 8))
def test_the_expected_places_of_a_table_sum_to_its_places_and_each_lies_between_1_and_n(priors, beta) -> None:
    places = expected_places(priors, beta)
    n = len(priors)
    assert sum(places) == pytest.approx(n * (n + 1) / 2)
    assert all(1 <= place <= n for place in places)


def test_equal_ratings_expect_the_middle_place_and_a_better_rating_a_better_one() -> None:
    assert expected_places([(25, 8)] * 4, 4) == pytest.approx([2.5] * 4)
    strong, *others = expected_places([(40, 1), (25, 8), (25, 8), (25, 8)], 4)
    assert strong < 1.5 < others[0]


@pytest.mark.django_db
def test_a_newcomer_who_beats_the_rated_players_tops_the_handicap_when_shown(django_capture_on_commit_callbacks):
    event, table, seats, _sheets = table_with_sheets("boomerang-australia", 4, 3, django_capture_on_commit_callbacks)
    verdict = TableVerdict.read(table.result.verdict)
    winner = min(verdict.seats, key=lambda seat: seat.rank).player
    dummies = [PlayerFactory() for _ in range(4)]
    match_record(game=event.game, source="table:elsewhere", order_at=timezone.now(),
                 placings=[Placing(p.user_id, p.handle, r) for r, p in enumerate(dummies, start=1)])  # fmt: skip
    pool = pool_of_game(game=event.game)
    for seat in seats:
        if seat.player.handle != winner:  # the club's best, well known to the pool when they sat down
            Rating.objects.update_or_create(pool=pool, player=seat.player.user, defaults={
                "name": seat.player.handle, "mu": 35, "sigma": 2, "conservative": 29, "games": 40})  # fmt: skip
            RatingChange.objects.filter(event__source=f"table:{table.pk}", player=seat.player.user).update(
                mu_before=35, sigma_before=2)  # fmt: skip
    path = f"/api/events/{event.pk}/handicap/"
    refused = Client().get(path)
    assert (refused.status_code, refused.json()["code"]) == (404, "handicap_not_shown")
    assert "Handicap standings" not in Client().get(f"/events/{event.pk}/standings/").content.decode()
    event.handicap_shown = True
    event.save(update_fields=["handicap_shown"])
    rows = Client().get(path).json()["rows"]
    assert next(row["player"] for row in rows) == winner
    first = rows[0]
    assert (first["place"], first["tables"], first["reached"]) == (1, 1, 1)
    assert first["expected"] == pytest.approx(3.49, abs=0.02)  # three players rated far above a newcomer
    assert first["beyond"] == pytest.approx(first["expected"] - first["reached"], abs=0.01)
    assert sum(row["expected"] for row in rows) == pytest.approx(10, abs=0.05)
    page = Client().get(f"/events/{event.pk}/standings/").content.decode()
    assert "Handicap standings" in page
    assert winner in page


@pytest.mark.django_db
def test_the_organiser_shows_the_handicap_from_the_event_form_and_the_api() -> None:
    from rest_framework.test import APIClient

    from tests.factories import EventFactory

    event = EventFactory(game="boomerang-australia")
    organiser = APIClient()
    organiser.force_authenticate(event.organisers.get())
    answer = organiser.patch(f"/api/events/{event.pk}/", {"handicap_shown": True}, format="json")
    assert (answer.status_code, answer.json()["handicap_shown"]) == (200, True), answer.content
    form = Client()
    form.force_login(event.organisers.get())
    assert "Show handicap standings" in form.get(f"/events/{event.pk}/edit/").content.decode()
