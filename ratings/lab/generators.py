"""The lab's ground truths side by side (issue 69, item 6): every model scored on each, each report naming the
generator it was scored on, with TrueSkill's calibration there (how often players given a chance to win won).

`card_worth` is ground_truth.py's (players pick by a card's mean worth: the choice model's own statistic, so
its figures there are circular); `own_row` is own_row.py's (players pick by what a card adds to their own row,
and part of their skill is the activity they score), made independently of any model's assumption."""

from collections.abc import Callable
from dataclasses import asdict
from typing import Any

from ratings.lab.ground_truth import Played, draft_aware_figures, swiss_events
from ratings.lab.own_row import own_row_events
from ratings.lab.report import evaluate
from ratings.trueskill_step import Environment

GENERATORS: dict[str, Callable[[int, int, int, int], Played]] = {
    "card_worth": lambda players, events, rounds, seed: swiss_events(players, events, rounds, seed, with_par=True),
    "own_row": own_row_events,
}


def generator_report(name: str, played: Played, env: Environment) -> dict[str, Any]:
    """Every model of the lab on one ground truth: what each knows of the hidden skill after 1, 3 and 5
    events, its predictions of the later 20% of the tables, and TrueSkill's calibration over all of them."""
    figures = draft_aware_figures(played, env)
    quality = evaluate(played.tables, env)
    return {
        "generator": name,
        "tables": len(played.tables),
        "correlations": figures.correlations,
        "held_out": {model: asdict(scores) for model, scores in figures.held_out.items()},
        "calibration": [asdict(line) for line in quality.calibration],
        "scales": figures.scales,
    }
