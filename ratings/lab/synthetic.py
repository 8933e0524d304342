"""Elo-MMR's synthetic row (issue 58, item 4; docs/ratings.md, "The literature's figures"): the lab's models on
the data Elo-MMR's authors generated to test rating systems where the data follows their model, so the lab can
be held against the paper's figures. Pure: no Django.

The generator is theirs (EbTech/Elo-MMR, scripts/python/synth-data.py, `make_dataset("synth-sm", 1000, 5,
15000)`): 1,000 players with skills drawn from N(1500, 350^2); each round draws 5 of them without
replacement, moves each one's skill by N(0, 35^2), and ranks them by skill plus a logistic performance noise
of standard deviation 200. Their evaluation (multi-skill/src/bin/eval.rs and metrics.rs): the first tenth of
the rounds trains, every later round is predicted from the ratings before it; pair accuracy is the share of a
round's pairs the ratings order rightly, rank deviation |predicted place - place| / (n - 1), both a player's
mean. No round has a tie.
"""

import math
import random
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from statistics import NormalDist

from ratings.lab.report import Model, Table, held_out
from ratings.trueskill_step import Environment

POOL, PER_ROUND, ROUNDS = 1000, 5, 15_000
SKILL_MEAN, SKILL_SD, PERFORMANCE_SD, DRIFT_SD = 1500.0, 350.0, 200.0, 35.0
TRAINING_TENTH = 10
# The paper's TrueSkill for this row (experiments/synth-sm/trueskill-acc.json: eps 100, beta 110, sig_drift 14,
# mu 1500, sigma 350), its tie margin of 100 put as the draw probability it means for two players.
ELO_MMR_TRUESKILL = Environment(1500.0, 350.0, 110.0, 14.0, 2 * NormalDist().cdf(100 / (math.sqrt(2) * 110)) - 1)


def elo_mmr_rounds(seed: int, pool: int = POOL, per_round: int = PER_ROUND, rounds: int = ROUNDS) -> list[Table]:
    """The generator's rounds, each a table of `per_round` players ranked 1 (best) to `per_round`."""
    rng = random.Random(seed)
    skill = [rng.gauss(SKILL_MEAN, SKILL_SD) for _ in range(pool)]
    logistic_scale = PERFORMANCE_SD * math.sqrt(3) / math.pi
    start = datetime(2020, 1, 1, tzinfo=UTC)
    tables = []
    for index in range(rounds):
        players = rng.sample(range(pool), per_round)
        performances = []
        for player in players:
            skill[player] += rng.gauss(0.0, DRIFT_SD)
            u = rng.random() or 0.5  # the logistic's inverse CDF; u = 0 would be -infinity
            performances.append(skill[player] + logistic_scale * math.log(u / (1 - u)))
        order = sorted(range(per_round), key=lambda i: -performances[i])
        ranks = [0] * per_round
        for place, i in enumerate(order, start=1):
            ranks[i] = place
        tables.append(Table(start + timedelta(days=index), tuple(players), tuple(ranks)))
    return tables


@dataclass(frozen=True)
class SyntheticFigures:
    pair_accuracy: float  # the paper's "pair inv." column: the share of pairs ordered rightly
    rank_deviation: float  # the paper's "rank dev.": |predicted place - place| / (n - 1), a player's mean
    rounds_scored: int


def elo_mmr_figures(tables: list[Table], model: Model) -> SyntheticFigures:
    """`model` replayed over the rounds as the paper's evaluation does (the first tenth trains)."""
    n = len(tables[0].players)
    scores = held_out(tables, model, len(tables) // TRAINING_TENTH)
    # Scores.rank_deviation divides by the table's size n; the paper divides by n - 1.
    return SyntheticFigures(1 - scores.pair_inversion, scores.rank_deviation * n / (n - 1), scores.tables)
