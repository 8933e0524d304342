"""Divisions by rating within one event (issue 70, item 8): each player's division fixed by their rating when
they start to play, one seating, and each division's own standings (the event's order, ranked among its
players) on the API (`?division=`) and the standings page; the divisions checked naming the field."""

import random

import pytest
from django.test import Client
from hypothesis import given
from hypothesis import strategies as st

from ratings.models import Rating, RatingPool
from tests.factories import PlayerFactory
from tests.tournaments.helpers import play_round, register_and_check_in
from tournaments.services.clubs import organisation_create
from tournaments.services.divisions import division_of, divisions_as_lines, divisions_checked, divisions_from_lines
from tournaments.services.events import event_create, event_open_registration
from tournaments.services.registrations import registration_check_in, registration_create
from tournaments.services.rounds import event_start
from tournaments.standings import StandingRow, ranked_within

DIVISIONS = [{"name": "Open", "min": 20}, {"name": "Rising", "min": 5}, {"name": "New", "min": None}]


def test_divisions_are_checked_naming_the_division_and_read_one_a_line() -> None:
    from config.errors import DomainError

    cases = [
        ([{"name": "A", "min": 10}], "divisions"),
        ([{"name": "A", "min": 10}, {"name": "B", "min": 12}, {"name": "C", "min": None}], "divisions[1].min"),
        ([{"name": "A", "min": 10}, {"name": "B", "min": 3}], "divisions[1].min"),
        ([{"name": "A", "min": "ten"}, {"name": "B", "min": None}], "divisions[0].min"),
        ([{"name": "A", "min": 10}, {"name": "A", "min": None}], "divisions[1].name"),
    ]
    for divisions, field in cases:
        with pytest.raises(DomainError) as refused:
            divisions_checked(divisions)
        assert refused.value.field == field, divisions
    lines = "Open: 20\nRising: 5\nNew"
    assert divisions_from_lines(lines) == [{"name": "Open", "min": 20.0}, {"name": "Rising", "min": 5.0},
                                           {"name": "New", "min": None}]  # fmt: skip
    assert divisions_as_lines(divisions_from_lines(lines)) == lines
    assert [division_of(divisions_checked(DIVISIONS), r) for r in (25, 20, 19.9, 5, -3)] == [
        "Open", "Open", "Rising", "Rising", "New"]  # fmt: skip


@given(st.lists(st.integers(1, 6), min_size=1, max_size=30), st.integers(0, 2**16))
def test_the_divisions_standings_keep_the_events_order_and_its_ties(points, seed) -> None:
    """Every player is in one division; each division's rows are the event's in order, ranked 1, 2, ... among
    them, a tie of the event still a tie."""
    ordered = sorted(points, reverse=True)
    rows, rank = [], 0
    for i, value in enumerate(ordered):
        rank = rank if i and ordered[i - 1] == value else i + 1
        rows.append(StandingRow(handle=f"p{i}", rank=rank))
    rng = random.Random(seed)
    members = {row.handle for row in rows if rng.random() < 0.5}
    within = ranked_within(rows, members)
    assert [row.handle for _rank, row in within] == [row.handle for row in rows if row.handle in members]
    for position, (rank, row) in enumerate(within[1:], start=1):
        rank_before, row_before = within[position - 1]
        assert rank == (rank_before if row_before.rank == row.rank else position + 1)
    assert not within or within[0][0] == 1


@pytest.mark.django_db
def test_an_event_with_divisions_ranks_each_among_its_players_on_the_api_and_the_page(
    django_capture_on_commit_callbacks,
) -> None:
    owner = PlayerFactory()
    club = organisation_create(by=owner.user, slug="owls", name="Owls")
    event = event_create(organiser=owner.user, name="Open", game="boomerang-australia", organisation=club,
                         rounds_planned=1, divisions=DIVISIONS)  # fmt: skip
    event_open_registration(event=event, by=owner.user)
    players = [PlayerFactory() for _ in range(8)]
    pool, _ = RatingPool.objects.get_or_create(game="boomerang-australia")
    for player, mu in zip(players, (40, 38, 30, 29, 20, 18), strict=False):  # conservative: 34, 32, 24, 23, 14, 12
        Rating.objects.create(pool=pool, player=player.user, name=player.handle, mu=mu, sigma=2, conservative=mu - 6,
                              games=10)  # fmt: skip
    register_and_check_in(event, players)
    with django_capture_on_commit_callbacks(execute=True):
        round_ = event_start(event=event, by=owner.user)
    divisions = dict(event.registrations.values_list("player__handle", "division"))
    assert divisions == {
        **dict.fromkeys([p.handle for p in players[:4]], "Open"),
        **dict.fromkeys([p.handle for p in players[4:6]], "Rising"),
        **dict.fromkeys([p.handle for p in players[6:]], "New"),
    }  # fmt: skip (unrated: 0)
    assert round_.tables.count() == 2  # one seating for every division
    mine = Client()
    mine.force_login(players[5].user)
    assert "Division Rising" in mine.get(f"/events/{event.pk}/").content.decode()
    play_round(round_, owner.user, random.Random(5), django_capture_on_commit_callbacks)
    everyone = Client().get(f"/api/events/{event.pk}/standings/").json()["results"]
    rising = Client().get(f"/api/events/{event.pk}/standings/", {"division": "Rising"}).json()["results"]
    assert [row["player"] for row in rising] == [row["player"] for row in everyone
                                                 if divisions[row["player"]] == "Rising"]  # fmt: skip
    assert rising[0]["rank"] == 1
    refused = Client().get(f"/api/events/{event.pk}/standings/", {"division": "Elite"})
    assert (refused.status_code, refused.json()["field"]) == (400, "division")
    page = Client().get(f"/events/{event.pk}/standings/", {"division": "Rising"},
                        HTTP_ACCEPT_LANGUAGE="fr").content.decode()  # fmt: skip
    assert "Division Rising" in page
    assert players[0].handle not in page.split("<h1")[1]


@pytest.mark.django_db
def test_a_late_arrival_is_given_a_division_by_their_rating_when_they_check_in(django_capture_on_commit_callbacks):
    owner = PlayerFactory()
    club = organisation_create(by=owner.user, slug="owls", name="Owls")
    event = event_create(organiser=owner.user, name="Open", game="boomerang-australia", organisation=club,
                         rounds_planned=2, divisions=DIVISIONS, late_entry_until_round=2)  # fmt: skip
    event_open_registration(event=event, by=owner.user)
    register_and_check_in(event, [PlayerFactory() for _ in range(4)])
    with django_capture_on_commit_callbacks(execute=True):
        event_start(event=event, by=owner.user)
    late = PlayerFactory()
    pool, _ = RatingPool.objects.get_or_create(game="boomerang-australia")
    Rating.objects.create(pool=pool, player=late.user, name=late.handle, mu=40, sigma=2, conservative=34, games=9)
    registration = registration_create(event=event, player=late, at_the_door=True)
    registration_check_in(registration=registration, by=owner.user)
    registration.refresh_from_db()
    assert registration.division == "Open"
