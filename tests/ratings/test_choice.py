"""The choice model over the cards in hand (ratings/lab/choice.py; issue 58, item 3): a player's pick skill is
learnt from which card they took among those offered."""

import random

import pytest

from ratings.lab.choice import ChoiceModel, Pick, TrueSkillWithPicks
from ratings.lab.report import TrueSkillModel
from ratings.trueskill_step import Environment

DEFAULTS = Environment(25.0, 25 / 3, 25 / 6, 25 / 300, 0.1)


def test_one_pick_moves_the_belief_by_one_newton_step() -> None:
    """Worth standardised to +1 and -1; from m = 0 both cards are equally likely (mean 0, variance 1): taking
    the better one is a surprise of 1, the precision goes from 1 to 2, so m = 0 + 1 / 2."""
    model = ChoiceModel({"good": 1.0, "bad": -1.0}, [(Pick(7, ("good", "bad"), 0),)])
    model.rate([7], [1])
    assert model.skill(7) == pytest.approx(0.5)
    assert model.belief[7][1] == pytest.approx(2.0)


def test_a_hand_of_one_card_says_nothing() -> None:
    model = ChoiceModel({"good": 1.0, "bad": -1.0}, [(Pick(7, ("good",), 0),)])
    model.rate([7], [1])
    assert model.skill(7) == 0.0


def test_who_takes_the_better_cards_is_rated_above_who_takes_at_random() -> None:
    rng = random.Random(5)
    worth = {f"c{i}": float(i) for i in range(10)}
    tables = []
    for _ in range(20):
        picks = []
        for player, skilled in ((1, True), (2, False)):
            for size in range(7, 1, -1):
                hand = tuple(rng.sample(sorted(worth), size))
                taken = max(range(size), key=lambda i: worth[hand[i]]) if skilled else rng.randrange(size)
                picks.append(Pick(player, hand, taken))
        tables.append(tuple(picks))
    model = ChoiceModel(worth, tables, scale=2.0)
    for _ in tables:
        model.rate([1, 2], [1, 2])
    assert model.skill(1) > 1.0 > model.skill(2)  # the better drafter is sure, the other near 0
    assert model.strengths([1, 2]) == [2.0 * model.skill(1), 2.0 * model.skill(2)]


def test_with_trueskill_the_strength_is_the_weighted_sum_of_both() -> None:
    picks = [(Pick(1, ("good", "bad"), 0), Pick(2, ("good", "bad"), 1))]
    both = TrueSkillWithPicks(DEFAULTS, {"good": 1.0, "bad": -1.0}, picks, scale=3.0, weight=0.5)
    alone = TrueSkillModel(DEFAULTS)
    both.rate([1, 2], [1, 2])
    alone.rate([1, 2], [1, 2])
    expected = [0.5 * a + 3.0 * m for a, m in zip(alone.strengths([1, 2]), [0.5, -0.5], strict=True)]
    assert both.strengths([1, 2]) == pytest.approx(expected)
