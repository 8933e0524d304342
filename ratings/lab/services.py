"""Compute and keep a pool's quality report (ratings/quality.py, ratings/quality_fit.py; docs/ratings.md), and
a steward adopting the parameters it fitted."""

import dataclasses
import time
from dataclasses import asdict
from typing import Any

from django.db import transaction
from django.utils import timezone

from config.errors import Conflict, DomainError
from ratings.lab.fit import compare
from ratings.lab.models import ParametersDecision, QualityReport
from ratings.lab.report import Table, evaluate
from ratings.models import RatingEvent, RatingPool
from ratings.services.pools import pool_locked, pool_replay
from ratings.trueskill_step import Environment


def pool_quality_refresh(*, pool: RatingPool) -> QualityReport:
    """Replay the pool's tables with its own parameters, predicting each before rating it; fit parameters to
    the earlier 80% and compare them, Elo and openskill on the later 20%; keep the figures."""
    started = time.perf_counter()
    env = pool.environment()
    tables = list(_tables(pool))
    figures: dict[str, Any] = dataclasses.asdict(evaluate(tables, env))
    figures["parameters"] = asdict(env)
    figures["comparison"] = compare(tables, env).as_json() if len(tables) >= MIN_TABLES_TO_FIT else None
    report, _ = QualityReport.objects.update_or_create(
        pool=pool,
        defaults={"computed_at": timezone.now(), "seconds": time.perf_counter() - started, "figures": figures},
    )
    return report


REASON_MOST = 2000  # whatever the door: the API, the page
MIN_TABLES_TO_FIT = 50  # fewer, and the later 20% is too few tables to tell parameters apart


def pools_quality_refresh() -> int:
    """Every pool's report (the nightly task); returns how many."""
    pools = list(RatingPool.objects.all())
    for pool in pools:
        pool_quality_refresh(pool=pool)
    return len(pools)


def _tables(pool: RatingPool) -> Any:
    matches = pool.events.filter(kind=RatingEvent.Kind.MATCH).order_by("order_at", "id")
    for at, placings in matches.values_list("order_at", "placings").iterator(chunk_size=5000):
        yield Table(at, tuple(p["player"] for p in placings), tuple(p["rank"] for p in placings))


def pool_parameters_adopt(*, game: str, actor: str, reason: str) -> ParametersDecision:
    """The pool takes the parameters its newest quality report fitted, and is replayed under them, all in one
    transaction; the decision is recorded. Refused when there is no fitted report, when the pool's parameters
    changed since the report (it compared other ones), or when the fit is no better on the held-out tables."""
    reason = " ".join(reason.split())
    if not reason:
        raise DomainError("say why the parameters are adopted", "reason_required", "reason")
    if len(reason) > REASON_MOST:
        raise DomainError(f"a reason is at most {REASON_MOST} characters", "reason_too_long", "reason")
    with transaction.atomic():
        pool = pool_locked(game)
        report = QualityReport.objects.filter(pool=pool).first()
        comparison = report.figures.get("comparison") if report else None
        if report is None or not comparison:
            raise Conflict(f"the {game} pool has no fitted parameters yet: its quality report comes first",
                           "no_fitted_parameters", "game")  # fmt: skip
        held_out = {model["name"]: model for model in comparison["models"]}
        before = asdict(pool.environment())
        if held_out["current"]["parameters"] != before:
            raise Conflict("the pool's parameters changed since its quality report: wait for the next one",
                           "report_outdated", "game")  # fmt: skip
        if held_out["fitted"]["log_likelihood"] <= held_out["current"]["log_likelihood"]:
            raise Conflict("the fitted parameters predict the held-out tables no better than the pool's own",
                           "fit_not_better", "game")  # fmt: skip
        after = Environment(**held_out["fitted"]["parameters"])
        pool.mu, pool.sigma, pool.beta, pool.tau, pool.draw_probability = (
            after.mu, after.sigma, after.beta, after.tau, after.draw_probability,
        )  # fmt: skip
        pool.save(update_fields=["mu", "sigma", "beta", "tau", "draw_probability"])
        replayed = pool_replay(pool=pool, actor=f"{actor}: parameters adopted")
        return ParametersDecision.objects.create(
            pool=pool, decided_by=actor[:150], decided_at=timezone.now(), reason=reason, before=before,
            after=asdict(after), held_out_before=held_out["current"]["log_likelihood"],
            held_out_after=held_out["fitted"]["log_likelihood"], report_computed_at=report.computed_at,
            events_replayed=replayed,
        )  # fmt: skip
