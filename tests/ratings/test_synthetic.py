"""Elo-MMR's synthetic row (ratings/lab/synthetic.py; issue 58, item 4): their generator's data, their
evaluation, the lab's TrueSkill beside the paper's figure."""

from statistics import fmean, pstdev

from ratings.lab.report import TrueSkillModel
from ratings.lab.synthetic import ELO_MMR_TRUESKILL, elo_mmr_figures, elo_mmr_rounds

PAPER_TRUESKILL_PAIR_ACCURACY = 0.833  # as issue 58 quotes the paper's synthetic 5-players-a-round row


def test_the_generator_draws_five_distinct_players_a_round_ranked_without_ties() -> None:
    tables = elo_mmr_rounds(seed=2, rounds=3000)
    assert len(tables) == 3000
    for table in tables:
        assert len(set(table.players)) == 5
        assert sorted(table.ranks) == [1, 2, 3, 4, 5]
    seen = {p for t in tables for p in t.players}
    assert len(seen) > 990  # 15,000 seats over 1,000 players


def test_better_players_finish_higher_as_the_generator_means() -> None:
    """The players' mean place falls with how often they won: the ranks carry the skill, through noise."""
    tables = elo_mmr_rounds(seed=3, rounds=6000)
    places: dict[int, list[int]] = {}
    for table in tables:
        for player, rank in zip(table.players, table.ranks, strict=True):
            places.setdefault(player, []).append(rank)
    means = [fmean(v) for v in places.values() if len(v) >= 20]
    assert 2.9 < fmean(means) < 3.1  # the middle of 1-5
    assert pstdev(means) > 0.5  # skill spreads the players' mean places far beyond chance's (about 0.3)


def test_the_labs_trueskill_reproduces_the_papers_row() -> None:
    """The whole row (15,000 rounds, the first tenth training): the lab's TrueSkill with the paper's parameters
    orders pairs as well as the paper's TrueSkill did, to within 1.5 points (the seeds of BENCHMARKS.md span
    less than a point)."""
    figures = elo_mmr_figures(elo_mmr_rounds(seed=1), TrueSkillModel(ELO_MMR_TRUESKILL))
    assert figures.rounds_scored == 13_500
    assert abs(figures.pair_accuracy - PAPER_TRUESKILL_PAIR_ACCURACY) < 0.015, figures
    assert 0.10 < figures.rank_deviation < 0.20
