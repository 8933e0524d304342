"""Handicap (issue 69, item 4): each player's expected place at a table from the ratings they came in with,
so that a night can be ranked by how far each player beat their own expectation (a newcomer can win it).

The expectation is TrueSkill's own predictive model, as the table's chances use it (ratings/selectors/
chances.py): each performance N(mu, sigma^2 + beta^2), independent; a player's expected place is 1 plus, for
each other player, the chance that they perform better, Phi((mu_j - mu_i) / sqrt(sigma_i^2 + sigma_j^2 +
2 beta^2)). In closed form: no Monte Carlo, the same figure on every read."""

from collections.abc import Collection, Sequence
from math import erf, sqrt

from ratings.models import Rating, RatingChange, RatingPool


def expected_places(priors: Sequence[tuple[float, float]], beta: float) -> list[float]:
    """Each player's expected place at a table of these (mu, sigma), in their order."""
    places = []
    for i, (mu_i, sigma_i) in enumerate(priors):
        place = 1.0
        for j, (mu_j, sigma_j) in enumerate(priors):
            if i != j:
                place += _phi((mu_j - mu_i) / sqrt(sigma_i**2 + sigma_j**2 + 2 * beta**2))
        places.append(place)
    return places


def pool_start(pool: RatingPool | None) -> tuple[float, float, float]:
    """(mu, sigma, beta) a player without a rating starts from: the pool's, or a new pool's own defaults."""
    pool = pool or RatingPool()
    return pool.mu, pool.sigma, pool.beta


def _phi(x: float) -> float:
    return 0.5 * (1 + erf(x / sqrt(2)))


def ratings_coming_in(
    *, pool: RatingPool, player_ids: Collection[int], sources: Collection[str]
) -> dict[int, tuple[float, float]]:
    """Each player's (mu, sigma) as they came to the games `sources` (`table:<id>`): before the first of those
    the pool rated, else their rating now (the games are not rated), else none (the pool's start applies)."""
    coming: dict[int, tuple[float, float]] = {}
    changes = (
        RatingChange.objects.filter(pool=pool, event__source__in=sources, player_id__in=player_ids)
        .order_by("event__order_at", "event_id")
        .values_list("player_id", "mu_before", "sigma_before")
    )
    for player_id, mu, sigma in changes:
        coming.setdefault(player_id, (mu, sigma))
    missing = [player_id for player_id in player_ids if player_id not in coming]
    for player_id, mu, sigma in Rating.objects.filter(pool=pool, player_id__in=missing).values_list(
        "player_id", "mu", "sigma"
    ):
        coming[player_id] = (mu, sigma)
    return coming
