"""The lab's independent ground truth (issue 69, item 6; ratings/lab/own_row.py): players who pick by what a card
adds to their own row and score the activity their play skill finds; every model reported on it, the report
naming its generator and giving TrueSkill's calibration."""

from statistics import fmean

import pytest

from ratings.lab.generators import GENERATORS, generator_report
from ratings.lab.own_row import own_row_events
from ratings.trueskill_step import Environment

DEFAULTS = Environment(25.0, 25 / 3, 25 / 6, 25 / 300, 0.1)


def test_the_better_players_of_the_independent_generator_finish_higher() -> None:
    played = own_row_events(32, 4, 3, seed=3)
    places: dict[int, list[int]] = {}
    for table in played.tables:
        for player, rank in zip(table.players, table.ranks, strict=True):
            places.setdefault(player, []).append(rank)
    by_skill = sorted(played.skill, key=played.skill.get)
    worst, best = by_skill[:8], by_skill[-8:]
    assert fmean(r for p in best for r in places[p]) < fmean(r for p in worst for r in places[p]) - 0.3
    assert len(played.picks) == len(played.tables) == len(played.par_tables)
    assert all(len(picks) == 4 * 7 * 4 for picks in played.picks)  # every pick kept, for the choice model


@pytest.mark.parametrize("name", sorted(GENERATORS))
def test_a_report_names_the_generator_it_was_scored_on_and_gives_a_calibration_table(name: str) -> None:
    played = GENERATORS[name](16, 3, 2, 5)
    report = generator_report(name, played, DEFAULTS)
    assert report["generator"] == name
    assert report["tables"] == len(played.tables) == 24
    assert {"trueskill", "choice", "trueskill_choice"} <= set(report["correlations"]) == set(report["held_out"])
    calibration = report["calibration"]
    assert sum(line["count"] for line in calibration) == 4 * len(played.tables)  # every seat's chance to win
    for line in calibration:
        assert line["low"] <= line["predicted"] <= line["high"]
        assert 0 <= line["observed"] <= 1
