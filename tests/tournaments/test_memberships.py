"""Members of a club (dated) and players' countries; the leaderboards filter on both, and a club's board
counts a table only when the player was a member on the day it was played."""

from datetime import UTC, date, datetime, timedelta

import pytest
from django.test import Client

from ratings.services.pools import Placing, match_record
from tests.factories import PlayerFactory
from tournaments.models import Membership
from tournaments.services.clubs import membership_add, membership_end, organisation_create, player_country_set

pytestmark = pytest.mark.django_db
GAME = "boomerang-australia"


def client_of(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def post(client: Client, url: str, body: dict):
    return client.post(url, body, content_type="application/json")


@pytest.fixture
def club():
    owner = PlayerFactory()
    return organisation_create(by=owner.user, slug="owls", name="Owls"), owner


def test_staff_enrol_members_a_player_leaves_and_others_cannot(club) -> None:
    _organisation, owner = club
    ann, stranger = PlayerFactory(), PlayerFactory()
    refused = post(client_of(stranger.user), "/api/organisations/owls/members/", {"player": ann.handle})
    assert (refused.status_code, refused.json()["code"]) == (403, "not_staff")
    added = post(
        client_of(owner.user), "/api/organisations/owls/members/", {"player": ann.handle, "joined_on": "2026-01-05"}
    )
    assert added.status_code == 201, added.content
    assert added.json() == {"organisation": "owls", "player": ann.handle, "joined_on": "2026-01-05", "left_on": None}
    again = post(client_of(owner.user), "/api/organisations/owls/members/", {"player": ann.handle})
    assert (again.status_code, again.json()["code"]) == (409, "already_member")
    early = post(client_of(ann.user), f"/api/organisations/owls/members/{ann.handle}/leave/", {"left_on": "2025-12-31"})
    assert (early.status_code, early.json()["field"]) == (400, "left_on")
    left = post(client_of(ann.user), f"/api/organisations/owls/members/{ann.handle}/leave/", {"left_on": "2026-06-30"})
    assert left.json()["left_on"] == "2026-06-30"
    assert Membership.objects.get().left_on == date(2026, 6, 30)


def test_a_player_sets_their_country_with_a_two_letter_code() -> None:
    player = PlayerFactory()
    client = client_of(player.user)
    bad = client.patch("/api/me/", {"country": "France"}, content_type="application/json")
    assert bad.status_code == 400
    good = client.patch("/api/me/", {"country": "fr"}, content_type="application/json")
    assert good.json()["country"] == "FR"


def at(day: date) -> datetime:
    return datetime(day.year, day.month, day.day, 20, tzinfo=UTC)


def test_a_clubs_leaderboard_counts_only_the_tables_its_members_played_as_members(club) -> None:
    organisation, owner = club
    ann, bob, cy = (PlayerFactory() for _ in range(3))
    start = date(2026, 3, 1)
    for n in range(6):  # six tables, one a week: ann always first, bob second, cy third
        placings = [Placing(p.user_id, p.handle, rank) for rank, p in enumerate((ann, bob, cy), start=1)]
        match_record(game=GAME, source=f"table:{n}", order_at=at(start + timedelta(weeks=n)), placings=placings)
    membership_add(organisation=organisation, by=owner.user, player=ann, joined_on=start + timedelta(weeks=2))
    membership_add(organisation=organisation, by=owner.user, player=bob, joined_on=start)
    membership_end(organisation=organisation, by=bob.user, player=bob, left_on=start + timedelta(weeks=1))
    board = Client().get(f"/api/ratings/pools/{GAME}/leaderboard/?club=owls").json()["results"]
    assert [(row["handle"], row["games"]) for row in board] == [(ann.handle, 4), (bob.handle, 2)]  # cy never joined
    whole = {row["handle"]: row for row in Client().get(f"/api/ratings/pools/{GAME}/leaderboard/").json()["results"]}
    assert board[0]["conservative"] == pytest.approx(whole[ann.handle]["conservative"])  # ann is still a member
    assert board[1]["conservative"] < whole[bob.handle]["conservative"]  # bob's rating as he left, two tables in
    csv = Client().get(f"/api/ratings/pools/{GAME}/leaderboard/?club=owls&format=csv").content.decode()
    assert ann.handle in csv
    assert cy.handle not in csv


def test_a_country_leaderboard_lists_that_countrys_players(club) -> None:
    ann, bob = PlayerFactory(), PlayerFactory()
    player_country_set(player=ann, by=ann.user, country="BE")
    placings = [Placing(ann.user_id, ann.handle, 1), Placing(bob.user_id, bob.handle, 2)]
    match_record(game=GAME, source="table:1", order_at=at(date(2026, 3, 1)), placings=placings)
    board = Client().get(f"/api/ratings/pools/{GAME}/leaderboard/?country=be").json()["results"]
    assert [row["handle"] for row in board] == [ann.handle]
    both = Client().get(f"/api/ratings/pools/{GAME}/leaderboard/?country=BE&club=owls").json()["results"]
    assert both == []  # ann is no member of the owls


def test_the_club_page_lists_its_members_and_their_board_and_staff_enrol_from_it(club) -> None:
    organisation, owner = club
    ann = PlayerFactory()
    page = client_of(owner.user)
    page.post("/clubs/owls/members/", {"player": ann.handle})
    assert Membership.objects.get(organisation=organisation).player == ann
    placings = [Placing(ann.user_id, ann.handle, 1), Placing(owner.user_id, owner.handle, 2)]
    match_record(game=GAME, source="table:1", order_at=datetime.now(UTC), placings=placings)
    shown = Client().get("/clubs/owls/").content.decode()
    assert "Members" in shown
    assert f'href="/players/{ann.handle}/"' in shown
    assert owner.handle not in shown.split("Our players")[1].split("Members")[0]  # not a member: not on the board
    board = Client().get(f"/leaderboards/{GAME}/?club=owls").content.decode()
    assert ann.handle in board
    assert f">{owner.handle}<" not in board
    stranger = client_of(PlayerFactory().user)
    stranger.post("/clubs/owls/members/", {"player": owner.handle})
    assert Membership.objects.count() == 1
