"""Official rating lists: a steward publishes a frozen snapshot of a pool; a later correction changes the
live ratings (a replay) but never a published list, whose page says how many ratings moved since."""

from datetime import UTC, datetime, timedelta

import pytest
from django.test import Client

from config.errors import Conflict
from ratings.models import RatingList
from ratings.services.lists import list_publish, lists_publish_monthly
from ratings.services.pools import Placing, match_record, pool_get
from tests.factories import OrganisationFactory, PlayerFactory, UserFactory
from tournaments.models import RatingBody, Staff

pytestmark = [pytest.mark.django_db, pytest.mark.embedded]
GAME = "boomerang-australia"
T0 = datetime(2026, 10, 1, 20, tzinfo=UTC)


def post(client: Client, url: str, body: dict):
    return client.post(url, body, content_type="application/json")


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def table_of_three():
    players = [PlayerFactory() for _ in range(3)]
    placings = [Placing(p.user_id, p.handle, rank) for rank, p in enumerate(players, start=1)]
    match_record(game=GAME, source="table:1", order_at=T0, placings=placings)
    return players


def test_only_stewards_publish_and_a_list_stays_frozen_through_a_correction(table_of_three) -> None:
    ann, bob, cy = table_of_three
    federation = OrganisationFactory(kind="federation")
    RatingBody.objects.create(game=GAME, organisation=federation)
    steward = PlayerFactory()
    Staff.objects.create(organisation=federation, user=steward.user, role="organiser")
    url = f"/api/ratings/pools/{GAME}/lists/"
    assert post(Client(), url, {"name": "2026-10"}).status_code in (401, 403)
    assert post(signed_in(ann.user), url, {"name": "2026-10"}).status_code == 403
    published = post(signed_in(steward.user), url, {"name": "2026-10"})
    assert published.status_code == 201, published.content
    list_id = published.json()["id"]
    assert post(signed_in(steward.user), url, {"name": "2026-10"}).status_code == 409
    first = Client().get(f"/api/ratings/lists/{list_id}/").json()
    assert [(e["handle"], e["rank"]) for e in first["entries"]] == [(ann.handle, 1), (bob.handle, 2), (cy.handle, 3)]
    assert first["moved_since"] == 0
    # A correction: the table's result changes (cy won); the pool replays, the list does not move.
    corrected = [
        Placing(cy.user_id, cy.handle, 1),
        Placing(bob.user_id, bob.handle, 2),
        Placing(ann.user_id, ann.handle, 3),
    ]
    match_record(game=GAME, source="table:1", order_at=T0, placings=corrected)
    again = Client().get(f"/api/ratings/lists/{list_id}/").json()
    assert again["entries"] == first["entries"]
    assert again["moved_since"] == 2  # ann and cy moved; bob's second place is the same rating
    newcomers = [PlayerFactory() for _ in range(3)]  # rated after the list: not on it, so none of its moves
    later = [Placing(p.user_id, p.handle, rank) for rank, p in enumerate(newcomers, start=1)]
    match_record(game=GAME, source="table:2", order_at=T0 + timedelta(days=1), placings=later)
    assert Client().get(f"/api/ratings/lists/{list_id}/").json()["moved_since"] == 2
    page = Client().get(f"/ratings/lists/{list_id}/").content.decode()
    assert "2 ratings have moved since." in page
    assert "place 1" in Client().get(f"/players/{ann.handle}/").content.decode()


def test_the_monthly_schedule_publishes_each_pool_once_for_the_month_just_ended(table_of_three) -> None:
    now = datetime(2026, 11, 1, 3, tzinfo=UTC)
    assert lists_publish_monthly(now=now) == 1
    assert lists_publish_monthly(now=now + timedelta(hours=1)) == 0
    assert list(RatingList.objects.values_list("name", "published_by")) == [("2026-10", "schedule (monthly)")]


def test_equal_ratings_share_a_rank(table_of_three) -> None:
    ann, bob, _cy = table_of_three
    match_record(
        game=GAME, source="table:2", order_at=T0 + timedelta(days=1),
        placings=[Placing(ann.user_id, ann.handle, 1), Placing(bob.user_id, bob.handle, 1)],
    )  # fmt: skip
    rating_list = list_publish(game=GAME, name="tied", actor=UserFactory().username)
    ranks = [entry.rank for entry in rating_list.entries.order_by("rank", "id")]
    assert ranks == sorted(ranks)
    assert ranks[0] == 1


def test_equal_conservative_ratings_share_the_first_of_their_places_and_a_name_is_published_once() -> None:
    from ratings.models import Rating

    pool = pool_get(game=GAME)
    players = [PlayerFactory() for _ in range(5)]
    for player, (mu, sigma) in zip(players, [(30, 2), (27, 1), (30, 3), (30, 3), (20, 1)], strict=True):
        Rating.objects.create(pool=pool, player_id=player.user_id, name=player.handle, mu=mu, sigma=sigma,
                              conservative=mu - 3 * sigma, games=7, last_played_at=T0)  # fmt: skip
    rating_list = list_publish(game=GAME, name="ties", actor="steward")
    lines = list(rating_list.entries.order_by("rank", "player_id").values_list("player_id", "rank", "games"))
    ids = [p.user_id for p in players]
    # conservative ratings 24, 24, 21, 21, 17: places 1, 1, 3, 3, 5
    assert lines == [(ids[0], 1, 7), (ids[1], 1, 7), (ids[2], 3, 7), (ids[3], 3, 7), (ids[4], 5, 7)]
    with pytest.raises(Conflict) as taken:
        list_publish(game=GAME, name=" ties ", actor="steward")
    assert taken.value.code == "list_exists"
    assert rating_list.entries.count() == 5


def test_a_list_page_is_paged_its_csv_streamed_whole_and_its_moved_count_follows_the_pool(monkeypatch) -> None:
    from ratings.models import Rating

    monkeypatch.setattr("ratings.selectors.lists.LIST_PAGE", 2)
    pool = pool_get(game=GAME)
    players = [PlayerFactory() for _ in range(5)]
    for n, player in enumerate(players):
        Rating.objects.create(pool=pool, player_id=player.user_id, name=player.handle, mu=30 - n, sigma=2,
                              conservative=24 - n, games=7, last_played_at=T0)  # fmt: skip
    rating_list = list_publish(game=GAME, name="paged", actor="steward")
    first = Client().get(f"/ratings/lists/{rating_list.pk}/").content.decode()
    assert first.count('<a class="handle"') == 2
    assert "Page 1 of 3" in first
    assert "5 players on the list." in first
    last = Client().get(f"/ratings/lists/{rating_list.pk}/?page=3").content.decode()
    assert last.count('<a class="handle"') == 1
    assert players[4].handle in last
    export = Client().get(f"/api/ratings/lists/{rating_list.pk}/?format=csv")
    assert export.streaming
    lines = b"".join(export.streaming_content).decode().splitlines()
    assert lines[0] == "rank,player,handle,conservative,mu,sigma,games,inactive"
    assert len(lines) == 6
    assert lines[1].startswith(f"1,{players[0].user_id},{players[0].handle},24")
    assert Client().get(f"/api/ratings/lists/{rating_list.pk}/").json()["moved_since"] == 0
    assert "0 ratings have moved since." in Client().get(f"/ratings/lists/{rating_list.pk}/").content.decode()
    match_record(
        game=GAME, source="table:9", order_at=T0 + timedelta(days=2),
        placings=[Placing(players[0].user_id, players[0].handle, 1), Placing(players[1].user_id, players[1].handle, 2)],
    )  # fmt: skip
    assert Client().get(f"/api/ratings/lists/{rating_list.pk}/").json()["moved_since"] == 2  # a rating change
    assert "2 ratings have moved since." in Client().get(f"/ratings/lists/{rating_list.pk}/").content.decode()


def test_ratings_equal_as_shown_to_one_decimal_share_a_rank_and_the_rules_leave_players_out() -> None:
    from ratings.models import Rating

    pool = pool_get(game=GAME)
    players = [PlayerFactory() for _ in range(4)]
    for player, (conservative, games) in zip(players, [(24.04, 9), (23.96, 9), (23.8, 9), (30.0, 2)], strict=True):
        Rating.objects.create(pool=pool, player_id=player.user_id, name=player.handle, mu=conservative + 6, sigma=2,
                              conservative=conservative, games=games, last_played_at=T0)  # fmt: skip
    rating_list = list_publish(game=GAME, name="shown", actor="steward", min_games=5, at=T0 + timedelta(days=400))
    lines = dict(rating_list.entries.values_list("player_id", "rank"))
    assert lines == {players[0].user_id: 1, players[1].user_id: 1, players[2].user_id: 3}  # 24.0, 24.0, 23.8
    assert set(rating_list.entries.values_list("inactive", flat=True)) == {True}  # no game in the year before
