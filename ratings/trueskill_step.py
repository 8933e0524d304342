"""What a TrueSkill update for a free-for-all needs beside the update itself (ratings/trueskill_chain.py):
the pool's parameters, a skill, the correction of tied players, inactivity."""

import math
from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Environment:
    mu: float
    sigma: float
    beta: float
    tau: float
    draw_probability: float


Skill = tuple[float, float]  # (mu, sigma)


def ties_averaged(posteriors: list[Skill], priors: Sequence[Skill], ranks: Sequence[int]) -> list[Skill]:
    """Tied players who came in with equal priors leave with the mean of their posteriors.

    TrueSkill's factor graph gives tied players slightly different updates (the package's issue #13: two
    players tied first with equal priors come out at mu 29.263 and 29.272). A tie is symmetric in the rules,
    so tied players who came in with equal priors leave with equal ratings."""
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
