"""Rating services: rated once, serialised per pool, replays equal rating everything from scratch."""

import random
from datetime import timedelta

import pytest
from django.utils import timezone
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ratings.models import Rating, RatingChange, RatingEvent
from ratings.services.pools import (
    Match,
    Placing,
    inactivity_widen,
    match_record,
    match_remove,
    matches_record,
    pool_get,
    pool_replay,
)
from ratings.trueskill_step import Environment
from tests.factories import UserFactory
from tests.ratings.trueskill_oracle import package_env, package_rate

pytestmark = [pytest.mark.django_db, pytest.mark.embedded]
GAME = "boomerang-usa"
T0 = timezone.now().replace(microsecond=0) - timedelta(days=30)


def placings(users, ranks) -> list[Placing]:
    return [Placing(u.pk, u.username, r) for u, r in zip(users, ranks, strict=True)]


def from_scratch() -> dict[int, tuple[float, float]]:
    """Rate every match event of the pool in canonical order with the `trueskill` package: the oracle the
    service's own TrueSkill is held to."""
    pool = pool_get(game=GAME)
    env = package_env(Environment(pool.mu, pool.sigma, pool.beta, pool.tau, pool.draw_probability))
    state: dict[int, tuple[float, float]] = {}
    for event in pool.events.order_by("order_at", "id"):
        players = [p["player"] for p in event.placings]
        before = [state.get(p, (pool.mu, pool.sigma)) for p in players]
        after = package_rate(env, before, [p["rank"] for p in event.placings])
        state.update(zip(players, after, strict=True))
    return state


def stored() -> dict[int, tuple[float, float]]:
    return {r.player_id: (r.mu, r.sigma) for r in Rating.objects.filter(pool__game=GAME)}


def assert_same(actual: dict[int, tuple[float, float]], expected: dict[int, tuple[float, float]]) -> None:
    assert actual.keys() == expected.keys()  # a player whose matches were all removed is unrated, as from scratch
    for player, skill in expected.items():
        assert actual[player] == pytest.approx(skill, abs=1e-9)


def test_a_match_is_rated_once_and_recording_it_again_changes_nothing() -> None:
    users = [UserFactory() for _ in range(4)]
    match_record(game=GAME, source="table:1", order_at=T0, placings=placings(users, [1, 2, 3, 4]))
    first = stored()
    match_record(game=GAME, source="table:1", order_at=T0, placings=placings(users, [1, 2, 3, 4]))
    assert stored() == first
    assert RatingChange.objects.count() == 4
    assert Rating.objects.get(player=users[0]).games == 1


def test_a_result_for_an_earlier_slot_replays_the_pool() -> None:
    users = [UserFactory() for _ in range(5)]
    match_record(
        game=GAME, source="table:2", order_at=T0 + timedelta(hours=2), placings=placings(users[:4], [1, 2, 3, 4])
    )
    match_record(
        game=GAME, source="table:1", order_at=T0 + timedelta(hours=1), placings=placings(users[1:], [4, 3, 2, 1])
    )
    assert_same(stored(), from_scratch())
    history = RatingChange.objects.filter(player=users[1]).order_by("event__order_at")
    assert [c.event.source for c in history] == ["table:1", "table:2"]
    assert history[1].mu_before == history[0].mu_after


def test_a_correction_and_a_removal_replay_the_pool() -> None:
    users = [UserFactory() for _ in range(4)]
    for i in range(3):
        match_record(
            game=GAME, source=f"table:{i}", order_at=T0 + timedelta(hours=i), placings=placings(users, [1, 2, 3, 4])
        )
    match_record(game=GAME, source="table:0", order_at=T0, placings=placings(users, [4, 3, 2, 1]))
    assert_same(stored(), from_scratch())
    match_remove(game=GAME, source="table:1")
    assert_same(stored(), from_scratch())
    assert Rating.objects.get(player=users[0]).games == 2


def test_removing_a_players_only_match_leaves_them_unrated_as_if_never_rated() -> None:
    users = [UserFactory() for _ in range(3)]
    match_record(game=GAME, source="table:9", order_at=T0, placings=placings(users, [1, 2, 3]))
    match_remove(game=GAME, source="table:9")
    assert not Rating.objects.exists()  # rating everything from scratch gives them no rating either


@settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow]
)
@given(st.integers(0, 2**32 - 1))
def test_any_sequence_of_arrivals_corrections_and_removals_equals_rating_from_scratch(seed: int) -> None:
    RatingEvent.objects.all().delete()
    Rating.objects.all().delete()
    rng = random.Random(seed)
    users = [UserFactory() for _ in range(6)]
    for _ in range(12):
        source = f"table:{rng.randrange(8)}"
        if rng.random() < 0.2:
            match_remove(game=GAME, source=source)
            continue
        players = rng.sample(users, rng.choice([2, 3, 4]))
        ranks = sorted(rng.randint(1, len(players)) for _ in players)
        at = T0 + timedelta(minutes=rng.randrange(600))
        match_record(game=GAME, source=source, order_at=at, placings=placings(players, ranks))
    assert_same(stored(), from_scratch())
    for rating in Rating.objects.all():
        assert rating.conservative == pytest.approx(rating.mu - 3 * rating.sigma)


@settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow]
)
@given(st.integers(0, 2**32 - 1))
def test_batches_of_matches_equal_rating_from_scratch(seed: int) -> None:
    """Batches mix new, late, repeated and changed matches; the pool must end as if rated one by one in order."""
    RatingEvent.objects.all().delete()
    Rating.objects.all().delete()
    rng = random.Random(seed)
    users = [UserFactory() for _ in range(6)]
    for _ in range(6):
        batch = []
        for _ in range(rng.randint(1, 4)):
            players = rng.sample(users, rng.choice([2, 3, 4]))
            ranks = sorted(rng.randint(1, len(players)) for _ in players)
            at = T0 + timedelta(minutes=rng.randrange(600))
            batch.append(Match(f"table:{rng.randrange(10)}", at, placings(players, ranks), "keeper"))
        unique = list({match.source: match for match in batch}.values())  # a batch names a table once
        matches_record(game=GAME, matches=unique)
        if rng.random() < 0.3:
            match_remove(game=GAME, source=f"table:{rng.randrange(10)}")
    assert_same(stored(), from_scratch())
    assert RatingChange.objects.count() == sum(len(e.placings) for e in RatingEvent.objects.all())
    for rating in Rating.objects.all():
        played = sum(rating.player_id in [p["player"] for p in e.placings] for e in RatingEvent.objects.all())
        assert rating.games == played


def test_a_batch_of_new_matches_is_written_in_a_fixed_number_of_queries(django_assert_max_num_queries) -> None:
    users = [UserFactory() for _ in range(8)]
    matches = [
        Match(f"table:{i}", T0 + timedelta(minutes=i), placings(users[i % 2 * 4 : i % 2 * 4 + 4], [1, 2, 3, 4]))
        for i in range(10)
    ]
    with django_assert_max_num_queries(12):
        matches_record(game=GAME, matches=matches)
    assert RatingEvent.objects.count() == 10
    assert_same(stored(), from_scratch())


def test_inactive_players_have_their_sigma_widened_once_per_period(settings) -> None:
    settings.RATINGS_INACTIVITY_DAYS = 10
    users = [UserFactory() for _ in range(4)]
    match_record(game=GAME, source="table:1", order_at=T0, placings=placings(users, [1, 2, 3, 4]))
    before = Rating.objects.get(player=users[0]).sigma
    assert inactivity_widen(now=T0 + timedelta(days=11)) == 4
    assert inactivity_widen(now=T0 + timedelta(days=12)) == 0
    assert Rating.objects.get(player=users[0]).sigma > before
    assert inactivity_widen(now=T0 + timedelta(days=22)) == 4
    widened = {r.player_id: r.sigma for r in Rating.objects.all()}
    pool_replay(pool=pool_get(game=GAME))
    assert {r.player_id: r.sigma for r in Rating.objects.all()} == pytest.approx(widened)


def test_recent_changes_count_the_games_played_after_each_across_pools(settings) -> None:
    from ratings.selectors.changes import changes_of_source, recent_changes

    settings.RATINGS_PROVISIONAL_SIGMA = 100.0  # provisional only while fewer than 5 games: the count shows

    users = [UserFactory() for _ in range(3)]
    for n in range(8):  # the first user plays 8 games of one game and 3 of another, interleaved
        match_record(game=GAME, source=f"t{n}", order_at=T0 + timedelta(hours=n), placings=placings(users[:2], [1, 2]))
        if n < 3:
            match_record(
                game="boomerang-europe", source=f"e{n}", order_at=T0 + timedelta(hours=n, minutes=30),
                placings=placings([users[0], users[2]], [2, 1]),
            )  # fmt: skip
    recent = recent_changes(player_id=users[0].pk, limit=20)
    by_source = dict(recent)
    assert [source for source, _change in recent][:3] == ["t7", "t6", "t5"]
    assert [by_source[f"t{n}"].provisional for n in range(8)] == [True] * 4 + [False] * 4
    assert [by_source[f"e{n}"].provisional for n in range(3)] == [True] * 3
    # the same as counting each game's predecessors in the database (changes_of_source's way)
    assert by_source == {source: changes_of_source(source=source)[users[0].pk] for source in by_source}
