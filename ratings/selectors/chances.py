"""Each seat's chance of each place at a table before it is played, from the pool's TrueSkill ratings (issue
69, item 1): the rated model's own predictive distribution. TrueSkill takes a player's performance in a game
to be normal around their skill, N(mu, sigma^2 + beta^2), and the places to follow the performances; no
closed form gives the chance of every place at a table of more than two, so it is sampled (Monte Carlo,
`samples` draws, seeded: the same table gives the same figures on every read). A player without a rating in
the pool plays with the pool's starting mu and sigma. Ties are not modelled (the drafting games and the hunt
break them by their own rules): the chances of the places sum to 1 for each seat and for each place."""

import random
from dataclasses import dataclass

from ratings.models import Rating, RatingPool

SAMPLES = 4000  # the standard error of a chance is at most 0.8 points


@dataclass(frozen=True)
class SeatChances:
    player_id: int
    mu: float
    sigma: float
    rated: bool
    places: list[float]  # the chance of finishing 1st, 2nd, ...


def place_chances(*, pool: RatingPool, player_ids: list[int], seed: int, samples: int = SAMPLES) -> list[SeatChances]:
    """The chances of each player (in the order given) for each place at their table."""
    ratings = {r.player_id: (r.mu, r.sigma) for r in Rating.objects.filter(pool=pool, player_id__in=player_ids)}
    skills = [ratings.get(player, (pool.mu, pool.sigma)) for player in player_ids]
    counts = sampled_places(skills, pool.beta, seed=seed, samples=samples)
    return [
        SeatChances(player, mu, sigma, player in ratings, [count / samples for count in row])
        for player, (mu, sigma), row in zip(player_ids, skills, counts, strict=True)
    ]


def sampled_places(skills: list[tuple[float, float]], beta: float, *, seed: int, samples: int) -> list[list[int]]:
    """How often each player (mu, sigma) finished in each place over `samples` draws of the performances."""
    rng = random.Random(seed)
    spreads = [(sigma**2 + beta**2) ** 0.5 for _mu, sigma in skills]
    counts = [[0] * len(skills) for _ in skills]
    seats = range(len(skills))
    for _ in range(samples):
        performances = [rng.gauss(mu, spread) for (mu, _sigma), spread in zip(skills, spreads, strict=True)]
        for place, seat in enumerate(sorted(seats, key=performances.__getitem__, reverse=True)):
            counts[seat][place] += 1
    return counts


def skills_of(*, pool: RatingPool, player_ids: list[int]) -> dict[int, tuple[float, float]]:
    """Each rated player's (mu, sigma) in the pool, by user id (a player without a rating is left out)."""
    return {r.player_id: (r.mu, r.sigma) for r in Rating.objects.filter(pool=pool, player_id__in=player_ids)}
