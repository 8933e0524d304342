"""TrueSkill's free-for-all update, the one the service rates with: the pools (ratings/services/pools.py) and
the quality lab (ratings/lab/report.py). It is the `trueskill` package's own message schedule written out for
tables of one-player teams with plain floats: the same factor graph, the same order of messages, the same
stopping rule (10 sweeps at most, until no marginal moves by more than 0.0001) and the package's normal
distribution (its erfc's approximation included), several times faster than the package's objects
(bench/ratings.py, BENCHMARKS.md). The package stays as the tests' oracle (tests/ratings/trueskill_oracle.py):
a pool replayed by either gives every rating within 1e-9 (tests/ratings/test_services.py); on single tables
of the most lopsided upsets the two round apart by up to 2e-7 (tests/ratings/test_trueskill_chain.py). Unlike
the package, it never gives up on an upset (the package's FloatingPointError), so no table stops a replay.

Gaussians are kept as (pi, tau): precision and precision-adjusted mean, so multiplying two adds them.
"""

import math
from collections.abc import Sequence

from trueskill.backends import erfc, ppf

from ratings.trueskill_step import Environment, Skill, ties_averaged

MIN_DELTA = 0.0001
SWEEPS = 10


def rate(env: Environment, priors: Sequence[Skill], ranks: Sequence[int]) -> list[Skill]:
    """Rate one table: lower rank is better, equal ranks are draws; tied players with equal priors leave equal
    (`trueskill_step.ties_averaged`)."""
    order = sorted(range(len(priors)), key=lambda i: ranks[i])
    n = len(order)
    margin = ppf((env.draw_probability + 1) / 2.0) * math.sqrt(2) * env.beta
    beta2, tau2 = env.beta * env.beta, env.tau * env.tau
    prior_pi, prior_tau, perf_pi, perf_tau = [], [], [], []
    for i in order:
        mu, sigma = priors[i]
        pi = 1.0 / (sigma * sigma + tau2)
        prior_pi.append(pi)
        prior_tau.append(pi * mu)
        a = 1.0 / (1.0 + beta2 * pi)  # the likelihood factor's message down: the performance
        perf_pi.append(a * pi)
        perf_tau.append(a * pi * mu)
    tied = [ranks[order[k]] == ranks[order[k + 1]] for k in range(n - 1)]
    chain = _Chain(perf_pi, perf_tau, margin, tied)
    chain.run()
    posteriors: list[Skill] = [(0.0, 0.0)] * n
    for k, i in enumerate(order):
        up_pi, up_tau = chain.from_diffs(
            k, perf_pi[k], perf_tau[k]
        )  # the team's performance, less what it brought: up to the rating
        a = 1.0 / (1.0 + beta2 * up_pi)
        pi, tau = prior_pi[k] + a * up_pi, prior_tau[k] + a * up_tau
        posteriors[i] = (tau / pi, math.sqrt(1.0 / pi))
    return ties_averaged(posteriors, priors, ranks)


class _Chain:
    """The performances t_0..t_{n-1} in finishing order, the differences d_k = t_k - t_{k+1} and their
    truncations. Each t keeps its marginal (the sum of its messages) and the messages of the differences on
    its left and right; a cavity is the marginal less one message."""

    def __init__(self, perf_pi: list[float], perf_tau: list[float], margin: float, tied: list[bool]) -> None:
        self.n = len(perf_pi)
        self.margin, self.tied = margin, tied
        self.pi, self.tau = list(perf_pi), list(perf_tau)  # t's marginals: its own player's message so far
        links = self.n - 1
        self.left_pi, self.left_tau = [0.0] * links, [0.0] * links  # difference k's message to t_k
        self.right_pi, self.right_tau = [0.0] * links, [0.0] * links  # difference k's message to t_{k+1}
        self.down_pi, self.down_tau = [0.0] * links, [0.0] * links  # difference k's message to d_k
        self.trunc_pi, self.trunc_tau = [0.0] * links, [0.0] * links  # the truncation's message to d_k

    def run(self) -> None:
        last = self.n - 2
        for _sweep in range(SWEEPS):
            delta = 0.0
            if last == 0:
                self._diff_down(0)
                delta = self._trunc_up(0)
            else:
                for k in range(last):
                    self._diff_down(k)
                    delta = max(delta, self._trunc_up(k))
                    self._diff_up_right(k)
                for k in range(last, 0, -1):
                    self._diff_down(k)
                    delta = max(delta, self._trunc_up(k))
                    self._diff_up_left(k)
            if delta <= MIN_DELTA:
                break
        self._diff_up_left(0)
        self._diff_up_right(last)

    def _diff_down(self, k: int) -> None:
        a_pi, a_tau = self.pi[k] - self.left_pi[k], self.tau[k] - self.left_tau[k]
        b_pi, b_tau = self.pi[k + 1] - self.right_pi[k], self.tau[k + 1] - self.right_tau[k]
        self.down_pi[k], self.down_tau[k] = _difference(a_pi, a_tau, b_pi, -b_tau)

    def _trunc_up(self, k: int) -> float:
        """The truncation's new message to d_k; how far d_k's marginal moved (the package's delta)."""
        c_pi, c_tau = self.down_pi[k], self.down_tau[k]
        sqrt_pi = math.sqrt(c_pi)
        v, w = _vw(c_tau / sqrt_pi, self.margin * sqrt_pi, self.tied[k])
        pi, tau = c_pi / (1.0 - w), (c_tau + sqrt_pi * v) / (1.0 - w)
        moved = max(abs(tau - c_tau - self.trunc_tau[k]), math.sqrt(abs(pi - c_pi - self.trunc_pi[k])))
        self.trunc_pi[k], self.trunc_tau[k] = pi - c_pi, tau - c_tau
        return moved

    def _diff_up_right(self, k: int) -> None:
        """To t_{k+1} = t_k - d_k."""
        a_pi, a_tau = self.pi[k] - self.left_pi[k], self.tau[k] - self.left_tau[k]
        d_pi, d_tau = self.trunc_pi[k], self.trunc_tau[k]
        pi, tau = _difference(a_pi, a_tau, d_pi, -d_tau)
        self.pi[k + 1] += pi - self.right_pi[k]
        self.tau[k + 1] += tau - self.right_tau[k]
        self.right_pi[k], self.right_tau[k] = pi, tau

    def _diff_up_left(self, k: int) -> None:
        """To t_k = d_k + t_{k+1}."""
        b_pi, b_tau = self.pi[k + 1] - self.right_pi[k], self.tau[k + 1] - self.right_tau[k]
        d_pi, d_tau = self.trunc_pi[k], self.trunc_tau[k]
        pi, tau = _difference(b_pi, b_tau, d_pi, d_tau)
        self.pi[k] += pi - self.left_pi[k]
        self.tau[k] += tau - self.left_tau[k]
        self.left_pi[k], self.left_tau[k] = pi, tau

    def from_diffs(self, t: int, own_pi: float, own_tau: float) -> tuple[float, float]:
        """What the differences say of t: its marginal less its own player's message."""
        return self.pi[t] - own_pi, self.tau[t] - own_tau


def _difference(a_pi: float, a_tau: float, b_pi: float, b_tau: float) -> tuple[float, float]:
    """The sum of two independent Gaussians (negate b's tau for a difference). A message of no precision
    makes the sum one of no precision, as in the package (its SumFactor's ZeroDivisionError)."""
    if a_pi == 0 or b_pi == 0:
        return 0.0, 0.0
    pi = 1.0 / (1.0 / a_pi + 1.0 / b_pi)
    return pi, pi * (a_tau / a_pi + b_tau / b_pi)


def cdf(x: float) -> float:
    """The package's own normal distribution, its erfc's approximation included, written as it computes
    it: so the pools' ratings are the package's to the last bits (tests/ratings/test_trueskill_chain.py)."""
    return 0.5 * float(erfc(-x / (1 * math.sqrt(2))))


def pdf(x: float) -> float:
    return 1 / math.sqrt(2 * math.pi) * 1 * math.exp(-((x / 1) ** 2 / 2))


def _vw(diff: float, margin: float, tied: bool) -> tuple[float, float]:
    """TrueSkill's v and w (the package's v_win/w_win, v_draw/w_draw)."""
    if not tied:
        x = diff - margin
        denom = cdf(x)
        v = pdf(x) / denom if denom else -x
        return v, v * (v + x)
    abs_diff = abs(diff)
    a, b = margin - abs_diff, -margin - abs_diff
    denom = cdf(a) - cdf(b)
    v = (pdf(b) - pdf(a)) / denom if denom else a
    w = v * v + (a * pdf(a) - b * pdf(b)) / denom
    return (-v if diff < 0 else v), w
