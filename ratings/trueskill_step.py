"""One TrueSkill update for a free-for-all, pure Python around the `trueskill` package."""

import math
from collections.abc import Sequence
from dataclasses import dataclass

import trueskill


@dataclass(frozen=True)
class Environment:
    mu: float
    sigma: float
    beta: float
    tau: float
    draw_probability: float

    def trueskill(self) -> trueskill.TrueSkill:
        return trueskill.TrueSkill(
            mu=self.mu, sigma=self.sigma, beta=self.beta, tau=self.tau, draw_probability=self.draw_probability
        )


Skill = tuple[float, float]  # (mu, sigma)


def rate_free_for_all(env: trueskill.TrueSkill, priors: Sequence[Skill], ranks: Sequence[int]) -> list[Skill]:
    """Rate one table: lower rank is better, equal ranks are draws.

    trueskill's factor graph gives tied players slightly different updates (its issue #13: two players
    tied first with equal priors come out at mu 29.263 and 29.272). A tie is symmetric in the rules, so
    tied players who came in with equal priors leave with equal ratings: the mean of their posteriors.
    """
    groups = [(env.create_rating(mu=mu, sigma=sigma),) for mu, sigma in priors]
    posteriors = [(group[0].mu, group[0].sigma) for group in env.rate(groups, ranks=list(ranks))]
    return ties_averaged(posteriors, priors, ranks)


def ties_averaged(posteriors: list[Skill], priors: Sequence[Skill], ranks: Sequence[int]) -> list[Skill]:
    """Tied players who came in with equal priors leave with the mean of their posteriors."""
    buckets: dict[tuple[int, float, float], list[int]] = {}
    for i, (rank, prior) in enumerate(zip(ranks, priors, strict=True)):
        buckets.setdefault((rank, *prior), []).append(i)
    for members in buckets.values():
        if len(members) > 1:
            mean = (
                sum(posteriors[i][0] for i in members) / len(members),
                sum(posteriors[i][1] for i in members) / len(members),
            )
            for i in members:
                posteriors[i] = mean
    return posteriors


def widen(sigma: float, step: float, ceiling: float) -> float:
    """Inactivity: sigma grows as if `step` of skill drift had passed, never past the starting sigma."""
    return min(ceiling, math.sqrt(sigma * sigma + step * step))
