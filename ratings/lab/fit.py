"""The rating-quality lab's comparison (issue 46, item 2; docs/ratings.md, "Fitted parameters and baselines"):
the pool's TrueSkill parameters, parameters fitted to the pool, a multiplayer Elo and openskill's
Plackett-Luce, each replaying every table and scored on the same later 20% it had not seen. Pure: no Django.

The fit maximises the predictive log-likelihood of the earlier 80% of the tables (each predicted before it is
rated) over beta, tau, the draw probability and the starting sigma; mu stays (it only sets the scale). It is a
coordinate search with one parabola a parameter: each is tried at its value halved and doubled (the draw
probability on the log-odds scale), a parabola through the three log-likelihoods gives the best value between,
and the best of those is kept before the next parameter. Thirteen replays of the earlier tables in all: what
the nightly report can afford for a pool of 100,000 tables (bench/ratings.py quality).
"""

import math
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, replace
from typing import Any

from openskill.models import PlackettLuce, PlackettLuceRating

from ratings.lab.report import Scores, Table, TrueSkillModel, held_out, order_probability
from ratings.trueskill_step import Environment

TRAINING_SHARE = 0.8
FITTED = ("beta", "tau", "draw_probability", "sigma")
STEP = math.log(2)  # each parameter is tried at half and twice its value
ELO_K = 32.0  # the usual K of chess federations, spread over a table's pairs
ELO_SCALE = math.log(10) / 400  # Elo's logistic: P(i beats j) = 1 / (1 + 10 ** ((R_j - R_i) / 400))


@dataclass(frozen=True)
class Fit:
    env: Environment
    training_log_likelihood: float  # the fitted parameters' mean log-likelihood on the earlier tables
    start_log_likelihood: float  # the pool's own parameters' on the same tables
    replays: int


@dataclass(frozen=True)
class Compared:
    name: str
    parameters: dict[str, float]
    scores: Scores


@dataclass(frozen=True)
class Comparison:
    training_tables: int
    held_out_tables: int
    uniform_log_likelihood: float  # knowing nothing, on the held-out tables
    fit: Fit
    models: tuple[Compared, ...]

    def as_json(self) -> dict[str, Any]:
        return {
            "training_tables": self.training_tables,
            "held_out_tables": self.held_out_tables,
            "uniform_log_likelihood": self.uniform_log_likelihood,
            "fitted": {
                "parameters": asdict(self.fit.env),
                "training_log_likelihood": self.fit.training_log_likelihood,
                "start_log_likelihood": self.fit.start_log_likelihood,
                "replays": self.fit.replays,
            },
            "models": [{"name": m.name, "parameters": m.parameters, **asdict(m.scores)} for m in self.models],
        }


def compare(tables: Sequence[Table], env: Environment) -> Comparison:
    """Fit on the earlier 80%, then score every model on the later 20%."""
    cut = int(len(tables) * TRAINING_SHARE)
    fit = fit_parameters(tables[:cut], env)
    models = (
        Compared("current", asdict(env), held_out(tables, TrueSkillModel(env), cut)),
        Compared("fitted", asdict(fit.env), held_out(tables, TrueSkillModel(fit.env), cut)),
        Compared("elo", {"k": ELO_K}, held_out(tables, EloModel(), cut)),
        Compared("openskill", _openskill_parameters(), held_out(tables, OpenSkillModel(), cut)),
    )
    later = tables[cut:]
    uniform = sum(math.log(order_probability([0.0] * len(t.ranks), t.ranks)) for t in later) / max(len(later), 1)
    return Comparison(cut, len(later), uniform, fit, models)


def fit_parameters(tables: Sequence[Table], env: Environment) -> Fit:
    """The coordinate search of the module's doc, from the pool's parameters."""

    def log_likelihood(candidate: Environment) -> float:
        return held_out(tables, TrueSkillModel(candidate), 0).log_likelihood

    best, best_ll = env, log_likelihood(env)
    start_ll, replays = best_ll, 1
    for name in FITTED:
        to_line, from_line = _scales[name]
        x = to_line(getattr(best, name))
        tried = {0.0: best_ll}
        for t in (-1.0, 1.0):
            tried[t] = log_likelihood(replace(best, **{name: from_line(x + t * STEP)}))
            replays += 1
        vertex = _parabola_top(tried[-1.0], tried[0.0], tried[1.0])
        if vertex is not None:
            tried[vertex] = log_likelihood(replace(best, **{name: from_line(x + vertex * STEP)}))
            replays += 1
        t_best = max(tried, key=lambda t: tried[t])
        best, best_ll = replace(best, **{name: from_line(x + t_best * STEP)}), tried[t_best]
    return Fit(best, best_ll, start_ll, replays)


def _parabola_top(low: float, middle: float, high: float) -> float | None:
    """Where the parabola through (-1, low), (0, middle), (1, high) peaks, within [-2, 2]; None when it opens
    upwards (no peak) or peaks on a point already tried."""
    curvature = low - 2 * middle + high
    if curvature >= 0:
        return None
    top = max(-2.0, min(2.0, (low - high) / (2 * curvature)))
    return None if top in (-1.0, 0.0, 1.0) else top


def _logit(p: float) -> float:
    p = min(max(p, 1e-4), 1 - 1e-4)
    return math.log(p / (1 - p))


def _logistic(x: float) -> float:
    return 1 / (1 + math.exp(-x))


_scales: dict[str, tuple[Callable[[float], float], Callable[[float], float]]] = {
    "beta": (math.log, math.exp),
    "tau": (math.log, math.exp),
    "sigma": (math.log, math.exp),
    "draw_probability": (_logit, _logistic),
}


class EloModel:
    """A multiplayer Elo: a table of n is n(n-1)/2 games, each pair's result moving both by K/(n-1) times
    (result - expected). Predicted by Plackett-Luce on a_i = R_i ln(10) / 400, which gives two players
    Elo's own expected score."""

    def __init__(self, k: float = ELO_K, start: float = 1500.0) -> None:
        self.k, self.start = k, start
        self.rating: dict[int, float] = {}

    def strengths(self, players: Sequence[int]) -> list[float]:
        return [self.rating.get(p, self.start) * ELO_SCALE for p in players]

    def rate(self, players: Sequence[int], ranks: Sequence[int]) -> None:
        before = [self.rating.get(p, self.start) for p in players]
        step = self.k / max(len(players) - 1, 1)
        for i, player in enumerate(players):
            moved = 0.0
            for j in range(len(players)):
                if j != i:
                    expected = 1 / (1 + 10 ** ((before[j] - before[i]) / 400))
                    result = 1.0 if ranks[i] < ranks[j] else 0.5 if ranks[i] == ranks[j] else 0.0
                    moved += result - expected
            self.rating[player] = before[i] + step * moved


class OpenSkillModel:
    """openskill's Plackett-Luce (Weng-Lin) with its default parameters, predicted by its own model: each
    place goes to player i with probability proportional to exp(mu_i / c), c^2 = sum of (sigma^2 + beta^2)."""

    def __init__(self) -> None:
        self.model = PlackettLuce()
        self.rating: dict[int, PlackettLuceRating] = {}

    def _of(self, player: int) -> PlackettLuceRating:
        if player not in self.rating:
            self.rating[player] = self.model.rating()
        return self.rating[player]

    def strengths(self, players: Sequence[int]) -> list[float]:
        ratings = [self._of(p) for p in players]
        c = math.sqrt(sum(r.sigma**2 + self.model.beta**2 for r in ratings))
        return [r.mu / c for r in ratings]

    def rate(self, players: Sequence[int], ranks: Sequence[int]) -> None:
        rated = self.model.rate([[self._of(p)] for p in players], ranks=list(ranks))
        for player, (rating,) in zip(players, rated, strict=True):
            self.rating[player] = rating


def _openskill_parameters() -> dict[str, float]:
    model = PlackettLuce()
    return {"mu": model.mu, "sigma": model.sigma, "beta": model.beta, "tau": model.tau}
