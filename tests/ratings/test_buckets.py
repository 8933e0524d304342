"""Ranks at scale (issue 30, item 5): the rank buckets always equal counting the ratings from scratch, through
arrivals, late results, removals, replays and a deleted account; a player's rank and every leaderboard page
found through them equal the plain ordering, ties included."""

import random
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ratings.buckets import (
    bucket_of,
    buckets_move,
    buckets_recount,
    page_start,
    rank_and_size,
    stored_buckets,
    upper_bound,
)
from ratings.models import Rating, RatingBucket, RatingEvent
from ratings.services.pools import Placing, match_record, match_remove, pool_get, pool_replay
from tests.factories import UserFactory

pytestmark = [pytest.mark.django_db, pytest.mark.embedded]
GAME = "boomerang-usa"
T0 = timezone.now().replace(microsecond=0) - timedelta(days=30)


def placings(users, ranks) -> list[Placing]:
    return [Placing(u.pk, u.username, r) for u, r in zip(users, ranks, strict=True)]


def plain_order(pool) -> list[Rating]:
    return sorted(pool.ratings.all(), key=lambda r: (-r.conservative, r.pk))


@given(st.floats(min_value=-1e6, max_value=1e6, allow_nan=False))
def test_a_rating_lies_within_its_buckets_bounds(conservative: float) -> None:
    floor = bucket_of(conservative)
    assert floor / 10 <= conservative < upper_bound(floor)


@pytest.mark.parametrize("edge", [0.3, -0.1, 0.7, 2.9999999999999996, -0.30000000000000004, 1e-17, 0.0])
def test_values_on_a_bounds_float_rounding_land_in_one_bucket(edge: float) -> None:
    floor = bucket_of(edge)
    assert floor / 10 <= edge < upper_bound(floor)


@settings(
    max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow]
)
@given(st.integers(0, 2**32 - 1))
def test_the_buckets_and_ranks_follow_every_change_as_counting_from_scratch(seed: int) -> None:
    RatingEvent.objects.all().delete()
    Rating.objects.all().delete()
    RatingBucket.objects.all().delete()
    rng = random.Random(seed)
    users = [UserFactory() for _ in range(8)]
    for _ in range(14):
        source = f"table:{rng.randrange(8)}"
        if rng.random() < 0.2:
            match_remove(game=GAME, source=source)
        else:
            players = rng.sample(users, rng.choice([2, 3, 4]))
            ranks = sorted(rng.randint(1, len(players)) for _ in players)
            at = T0 + timedelta(minutes=rng.randrange(600))
            match_record(game=GAME, source=source, order_at=at, placings=placings(players, ranks))
        pool = pool_get(game=GAME)
        assert stored_buckets(pool=pool) == buckets_recount(pool=pool)
    for place, rating in enumerate(plain_order(pool), start=1):
        assert rank_and_size(rating=rating) == (place, pool.ratings.count())


def test_ratings_tied_to_the_last_bit_are_ranked_by_id_and_pages_hold_every_rating_once() -> None:
    pool = pool_get(game=GAME)
    users = [UserFactory() for _ in range(130)]
    rng = random.Random(3)
    values = [round(rng.uniform(-3, 30), 1) for _ in range(100)] + [12.3] * 30  # 30 players tied exactly
    Rating.objects.bulk_create(
        Rating(pool=pool, player=u, name=u.username, mu=v + 9, sigma=3, conservative=v, games=1)
        for u, v in zip(users, values, strict=True)
    )
    buckets_move(pool=pool, before=[], after=values)
    order = plain_order(pool)
    assert [rank_and_size(rating=r)[0] for r in order] == list(range(1, 131))
    client, seen = Client(), []
    for page in (1, 2, 3):
        answer = client.get(f"/api/ratings/pools/{GAME}/leaderboard/?page={page}").json()
        assert answer["count"] == 130
        seen += [row["player"] for row in answer["results"]]
    assert seen == [r.player_id for r in order]
    assert client.get(f"/api/ratings/pools/{GAME}/leaderboard/?page=4").status_code == 404
    assert page_start(buckets=stored_buckets(pool=pool), position=130) is None


def test_the_player_endpoint_gives_the_rank_and_a_deleted_account_leaves_the_buckets() -> None:
    users = [UserFactory() for _ in range(4)]
    match_record(game=GAME, source="table:1", order_at=T0, placings=placings(users, [1, 2, 3, 4]))
    pool = pool_get(game=GAME)
    answer = Client().get(f"/api/ratings/pools/{GAME}/players/{users[2].pk}/").json()
    assert answer["rank"] == 3
    users[0].delete()
    assert stored_buckets(pool=pool) == buckets_recount(pool=pool)
    assert sum(stored_buckets(pool=pool).values()) == 3


def test_a_full_replay_counts_the_buckets_again() -> None:
    users = [UserFactory() for _ in range(6)]
    for i in range(5):
        match_record(
            game=GAME, source=f"table:{i}", order_at=T0 + timedelta(minutes=i),
            placings=placings(users[i % 3 : i % 3 + 3], [1, 2, 3]),
        )  # fmt: skip
    pool = pool_get(game=GAME)
    RatingBucket.objects.filter(pool=pool).update(players=999)  # damaged by hand
    pool_replay(pool=pool)
    assert stored_buckets(pool=pool) == buckets_recount(pool=pool)
