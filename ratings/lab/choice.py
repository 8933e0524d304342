"""A rating that learns from the picks (issue 58, item 3; docs/ratings.md, "A rating that learns from the
draft"): a choice model over the cards in hand, as Coulom rated Go moves by the move chosen among those
legal. Pure: no Django.

Each player has a pick skill theta ~ N(m, v). At a pick the player takes card c of the hand offered with
probability exp(theta x_c) / sum_j exp(theta x_j), where x is each card's worth as the card statistics
measure it (the mean points of the rounds that held it over tables drafted at random), standardised over the
deck. A player who takes the better cards more often than chance has a positive theta. After each table, one
Newton step of the Laplace approximation over that table's picks updates the belief (assumed-density
filtering, as TrueSkill's own update is): the precision grows by the picks' information, sum of Var_p(x), and
m moves by the picks' surprise, sum of (x_c - E_p(x)), over the new precision.

To predict places the pick skill is put on the strengths' scale (a_i = scale * m_i), the scale fitted on the
earlier tables (`fitted_scale`). With TrueSkill, a_i = weight * TrueSkill's a_i + scale * m_i, both fitted
likewise: TrueSkill's own strengths are too spread on the lab's ground truth (its log-likelihood is below
knowing nothing's), so the pick skill is only given a fair chance beside a TrueSkill put to its best scale.
"""

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from statistics import fmean, pstdev

from ratings.lab.report import Model, Table, TrueSkillModel, held_out
from ratings.trueskill_step import Environment

PRIOR_VARIANCE = 1.0
SCALES = (0.0, 0.25, 0.5, 1.0, 2.0, 4.0, 8.0)
WEIGHTS = (0.25, 0.5, 1.0)


@dataclass(frozen=True)
class Pick:
    player: int
    hand: tuple[str, ...]  # the cards offered
    taken: int  # the index of the card taken


TablePicks = tuple[Pick, ...]


class ChoiceModel:
    """The pick skill alone. It rates the tables in the order it is given their picks (`picks`, one entry a
    table, as every replay of the lab goes through the tables in order)."""

    def __init__(self, values: Mapping[str, float], picks: Sequence[TablePicks], scale: float = 1.0) -> None:
        centre, spread = fmean(values.values()), pstdev(values.values()) or 1.0
        self.worth = {card: (value - centre) / spread for card, value in values.items()}
        self.scale = scale
        self.belief: dict[int, tuple[float, float]] = {}  # player -> (m, precision)
        self._tables = iter(picks)

    def skill(self, player: int) -> float:
        return self.belief.get(player, (0.0, 1 / PRIOR_VARIANCE))[0]

    def strengths(self, players: Sequence[int]) -> list[float]:
        return [self.scale * self.skill(p) for p in players]

    def rate(self, players: Sequence[int], ranks: Sequence[int]) -> None:
        surprise: dict[int, float] = {}
        information: dict[int, float] = {}
        for pick in next(self._tables):
            m = self.skill(pick.player)
            x = [self.worth[card] for card in pick.hand]
            top = max(m * xi for xi in x)
            weights = [math.exp(m * xi - top) for xi in x]
            total = sum(weights)
            mean = sum(w * xi for w, xi in zip(weights, x, strict=True)) / total
            square = sum(w * xi * xi for w, xi in zip(weights, x, strict=True)) / total
            surprise[pick.player] = surprise.get(pick.player, 0.0) + x[pick.taken] - mean
            information[pick.player] = information.get(pick.player, 0.0) + square - mean * mean
        for player, gained in information.items():
            m, precision = self.belief.get(player, (0.0, 1 / PRIOR_VARIANCE))
            precision += gained
            self.belief[player] = (m + surprise[player] / precision, precision)


class TrueSkillWithPicks:
    """TrueSkill observing places, plus the pick skill: a_i = weight * TrueSkill's a_i + scale * m_i."""

    def __init__(
        self, env: Environment, values: Mapping[str, float], picks: Sequence[TablePicks], scale: float,
        weight: float = 1.0,
    ) -> None:  # fmt: skip
        self.places = TrueSkillModel(env)
        self.picks = ChoiceModel(values, picks, scale)
        self.weight = weight

    def strengths(self, players: Sequence[int]) -> list[float]:
        places, picks = self.places.strengths(players), self.picks.strengths(players)
        return [self.weight * a + b for a, b in zip(places, picks, strict=True)]

    def rate(self, players: Sequence[int], ranks: Sequence[int]) -> None:
        self.places.rate(players, ranks)
        self.picks.rate(players, ranks)


def fitted_scale(
    tables: Sequence[Table], cut: int, make: Callable[..., Model], grid: Sequence[tuple[float, ...]]
) -> tuple[float, ...]:
    """The parameters of `grid` whose model (`make(*parameters)`), replayed over the first `cut` tables,
    predicted their places best (the mean log-likelihood of each table predicted before it was rated)."""
    return max(grid, key=lambda parameters: held_out(tables[:cut], make(*parameters), 0).log_likelihood)
