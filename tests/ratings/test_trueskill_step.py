"""The TrueSkill step: trueskill's tie asymmetry (its issue #13), measured in the package and corrected in the
service's update."""

import trueskill

from ratings import trueskill_chain
from ratings.trueskill_step import Environment, widen

ENV = trueskill.TrueSkill(draw_probability=0.10)
SERVICE_ENV = Environment(ENV.mu, ENV.sigma, ENV.beta, ENV.tau, ENV.draw_probability)


def rate_free_for_all(_env: trueskill.TrueSkill, priors: list, ranks: list[int]) -> list:
    """The service's update, with the package's default parameters."""
    return trueskill_chain.rate(SERVICE_ENV, priors, ranks)


FRESH = (25.0, 25.0 / 3)


def test_raw_trueskill_gives_tied_players_with_equal_priors_different_ratings() -> None:
    groups = [(ENV.create_rating(),) for _ in range(4)]
    first, second = (group[0].mu for group in ENV.rate(groups, ranks=[0, 0, 1, 2])[:2])
    assert 0.001 < abs(first - second) < 0.05  # measured: 29.263 vs 29.272


def test_tied_players_with_equal_priors_end_up_equal() -> None:
    after = rate_free_for_all(ENV, [FRESH] * 4, [1, 1, 3, 4])
    assert after[0] == after[1]
    assert after[0][0] > after[2][0] > after[3][0]


def test_tied_players_with_different_priors_keep_different_updates() -> None:
    after = rate_free_for_all(ENV, [(30.0, 5.0), FRESH, FRESH, FRESH], [1, 1, 3, 4])
    assert after[0] != after[1]


def test_the_mean_keeps_the_ties_total_mu() -> None:
    groups = [(ENV.create_rating(),) for _ in range(4)]
    raw = [g[0].mu for g in ENV.rate(groups, ranks=[0, 0, 1, 2])]
    fixed = [mu for mu, _ in rate_free_for_all(ENV, [FRESH] * 4, [1, 1, 3, 4])]
    assert abs(sum(raw) - sum(fixed)) < 1e-9


def test_inactivity_widens_sigma_but_never_past_the_starting_sigma() -> None:
    assert widen(3.0, 4.0, 25 / 3) == 5.0
    assert widen(8.0, 4.0, 25 / 3) == 25 / 3
