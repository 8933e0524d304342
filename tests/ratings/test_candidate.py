"""The draft-aware candidate in a real pool's quality report (issue 69, item 6; ratings/lab/candidate.py): its
figures are what replaying its models scores, its weight and scale what the lab's own fit chooses on the
earlier tables, and a pool with too few known drafts gets none."""

import math
from dataclasses import replace
from functools import partial

import pytest

from ratings.lab import candidate
from ratings.lab.candidate import PoolDrafts, candidate_figures
from ratings.lab.choice import SCALES, WEIGHTS, TrueSkillWithPicks, fitted_scale
from ratings.lab.ground_truth import swiss_events
from ratings.lab.report import TrueSkillModel, held_out
from ratings.trueskill_step import Environment

DEFAULTS = Environment(25.0, 25 / 3, 25 / 6, 25 / 300, 0.1)


@pytest.fixture(scope="module")
def played():
    played = swiss_events(16, 5, 3, seed=5)  # 60 tables of four, each with its picks
    tables = [replace(table, source=f"table:{n}") for n, table in enumerate(played.tables)]
    return tables, played.picks, played.statistics


def test_the_candidate_scores_what_replaying_its_models_scores_with_the_labs_own_fit(played) -> None:
    tables, picks, worth = played
    drafts = PoolDrafts({table.source: table_picks for table, table_picks in zip(tables, picks, strict=True)}, worth)
    found = candidate_figures(tables, DEFAULTS, drafts)
    assert found is not None
    cut = int(len(tables) * 0.8)
    assert (found.tables, found.drafted, found.held_out) == (60, 60, 60 - cut)
    make = partial(TrueSkillWithPicks, DEFAULTS, worth, picks)
    assert (found.scale, found.weight) == fitted_scale(tables, cut, make, [(s, w) for s in SCALES for w in WEIGHTS])
    assert found.models["trueskill"] == held_out(tables, TrueSkillModel(DEFAULTS), cut)
    assert found.models["trueskill_choice"] == held_out(tables, make(found.scale, found.weight), cut)
    assert found.models["trueskill_scaled"].tables == found.held_out
    assert found.uniform_log_likelihood == pytest.approx(-math.log(24))  # tables of four, no ties: 1 order in 24
    scaled = max(candidate.BASELINE_WEIGHTS, key=lambda w: held_out(tables[:cut], make(0.0, w), 0).log_likelihood)
    assert found.baseline_weight == scaled
    assert set(found.as_json()["models"]) == {"trueskill", "trueskill_scaled", "trueskill_choice"}


def test_only_the_latest_window_is_scored_and_too_few_drafts_give_no_candidate(played, monkeypatch) -> None:
    tables, picks, worth = played
    monkeypatch.setattr(candidate, "WINDOW", 20)
    drafts = PoolDrafts({table.source: table_picks for table, table_picks in zip(tables, picks, strict=True)}, worth)
    monkeypatch.setattr(candidate, "MIN_DRAFTED", 20)
    found = candidate_figures(tables, DEFAULTS, drafts)
    assert found is not None
    assert (found.tables, found.drafted, found.held_out) == (20, 20, 4)
    some = PoolDrafts({table.source: p for table, p in list(zip(tables, picks, strict=True))[-19:]}, worth)
    assert candidate_figures(tables, DEFAULTS, some) is None  # 19 known drafts of the window's 20: too few
