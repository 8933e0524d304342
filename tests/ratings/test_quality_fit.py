"""The quality lab's comparison (ratings/lab/fit.py): parameters fitted on the earlier 80% of a pool's
tables, scored with the pool's own, Elo and openskill on the later 20%; and a steward adopting them (the pool
replayed, the decision recorded, the next official list showing the change)."""

import io
import random
from datetime import UTC, datetime, timedelta

import pytest
from django.core.management import call_command
from django.test import Client

from config.errors import DomainError
from ratings.lab.fit import _parabola_top, compare
from ratings.lab.models import ParametersDecision
from ratings.models import RatingPool
from ratings.services.lists import list_publish
from ratings.services.pools import Match, Placing, matches_record
from ratings.trueskill_step import Environment
from tests.factories import OrganisationFactory, PlayerFactory
from tests.ratings.test_quality import ENV, simulated
from tests.ratings.test_services import assert_same, from_scratch, stored
from tournaments.models import RatingBody, Staff

GAME = "boomerang-usa"  # the pool tests/ratings/test_services.py's reference replay reads
T0 = datetime(2026, 1, 5, 20, tzinfo=UTC)


def test_the_parabola_peaks_between_the_points_tried() -> None:
    assert _parabola_top(-3.0, -1.0, -2.0) == pytest.approx(1 / 6)  # -(x - 1/6)^2 shaped
    assert _parabola_top(-1.0, -2.0, -1.0) is None  # opens upwards: no peak
    assert _parabola_top(-9.0, -4.0, -1.0) == 2.0  # still rising: as far as allowed


def test_every_model_is_scored_on_the_same_later_tables_and_knows_more_than_nothing() -> None:
    comparison = compare(simulated(500, seed=5), ENV)
    assert (comparison.training_tables, comparison.held_out_tables) == (400, 100)
    assert [m.name for m in comparison.models] == ["current", "fitted", "elo", "openskill"]
    assert all(m.scores.tables == 100 for m in comparison.models)
    for model in comparison.models:
        assert model.scores.log_likelihood > comparison.uniform_log_likelihood, model.name
        assert model.scores.winner_accuracy > 0.3, model.name
    assert comparison.fit.training_log_likelihood >= comparison.fit.start_log_likelihood
    assert comparison.fit.replays <= 13


def test_the_fit_mends_parameters_far_from_the_truth() -> None:
    """Players' performances vary with beta 25/6; a pool told beta is 0.5 is far too sure of each result."""
    wrong = Environment(25.0, 25 / 3, 0.5, 25 / 300, 0.1)
    comparison = compare(simulated(800, seed=6), wrong)
    held_out = {m.name: m.scores for m in comparison.models}
    assert comparison.fit.env.beta > 1.0
    assert held_out["fitted"].log_likelihood > held_out["current"].log_likelihood + 0.05


def record_simulated_pool(tables: int, beta: float) -> list:
    """`tables` four-player tables of twelve players with a hidden skill, rated in a pool whose beta is `beta`."""
    RatingPool.objects.update_or_create(game=GAME, defaults={"beta": beta})
    players = [PlayerFactory() for _ in range(12)]
    rng = random.Random(7)
    skill = {p.user_id: rng.gauss(25, 6) for p in players}
    matches = []
    for n in range(tables):
        four = rng.sample(players, 4)
        order = sorted(four, key=lambda p: -rng.gauss(skill[p.user_id], 25 / 6))
        matches.append(Match(f"table:{n}", T0 + timedelta(hours=n),
                             [Placing(p.user_id, p.handle, order.index(p) + 1) for p in four]))  # fmt: skip
    matches_record(game=GAME, matches=matches)
    return players


def steward_client() -> Client:
    federation = OrganisationFactory(kind="federation")
    RatingBody.objects.create(game=GAME, organisation=federation)
    steward = PlayerFactory()
    Staff.objects.create(organisation=federation, user=steward.user, role="organiser")
    client = Client()
    client.force_login(steward.user)
    client.username = steward.user.username
    return client


@pytest.mark.django_db
def test_a_steward_adopts_the_fitted_parameters_and_the_next_list_shows_them() -> None:
    players = record_simulated_pool(200, beta=0.5)
    url = f"/api/ratings/pools/{GAME}/quality/adopt/"
    steward = steward_client()
    refused = steward.post(url, {"reason": "no report yet"}, content_type="application/json")
    assert (refused.status_code, refused.json()["code"]) == (409, "no_fitted_parameters")
    call_command("rating_quality", GAME, stdout=io.StringIO())
    served = Client().get(f"/api/ratings/pools/{GAME}/quality/").json()
    held_out = {m["name"]: m for m in served["comparison"]["models"]}
    assert held_out["current"]["parameters"]["beta"] == 0.5
    assert held_out["fitted"]["log_likelihood"] > held_out["current"]["log_likelihood"]
    fitted = served["comparison"]["fitted"]["parameters"]
    before = list_publish(game=GAME, name="before", actor="steward")

    player = Client()
    player.force_login(players[0].user)
    assert player.post(url, {"reason": "mine"}, content_type="application/json").status_code == 403
    from ratings.lab.services import pool_parameters_adopt

    with pytest.raises(DomainError, match="at most 2000"):  # the page's door too: one rule in the service
        pool_parameters_adopt(game=GAME, actor="steward", reason="x" * 2001)
    unsaid = steward.post(url, {"reason": "  "}, content_type="application/json")
    assert (unsaid.status_code, unsaid.json()["field"]) == (400, "reason")
    adopted = steward.post(url, {"reason": "The fit predicts the later tables better."},
                           content_type="application/json")  # fmt: skip
    assert adopted.status_code == 201, adopted.content
    assert adopted.json()["after"] == fitted
    pool = RatingPool.objects.get(game=GAME)
    assert pool.beta == pytest.approx(fitted["beta"])
    assert pool.tau == pytest.approx(fitted["tau"])
    decision = ParametersDecision.objects.get()
    assert decision.before["beta"] == 0.5
    assert decision.events_replayed == 200
    assert_same(stored(), from_scratch())  # the pool is replayed under the new parameters

    after = list_publish(game=GAME, name="after", actor="steward")
    mu_before = dict(before.entries.values_list("player_id", "mu"))
    mu_after = dict(after.entries.values_list("player_id", "mu"))
    assert mu_before.keys() == mu_after.keys()
    assert mu_before != mu_after
    again = steward.post(url, {"reason": "twice"}, content_type="application/json")
    assert (again.status_code, again.json()["code"]) == (409, "report_outdated")
    decisions = Client().get(f"/api/ratings/pools/{GAME}/quality/").json()["decisions"]
    assert [d["reason"] for d in decisions] == ["The fit predicts the later tables better."]


@pytest.mark.django_db
def test_the_quality_page_compares_and_a_steward_adopts_there_in_english_and_french() -> None:
    record_simulated_pool(120, beta=0.5)
    call_command("rating_quality", GAME, stdout=io.StringIO())
    url = f"/leaderboards/{GAME}/quality/"
    page = Client().get(url).content.decode()
    assert "Which parameters predict best?" in page
    assert "openskill (Plackett-Luce)" in page
    assert 'name="reason"' not in page  # not for a visitor
    steward = steward_client()
    assert 'name="reason"' in steward.get(url).content.decode()
    french = Client(HTTP_ACCEPT_LANGUAGE="fr").get(url).content.decode()
    assert "Quels paramètres prédisent le mieux ?" in french
    refused = steward.post(f"{url}adopt/", {"reason": ""}, follow=True).content.decode()
    assert "Say why." in refused
    assert not ParametersDecision.objects.exists()
    adopted = steward.post(f"{url}adopt/", {"reason": "Better on the later tables."}, follow=True)
    assert "The fitted parameters are adopted" in adopted.content.decode()
    assert "Better on the later tables." in adopted.content.decode()
    assert ParametersDecision.objects.get().decided_by == steward.username
