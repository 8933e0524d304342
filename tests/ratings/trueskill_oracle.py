"""The `trueskill` package, the oracle the service's own TrueSkill (ratings/trueskill_chain.py) is held to."""

from collections.abc import Sequence

import trueskill

from ratings.trueskill_step import Environment, Skill, ties_averaged


def package_env(env: Environment) -> trueskill.TrueSkill:
    return trueskill.TrueSkill(mu=env.mu, sigma=env.sigma, beta=env.beta, tau=env.tau,
                               draw_probability=env.draw_probability)  # fmt: skip


def package_rate(env: trueskill.TrueSkill, priors: Sequence[Skill], ranks: Sequence[int]) -> list[Skill]:
    """One table rated by the package: lower rank is better, equal ranks are draws; tied players with equal
    priors averaged, as the service does."""
    groups = [(env.create_rating(mu=mu, sigma=sigma),) for mu, sigma in priors]
    posteriors = [(group[0].mu, group[0].sigma) for group in env.rate(groups, ranks=list(ranks))]
    return ties_averaged(posteriors, priors, ranks)
