"""Each seat's chance of each place at a table before it is played, from the pool's TrueSkill ratings (issue
69, item 1): the rated model's own predictive distribution. TrueSkill takes a player's performance in a game
to be normal around their skill, N(mu, sigma^2 + beta^2), and the places to follow the performances; no
closed form gives the chance of every place at a table of more than two, so it is sampled (Monte Carlo,
`samples` draws, seeded: the same table gives the same figures on every read). A player without a rating in
the pool plays with the pool's starting mu and sigma. Ties are not modelled (the drafting games and the hunt
break them by their own rules): the chances of the places sum to 1 for each seat and for each place."""

import math
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


def win_chances_of(*, pool: RatingPool, tables: list[list[int]]) -> list[list[float]]:
    """Each table's (players in the order given) chance of each player to win it: one read of the ratings for
    every table (a round's TV and its 500 tables), each chance exact (`win_chances`)."""
    wanted = {player for players in tables for player in players}
    ratings = {r.player_id: (r.mu, r.sigma) for r in Rating.objects.filter(pool=pool, player_id__in=wanted)}
    return [win_chances([ratings.get(p, (pool.mu, pool.sigma)) for p in players], pool.beta) for players in tables]


WIN_STEPS = 112  # Simpson's intervals over a performance's +-7 standard deviations: each chance within 1e-6


def win_chances(skills: list[tuple[float, float]], beta: float) -> list[float]:
    """Each player's chance to finish first, without sampling: the chance that i's performance beats every
    other's is the integral over i's performance x of its density times the product of the others' chances to
    perform below x, P_i = E_z[prod_j Phi((mu_i + s_i z - mu_j) / s_j)] with s = sqrt(sigma^2 + beta^2), z
    standard normal, by Simpson's rule. The first place is all a TV or a pad's header shows, so this spares
    them `sampled_places`'s draws; the chances are scaled to sum to exactly 1."""
    spreads = [(sigma**2 + beta**2) ** 0.5 for _mu, sigma in skills]
    step = 14 / WIN_STEPS
    chances = []
    for i, (mu_i, _sigma) in enumerate(skills):
        total = 0.0
        for k in range(WIN_STEPS + 1):
            z = -7 + k * step
            weight = 1 if k in (0, WIN_STEPS) else 4 if k % 2 else 2
            x = mu_i + spreads[i] * z
            below = math.prod(_normal_below((x - mu_j) / spreads[j]) for j, (mu_j, _s) in enumerate(skills) if j != i)
            total += weight * math.exp(-z * z / 2) * below
        chances.append(total * step / 3 / math.sqrt(2 * math.pi))
    whole = sum(chances)
    return [chance / whole for chance in chances] if whole else [1 / len(skills)] * len(skills)


def _normal_below(x: float) -> float:
    return 0.5 * math.erfc(-x / math.sqrt(2))


def skills_of(*, pool: RatingPool, player_ids: list[int]) -> dict[int, tuple[float, float]]:
    """Each rated player's (mu, sigma) in the pool, by user id (a player without a rating is left out)."""
    return {r.player_id: (r.mu, r.sigma) for r in Rating.objects.filter(pool=pool, player_id__in=player_ids)}
