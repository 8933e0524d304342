"""The literature's figures in the quality report (issue 58, item 4): pair inversion, rank deviation, top-3 hit
and pairwise error, for the pool's replay and for every model of the comparison; on a table they are what
their definitions give, and the API and the page list them for each model."""

import io
import random
from dataclasses import replace

import pytest
from django.test import Client

from ratings.lab.fit import compare
from ratings.lab.report import evaluate, literature_figures
from tests.ratings.test_quality import ENV, simulated
from tests.ratings.test_quality_fit import record_simulated_pool


def test_a_table_predicted_exactly_has_no_inversion_and_no_deviation() -> None:
    figures = literature_figures([3.0, 2.0, 1.0, 0.0], [1, 2, 3, 4])
    assert (figures.pairs, figures.inverted, figures.deviation, figures.top3) == (6, 0.0, 0.0, 1.0)


def test_a_table_predicted_backwards_inverts_every_pair() -> None:
    figures = literature_figures([0.0, 1.0, 2.0, 3.0], [1, 2, 3, 4])
    assert figures.inverted == figures.pairs == 6
    assert figures.deviation == pytest.approx((3 + 1 + 1 + 3) / 4)  # |place off| / 4 players, summed
    assert figures.top3 == 0.0  # the winner was rated last of four


def test_ties_count_half_and_tied_places_are_shared() -> None:
    figures = literature_figures([1.0, 1.0, 0.0], [1, 2, 2])
    assert figures.pairs == 2  # the two tied for second are no pair
    assert figures.inverted == 0.5  # the winner and the second were predicted level
    predicted, actual = [1.5, 1.5, 3.0], [1.0, 2.5, 2.5]
    assert figures.deviation == pytest.approx(sum(abs(p - q) for p, q in zip(predicted, actual, strict=True)) / 3)


def test_every_model_reports_the_literatures_figures_better_than_chance() -> None:
    comparison = compare(simulated(500, seed=5), ENV)
    for model in comparison.models:
        assert 0.0 < model.scores.pair_inversion < 0.5, model.name  # chance inverts half the pairs
        assert 0.0 < model.scores.rank_deviation < 0.5, model.name
        assert model.scores.top3_hit > 0.75, model.name  # three of four players by chance
        assert 0.0 < model.scores.pairwise_error < 0.25, model.name  # 0.25: always saying 50%
    quality = evaluate(simulated(300, seed=9), ENV)
    assert 0.0 < quality.pair_inversion < 0.5
    rng = random.Random(9)
    shuffled = [replace(table, ranks=tuple(rng.sample(table.ranks, len(table.ranks)))) for table in simulated(300, 9)]
    assert evaluate(shuffled, ENV).pair_inversion > quality.pair_inversion + 0.1  # results unrelated to skill


@pytest.mark.django_db
def test_the_quality_report_lists_pair_inversion_rank_deviation_and_top3_for_each_model() -> None:
    from django.core.management import call_command

    game = "boomerang-usa"
    record_simulated_pool(60, beta=25 / 6)
    call_command("rating_quality", game, stdout=io.StringIO())
    served = Client().get(f"/api/ratings/pools/{game}/quality/").json()
    assert {"pair_inversion", "rank_deviation", "top3_hit"} <= served.keys()
    assert 0 < served["winner_floor"] < served["top_half_floor"] < served["top3_floor"] <= 1  # issue 69: the floors
    assert 0 < served["win_brier"] < served["win_brier_floor"]  # issue 69: the win chance's Brier score
    for model in served["comparison"]["models"]:
        for figure in ("pair_inversion", "rank_deviation", "top3_hit", "pairwise_error"):
            assert 0.0 <= model[figure] <= 1.0, (model["name"], figure)
    page = Client().get(f"/leaderboards/{game}/quality/").content.decode()
    for label in ("Pair inversion", "Rank deviation", "Top 3", "by chance: "):
        assert label in page
    french = Client().get(f"/leaderboards/{game}/quality/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Inversion de paires" in french
