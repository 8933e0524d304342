"""How well a pool's ratings predict (issue 46, item 2; docs/ratings.md, "How good are the ratings"). Pure:
the pool's tables in their rating order in, figures out; no Django.

Each table is predicted with the ratings as they stood just before it, then rated with the pool's TrueSkill
parameters, as the pool itself was. The finishing order is scored with a Plackett-Luce approximation of
TrueSkill's Gaussian performance model: each place goes, among the players still to place, to player i with
probability proportional to exp(a_i), where a_i = 1.702 mu_i / c and c = sqrt(2 beta^2 + 2 s^2), s^2 the
table's mean sigma^2 (1.702 makes the logistic curve match the normal one, so two players' chances are
TrueSkill's own P(i beats j) = Phi((mu_i - mu_j) / sqrt(2 beta^2 + sigma_i^2 + sigma_j^2)) to within 1%).
Players tied for a place may finish in any order among themselves: the order's probability sums those orders.
Inactivity widening is left out: the figures are those of the tables alone.
"""

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from itertools import permutations
from typing import Protocol

from ratings import trueskill_chain
from ratings.trueskill_step import Environment

LOGISTIC = 1.702
DECILES = 10


@dataclass(frozen=True)
class Table:
    at: datetime
    players: tuple[int, ...]
    ranks: tuple[int, ...]  # 1 the best; equal ranks tie
    source: str = ""  # what was rated (a pool's 'table:42'): where the candidate finds the table's draft


@dataclass(frozen=True)
class Calibration:
    """Players whose predicted chance to win their table fell in [low, high): the mean of that chance and how
    often they won (a win shared by k tied players counts 1/k)."""

    low: float
    high: float
    predicted: float
    observed: float
    count: int


@dataclass
class Quality:
    tables: int = 0
    log_likelihood: float = 0.0  # mean per table (natural log) of the observed order's probability
    uniform_log_likelihood: float = 0.0  # the same with every order equally likely: what knowing nothing gives
    winner_accuracy: float = 0.0  # tables whose highest-rated player won (a tie for first counts)
    top_half_accuracy: float = 0.0  # the predicted top half's share of the actual top half, a table's mean
    pair_inversion: float = 0.0  # as Scores' (the literature's figures)
    rank_deviation: float = 0.0
    top3_hit: float = 0.0
    # What chance alone scores (a random order predicted): each hit rate's floor, a table's mean (issue 69:
    # a winner among the top 3 at four-player tables is 75% by chance).
    winner_floor: float = 0.0
    top_half_floor: float = 0.0
    top3_floor: float = 0.0
    # The Brier score of the chance to win (issue 69): a table's sum over its seats of (chance - won)^2, the
    # mean over the tables (0 is perfect); and the same for every seat given an equal chance.
    win_brier: float = 0.0
    win_brier_floor: float = 0.0
    calibration: list[Calibration] = field(default_factory=list)
    drift: list[tuple[str, float | None, int]] = field(default_factory=list)  # month, mean mu of established, count


def order_probability(strengths: Sequence[float], ranks: Sequence[int]) -> float:
    """The Plackett-Luce probability of this finishing order (`strengths`: each player's a_i), players tied
    in rank finishing in any order among themselves."""
    groups = [[i for i, r in enumerate(ranks) if r == rank] for rank in sorted(set(ranks))]
    probability, left = 1.0, list(range(len(ranks)))
    for group in groups:
        probability *= _group_first(strengths, group, left)
        left = [i for i in left if i not in group]
    return probability


def _group_first(strengths: Sequence[float], group: list[int], left: list[int]) -> float:
    """The probability that the players of `group` take the next len(group) places, in any order."""
    total = 0.0
    for order in permutations(group):
        p, pool = 1.0, list(left)
        for i in order:
            p *= math.exp(strengths[i]) / sum(math.exp(strengths[j]) for j in pool)
            pool.remove(i)
        total += p
    return total


def strengths(priors: Sequence[tuple[float, float]], beta: float) -> list[float]:
    spread = math.sqrt(2 * beta * beta + 2 * sum(s * s for _mu, s in priors) / len(priors))
    return [LOGISTIC * mu / spread for mu, _sigma in priors]


class Model(Protocol):
    """A rating system replayed table by table: its strengths a_i before a table, then its update."""

    def strengths(self, players: Sequence[int]) -> list[float]: ...

    def rate(self, players: Sequence[int], ranks: Sequence[int]) -> None: ...


class TrueSkillModel:
    """TrueSkill with an environment's parameters (ratings/trueskill_chain.py: the package's own schedule)."""

    def __init__(self, env: Environment) -> None:
        self.env = env
        self.state: dict[int, tuple[float, float, int]] = {}  # mu, sigma, tables rated

    def _priors(self, players: Sequence[int]) -> list[tuple[float, float]]:
        start = (self.env.mu, self.env.sigma, 0)
        return [self.state.get(p, start)[:2] for p in players]

    def strengths(self, players: Sequence[int]) -> list[float]:
        return strengths(self._priors(players), self.env.beta)

    def rate(self, players: Sequence[int], ranks: Sequence[int]) -> None:
        posteriors = trueskill_chain.rate(self.env, self._priors(players), [r - 1 for r in ranks])
        for player, (mu, sigma) in zip(players, posteriors, strict=True):
            self.state[player] = (mu, sigma, self.state.get(player, (0, 0, 0))[2] + 1)

    def drift(self, month: str, established: int) -> tuple[str, float | None, int]:
        """At a month's end: the mean mu of the players established by then (None while there is none)."""
        mus = [mu for mu, _sigma, games in self.state.values() if games >= established]
        return month, (sum(mus) / len(mus) if mus else None), len(mus)


def evaluate(tables: Iterable[Table], env: Environment, established: int = 5) -> Quality:
    """Predict, then rate, every table in order; the figures of the predictions (see the module's doc)."""
    model = TrueSkillModel(env)
    quality = Quality()
    bins: list[list[float]] = [[0.0, 0.0, 0.0] for _ in range(DECILES)]
    winners = top_half = top3 = pairs = inverted = players = deviation = 0.0
    floors = [0.0, 0.0, 0.0]
    month = ""
    for table in tables:
        if month and table.at.strftime("%Y-%m") != month:
            quality.drift.append(model.drift(month, established))
        month = table.at.strftime("%Y-%m")
        a = model.strengths(table.players)
        quality.tables += 1
        log_likelihood, won, half = _predicted(a, table.ranks)
        quality.log_likelihood += log_likelihood
        quality.uniform_log_likelihood += math.log(order_probability([0.0] * len(a), table.ranks))
        winners += won
        top_half += half
        figures = literature_figures(a, table.ranks)
        pairs, inverted, top3 = pairs + figures.pairs, inverted + figures.inverted, top3 + figures.top3
        players, deviation = players + len(a), deviation + figures.deviation
        floors = [total + floor for total, floor in zip(floors, chance_floors(table.ranks), strict=True)]
        _bin(bins, a, table.ranks)
        quality.win_brier += _brier(win_chances(a), table.ranks)
        quality.win_brier_floor += _brier([1 / len(a)] * len(a), table.ranks)
        model.rate(table.players, table.ranks)
    if month:
        quality.drift.append(model.drift(month, established))
    if quality.tables:
        quality.log_likelihood /= quality.tables
        quality.uniform_log_likelihood /= quality.tables
        quality.winner_accuracy = winners / quality.tables
        quality.top_half_accuracy = top_half / quality.tables
        quality.pair_inversion = inverted / pairs if pairs else 0.0
        quality.rank_deviation = deviation / players if players else 0.0
        quality.top3_hit = top3 / quality.tables
        quality.winner_floor, quality.top_half_floor, quality.top3_floor = (f / quality.tables for f in floors)
        quality.win_brier /= quality.tables
        quality.win_brier_floor /= quality.tables
    quality.calibration = [
        Calibration(d / DECILES, (d + 1) / DECILES, predicted / count, observed / count, int(count))
        for d, (predicted, observed, count) in enumerate(bins)
        if count
    ]
    return quality


@dataclass(frozen=True)
class Scores:
    """How a model predicted the tables from `held_out_from` on, having rated every table before; the last
    four are the figures the literature reports (docs/ratings.md, "The literature's figures")."""

    tables: int
    log_likelihood: float
    winner_accuracy: float
    top_half_accuracy: float
    pair_inversion: float = 0.0  # of the pairs at a table with different places, the share predicted wrongly
    rank_deviation: float = 0.0  # a player's |predicted place - place| / the table's size, the mean
    top3_hit: float = 0.0  # tables whose winner was among the three rated highest
    pairwise_error: float = 0.0  # the mean of (P(i beats j) - whether i beat j)^2 over those pairs


def held_out(
    tables: Sequence[Table], model: Model, held_out_from: int, observed: Sequence[Table] | None = None
) -> Scores:
    """Replay every table with `model`; score its predictions of the tables from `held_out_from` on. `observed`:
    what the model rates instead of the places (the same tables ranked otherwise: a draft-aware model's)."""
    log_likelihood = winners = top_half = top3 = 0.0
    pairs = inverted = squared = players = deviation = 0.0
    for n, table in enumerate(tables):
        if n >= held_out_from:
            a = model.strengths(table.players)
            table_log_likelihood, won, half = _predicted(a, table.ranks)
            log_likelihood, winners, top_half = log_likelihood + table_log_likelihood, winners + won, top_half + half
            figures = literature_figures(a, table.ranks)
            pairs, inverted, squared = pairs + figures.pairs, inverted + figures.inverted, squared + figures.squared
            players, deviation = players + len(a), deviation + figures.deviation
            top3 += figures.top3
        seen = table if observed is None else observed[n]
        model.rate(seen.players, seen.ranks)
    scored = max(len(tables) - held_out_from, 1)
    return Scores(
        len(tables) - held_out_from, log_likelihood / scored, winners / scored, top_half / scored,
        inverted / pairs if pairs else 0.0, deviation / players if players else 0.0, top3 / scored,
        squared / pairs if pairs else 0.0,
    )  # fmt: skip


@dataclass(frozen=True)
class TableFigures:
    pairs: int  # pairs of players with different places
    inverted: float  # of those, predicted the wrong way round (a predicted tie counts half)
    squared: float  # the sum over those of (P(i beats j) - 1)^2, i the one who finished ahead
    deviation: float  # the sum over the players of |predicted place - place| / the table's size
    top3: float  # 1 when a winner was among the three rated highest


def literature_figures(a: Sequence[float], ranks: Sequence[int]) -> TableFigures:
    """One table's pair inversion, pairwise error, rank deviation and top-3 hit (Elo-MMR's paper and openskill's
    benchmark report these): `a`, the players' strengths before it; `ranks`, 1 the best, equal ranks tied. A
    place shared by tied players is the mean of the places they cover, predicted or actual."""
    n = len(a)
    pairs = inverted = squared = 0.0
    for i in range(n):
        for j in range(i + 1, n):
            if ranks[i] == ranks[j]:
                continue
            ahead, behind = (i, j) if ranks[i] < ranks[j] else (j, i)
            pairs += 1
            inverted += 1.0 if a[ahead] < a[behind] else (0.5 if a[ahead] == a[behind] else 0.0)
            squared += (1.0 / (1.0 + math.exp(a[behind] - a[ahead])) - 1.0) ** 2
    predicted = _places([-x for x in a])
    actual = _places(list(ranks))
    deviation = sum(abs(p - q) for p, q in zip(predicted, actual, strict=True)) / n if n else 0.0
    top = sorted(range(n), key=lambda i: -a[i])[:3]
    top3 = float(any(ranks[i] == min(ranks) for i in top))
    return TableFigures(int(pairs), inverted, squared, deviation, top3)


def chance_floors(ranks: Sequence[int]) -> tuple[float, float, float]:
    """What a random predicted order scores at this table, in expectation: the winner predicted (a player
    tied for first counts), the predicted top half's share of the actual top half, a winner among the three
    predicted highest."""
    n = len(ranks)
    if not n:
        return 0.0, 0.0, 0.0
    winners, k = sum(1 for r in ranks if r == min(ranks)), min(3, n)
    half = n // 2
    return winners / n, (half / n if half else 0.0), 1 - math.comb(n - winners, k) / math.comb(n, k)


def _places(keys: Sequence[float]) -> list[float]:
    """Each player's place by `keys` (lower first), equal keys sharing the mean of the places they cover."""
    places = []
    for key in keys:
        ahead = sum(1 for other in keys if other < key)
        level = sum(1 for other in keys if other == key)
        places.append(ahead + (level + 1) / 2)
    return places


def _predicted(a: Sequence[float], ranks: Sequence[int]) -> tuple[float, float, float]:
    """One table's prediction scored: the observed order's log-probability, whether the highest-rated player
    won (a tie for first counts), and the predicted top half's share of the actual top half."""
    log_likelihood = math.log(max(order_probability(a, ranks), 1e-300))
    won = float(ranks[max(range(len(a)), key=lambda i: a[i])] == 1)
    return log_likelihood, won, _top_half(a, ranks)


def _top_half(a: Sequence[float], ranks: Sequence[int]) -> float:
    half = len(a) // 2
    if not half:
        return 0.0
    predicted = set(sorted(range(len(a)), key=lambda i: -a[i])[:half])
    actual = set(sorted(range(len(a)), key=lambda i: ranks[i])[:half])
    return len(predicted & actual) / half


def win_chances(a: Sequence[float]) -> list[float]:
    """Each seat's chance to win the table from its strength (the first place of the Plackett-Luce order)."""
    total = sum(math.exp(x) for x in a)
    return [math.exp(x) / total for x in a]


def _brier(chances: Sequence[float], ranks: Sequence[int]) -> float:
    """The table's Brier score of the chance to win: players tied first each won a share."""
    first = [i for i, r in enumerate(ranks) if r == min(ranks)]
    return sum((chance - (1 / len(first) if i in first else 0.0)) ** 2 for i, chance in enumerate(chances))


def _bin(bins: list[list[float]], a: Sequence[float], ranks: Sequence[int]) -> None:
    first = [i for i, r in enumerate(ranks) if r == min(ranks)]
    for i, chance in enumerate(win_chances(a)):
        row = bins[min(int(chance * DECILES), DECILES - 1)]
        row[0] += chance
        row[1] += 1 / len(first) if i in first else 0.0
        row[2] += 1
