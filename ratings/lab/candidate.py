"""The draft-aware candidate in a real pool's quality report (issue 69, item 6): TrueSkill plus the pick skill
(ratings/lab/choice.py), scored on the pool's own later tables beside TrueSkill. Pure: no Django.

The pool's tables are replayed once with TrueSkill (every table) and the choice model (the tables of the
window whose whole draft is known); before each table of the window both models' strengths are kept, so the
candidate's weight and scale are fitted on the window's earlier 80% and scored on its later 20% without a
replay a grid point (neither model's update depends on them). Three models are scored on the same held-out
tables: TrueSkill as the pool rates, TrueSkill at its best-fitting scale (the pick skill's scale 0: what a
scale alone gains), and the candidate. It is offered to stewards as evidence only: the lab's two generators
(docs/ratings.md, "A rating that learns from the draft") say where it helps and where it does not.

The drafts come from the tournaments side (`PoolDrafts`, read through the hook of ratings/lab/selectors.py),
with the cards' worth measured on the window's earlier tables only, so the held-out tables score a worth
they did not make.
"""

import math
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from ratings.lab.choice import SCALES, WEIGHTS, ChoiceModel, TablePicks
from ratings.lab.report import Scores, Table, TrueSkillModel, held_out, order_probability
from ratings.trueskill_step import Environment

WINDOW = 5000  # the pool's latest tables the candidate is scored on: the choice model costs ~0.5 ms a table
TRAINING_SHARE = 0.8
MIN_DRAFTED = 50  # fewer tables of the window with a known draft, and there is nothing to score
BASELINE_WEIGHTS = (0.125, 0.25, 0.5, 0.75, 1.0, 1.5)


@dataclass(frozen=True)
class PoolDrafts:
    """What the tournaments side knows of a window's drafts: each drafted table's picks (by its source, the
    players as the pool names them) and each card's worth, measured on the tables it was given as training."""

    picks: Mapping[str, TablePicks]
    worth: Mapping[str, float]


@dataclass(frozen=True)
class CandidateFigures:
    tables: int  # the window's tables
    drafted: int  # of which a whole draft is known
    held_out: int
    weight: float  # TrueSkill's strengths' weight in the candidate
    scale: float  # the pick skill's
    baseline_weight: float  # TrueSkill's best weight alone
    uniform_log_likelihood: float  # what knowing nothing scores on the held-out tables
    models: dict[str, Scores]

    def as_json(self) -> dict[str, Any]:
        return {**asdict(self), "models": {name: asdict(scores) for name, scores in self.models.items()}}


def window_of(tables: Sequence[Table]) -> tuple[Sequence[Table], int]:
    """The window's tables and where the training part ends: the pool's latest WINDOW tables."""
    window = tables[-WINDOW:]
    return window, int(len(window) * TRAINING_SHARE)


def candidate_figures(tables: Sequence[Table], env: Environment, drafts: PoolDrafts) -> CandidateFigures | None:
    """The candidate against TrueSkill on the window's later tables (None: too few drafts to say)."""
    start = max(len(tables) - WINDOW, 0)
    window, cut = window_of(tables)
    drafted = sum(1 for table in window if table.source in drafts.picks)
    if drafted < MIN_DRAFTED or len(window) - cut < 1:
        return None
    picks = [drafts.picks.get(table.source, ()) if n >= start else () for n, table in enumerate(tables)]
    recorded = _recorded(tables, env, _every_card_worth(drafts.worth, picks), picks, start)
    (weight, scale) = max(((w, s) for s in SCALES for w in WEIGHTS),
                          key=lambda parameters: _log_likelihood(recorded[:cut], window, *parameters))  # fmt: skip
    baseline = max(BASELINE_WEIGHTS, key=lambda w: _log_likelihood(recorded[:cut], window, w, 0.0))
    scored = {
        "trueskill": _scores(recorded, window, cut, 1.0, 0.0),
        "trueskill_scaled": _scores(recorded, window, cut, baseline, 0.0),
        "trueskill_choice": _scores(recorded, window, cut, weight, scale),
    }
    later = window[cut:]
    uniform = sum(math.log(order_probability([0.0] * len(t.ranks), t.ranks)) for t in later) / len(later)
    return CandidateFigures(len(window), drafted, len(later), weight, scale, baseline, uniform, scored)


def _every_card_worth(worth: Mapping[str, float], picks: Sequence[TablePicks]) -> dict[str, float]:
    """The worth of every card offered: one the training tables never drafted is given the mean worth (it
    tells no player apart)."""
    mean = sum(worth.values()) / len(worth) if worth else 0.0
    offered = {card for table in picks for pick in table for card in pick.hand}
    return {**dict.fromkeys(offered, mean), **worth}


Recorded = list[tuple[list[float], list[float]]]  # per window table: TrueSkill's strengths, the pick skills


def _recorded(
    tables: Sequence[Table], env: Environment, worth: Mapping[str, float], picks: Sequence[TablePicks], start: int
) -> Recorded:
    places, choice = TrueSkillModel(env), ChoiceModel(worth, picks, scale=1.0)
    recorded: Recorded = []
    for n, table in enumerate(tables):
        if n >= start:
            recorded.append((places.strengths(table.players), choice.strengths(table.players)))
        places.rate(table.players, table.ranks)
        choice.rate(table.players, table.ranks)
    return recorded


def _combined(record: tuple[list[float], list[float]], weight: float, scale: float) -> list[float]:
    return [weight * a + scale * m for a, m in zip(*record, strict=True)]


def _log_likelihood(recorded: Recorded, window: Sequence[Table], weight: float, scale: float) -> float:
    return sum(math.log(max(order_probability(_combined(record, weight, scale), table.ranks), 1e-300))
               for record, table in zip(recorded, window, strict=False))  # fmt: skip


class _Replayed:
    """A model whose strengths were kept: `held_out` scores them as it scores a live model's."""

    def __init__(self, strengths: list[list[float]]) -> None:
        self._next = iter(strengths)

    def strengths(self, players: Sequence[int]) -> list[float]:
        return next(self._next)

    def rate(self, players: Sequence[int], ranks: Sequence[int]) -> None:
        return None


def _scores(recorded: Recorded, window: Sequence[Table], cut: int, weight: float, scale: float) -> Scores:
    later = [_combined(record, weight, scale) for record in recorded[cut:]]
    return held_out(window, _Replayed(later), cut)
