"""A filtered leaderboard (a club's members while members, a country's players) computed in the database
equals the plain reading of its rule: each player's rating after their last match inside their periods, and
how many matches they played inside them (days in UTC; inactivity events never count)."""

import random
from datetime import UTC, date, datetime, timedelta

import pytest

from ratings.models import Rating, RatingChange, RatingEvent, RatingPool
from ratings.selectors.within import Periods, leaderboard_within, leaderboards_within
from tests.factories import UserFactory

pytestmark = [pytest.mark.django_db, pytest.mark.embedded]
DAY0 = date(2026, 1, 1)


def plain_reading(pool: RatingPool, periods: Periods) -> list[tuple]:
    """The rule, change by change in the pool's order."""
    rows: dict[int, tuple] = {}
    changes = (
        RatingChange.objects.filter(pool=pool, player_id__in=list(periods), event__kind=RatingEvent.Kind.MATCH)
        .select_related("event")
        .order_by("event__order_at", "event_id")
    )
    for change in changes:
        day = change.event.order_at.astimezone(UTC).date()
        if any(start <= day and (end is None or day <= end) for start, end in periods[change.player_id]):
            games = rows[change.player_id][3] + 1 if change.player_id in rows else 1
            rows[change.player_id] = (
                change.player_id, change.mu_after, change.sigma_after, games, change.event.order_at
            )  # fmt: skip
    return sorted(rows.values(), key=lambda row: (-(row[1] - 3 * row[2]), row[0]))


def random_periods(rng: random.Random, players: list[int]) -> Periods:
    periods: Periods = {}
    for player in rng.sample(players, rng.randint(1, len(players))):
        if rng.random() < 0.2:
            periods[player] = [(date.min, None)]  # a country: always
            continue
        spans, start = [], DAY0 + timedelta(days=rng.randint(-5, 20))
        for _ in range(rng.randint(1, 3)):
            end = start + timedelta(days=rng.randint(0, 15))
            spans.append((start, end))
            start = end + timedelta(days=rng.randint(1, 10))
        if rng.random() < 0.5:
            spans[-1] = (spans[-1][0], None)  # still a member
        periods[player] = spans
    return periods


@pytest.mark.parametrize("seed", range(12))
def test_the_database_reading_equals_the_rule_read_change_by_change(seed) -> None:
    rng = random.Random(seed)
    pool = RatingPool.objects.create(game=f"game-{seed}", name="A pool")
    players = [UserFactory().pk for _ in range(6)]
    for player in players:
        Rating.objects.create(pool=pool, player_id=player, name=f"p{player}", mu=25, sigma=8, conservative=1)
    for number in range(40):
        # Around midnight UTC on purpose: the day a match counts for is its UTC day.
        when = datetime(2026, 1, 1, tzinfo=UTC) + timedelta(days=rng.randint(0, 50), minutes=rng.choice([1, 1439]))
        kind = RatingEvent.Kind.INACTIVITY if rng.random() < 0.15 else RatingEvent.Kind.MATCH
        event = RatingEvent.objects.create(pool=pool, kind=kind, source=f"s{number}", order_at=when, placings=[])
        for player in rng.sample(players, 1 if kind == RatingEvent.Kind.INACTIVITY else rng.randint(2, 4)):
            mu, sigma = rng.uniform(10, 40), rng.uniform(1, 8)
            RatingChange.objects.create(
                event=event, pool=pool, player_id=player, mu_before=mu, sigma_before=sigma, mu_after=mu + 1,
                sigma_after=sigma,
            )  # fmt: skip
    other = RatingPool.objects.create(game=f"other-{seed}", name="Another pool")
    elsewhere = RatingEvent.objects.create(
        pool=other, kind=RatingEvent.Kind.MATCH, source="o", order_at=datetime(2026, 1, 9, tzinfo=UTC), placings=[]
    )
    for player in players[:2]:
        RatingChange.objects.create(
            event=elsewhere, pool=other, player_id=player, mu_before=20, sigma_before=5, mu_after=21, sigma_after=5
        )
    for _ in range(5):
        periods = random_periods(rng, players)
        both = leaderboards_within(pools=[pool, other], periods=periods)
        assert [r.player_id for r in both[pool.pk]] == [
            r.player_id for r in leaderboard_within(pool=pool, periods=periods)
        ]
        assert [r.player_id for r in both[other.pk]] == [
            r.player_id for r in leaderboard_within(pool=other, periods=periods)
        ]
        computed = [
            (r.player_id, r.mu, r.sigma, r.games, r.last_played_at)
            for r in leaderboard_within(pool=pool, periods=periods)
        ]
        assert computed == plain_reading(pool, periods)
    assert leaderboard_within(pool=pool, periods={}) == []
    always = leaderboard_within(pool=pool, periods={players[0]: [(date.min, None)]})
    matches = RatingChange.objects.filter(pool=pool, player_id=players[0], event__kind=RatingEvent.Kind.MATCH).count()
    assert [(r.name, r.games) for r in always] == ([(f"p{players[0]}", matches)] if matches else [])
