"""The rules lab's readings (issue 58, item 5): another reading of a rule, as a parameter of the pure engines;
the shipped reading stays the default."""

import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

import games
from games import australia
from games.readings import READINGS, Reading, reading_compare
from games.simulate import legal_sheet

GAME = australia.GAME
DECK = games.GAMES[GAME].default_edition()


def tables(count: int, seed: int) -> list[dict]:
    rng = random.Random(seed)
    return [legal_sheet(GAME, rng.choice((2, 3, 4)), rng) for _ in range(count)]


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_a_reading_that_is_the_shipped_rules_changes_no_table(seed: int) -> None:
    same = Reading("shipped", GAME, "the shipped rules", replace(australia.RULES))
    report = reading_compare(same, DECK, tables(3, seed))
    assert (report.tables, report.winners_changed, report.places_changed) == (3, 0, 0)


def test_two_activity_icons_scoring_one_changes_some_winners_and_never_more_than_the_places() -> None:
    report = reading_compare(READINGS["two-activity-icons-score-one"], DECK, tables(300, seed=58))
    assert report.tables == 300
    assert 0 < report.winners_changed <= report.places_changed < report.tables
    print(report.as_json())  # the figure the issue quotes for Board Game Arena's tables: 5.7% of winners


def test_the_engines_default_is_the_shipped_reading_the_rules_text_gives() -> None:
    """docs/rules.md, "Australia: 2 activity icons score 2, not 1": the default scores 2 for two icons."""
    assert australia.activity_points(2, 0, 4, DECK) == 2
    assert READINGS["two-activity-icons-score-one"].rules.blue_points(2, 0, 4, DECK) == 1
    assert all(reading.game in games.GAMES for reading in READINGS.values())
