"""docs/adding-a-game.md, proven: a game defined in one test-only module (tests/toy/throw.py) and
registered in `games.GAMES` gets the API, its score pad, verification, standings and ratings, with no
change outside its own module."""

import random

import pytest
from django.test import Client

import games
from games.simulate import legal_sheet
from ratings.selectors.leaderboards import leaderboard, pool_of_game
from tests.factories import PlayerFactory, UserFactory
from tests.toy import throw
from tournaments.models import Event, TableResult
from tournaments.results.services.closing import event_close
from tournaments.services.events import event_open_registration
from tournaments.services.registrations import registration_check_in, registration_create
from tournaments.services.rounds import event_start, round_start

pytestmark = pytest.mark.django_db


@pytest.fixture
def throw_registered(monkeypatch):
    monkeypatch.setitem(games.GAMES, throw.GAME, throw.THROW)
    return throw.THROW


def test_the_simulator_and_the_engine_work_through_the_registry(throw_registered) -> None:
    sheet = legal_sheet(throw.GAME, 3, random.Random(2))
    verdict = games.verify_table(sheet)
    assert verdict.valid
    assert sorted(s.total for s in verdict.seats) == sorted(seat["metres"] for seat in sheet["seats"])
    refused = games.verify_table(
        {"game": throw.GAME, "seats": [{"player": "a", "metres": 101}, {"player": "b", "metres": 5}]}
    )
    assert refused.problem_codes() == ["out_of_range"]


def test_a_whole_event_of_the_new_game_is_played_on_its_pad_ranked_and_rated(
    throw_registered, django_capture_on_commit_callbacks
) -> None:
    organiser = PlayerFactory()
    api = Client()
    api.force_login(organiser.user)
    created = api.post(
        "/api/events/", {"name": "Throw night", "game": throw.GAME, "rounds_planned": 1, "rated": True},
        content_type="application/json",
    )  # fmt: skip
    assert created.status_code == 201, created.content
    event = Event.objects.get(pk=created.json()["id"])
    event_open_registration(event=event, by=organiser.user)
    players = [PlayerFactory() for _ in range(4)]
    for player in players:
        registration = registration_create(event=event, player=player)
        registration_check_in(registration=registration, by=player.user)
    round_ = event_start(event=event, by=organiser.user)
    round_start(round_=round_, by=organiser.user)
    table = round_.tables.get()
    seats = list(table.seats.select_related("player__user").order_by("position"))

    keeper = Client()
    keeper.force_login(seats[0].player.user)
    page = keeper.get(f"/tables/{table.pk}/pad/")
    assert page.status_code == 200
    assert 'name="metres-0"' in page.content.decode()
    assert "For each player: the length of their throw, in metres." in page.content.decode()
    metres = {seat.player.handle: 10 * (i + 1) for i, seat in enumerate(seats)}  # the last seat throws furthest
    form = {f"metres-{i}": str(metres[seat.player.handle]) for i, seat in enumerate(seats)}
    checked = keeper.post(f"/tables/{table.pk}/pad/", {**form, "action": "check"})
    assert f'data-total="{seats[3].player.handle}">40<' in checked.content.decode()
    with django_capture_on_commit_callbacks(execute=True):  # the verification and rating tasks run here
        submitted = keeper.post(f"/tables/{table.pk}/pad/", {**form, "action": "submit"})
    assert submitted.status_code == 302
    assert TableResult.objects.get(table=table).status == "verified"

    event_close(event=event, by=organiser.user)
    unrated = pool_of_game(game=throw.GAME)
    assert unrated is None or not list(leaderboard(pool=unrated))  # a new club's event waits for a steward
    steward = Client()
    steward.force_login(UserFactory(is_superuser=True, is_staff=True))
    sanctioned = steward.post(
        f"/api/events/{event.pk}/sanction/", {"reason": "club night, seen played"}, content_type="application/json"
    )
    assert sanctioned.status_code == 200, sanctioned.content
    standings = api.get(f"/api/events/{event.pk}/standings/").json()
    rows = standings["results"] if isinstance(standings, dict) else standings
    assert [row["player"] for row in rows] == [s.player.handle for s in reversed(seats)]
    pool = pool_of_game(game=throw.GAME)
    assert pool is not None
    board = list(leaderboard(pool=pool))
    assert len(board) == 4
    assert board[0].player_id == seats[3].player.user_id  # the longest throw leads the new game's pool
    assert api.get(f"/events/{event.pk}/").status_code == 200
    assert "Throw (practice, test-only)" in api.get(f"/events/{event.pk}/").content.decode()
