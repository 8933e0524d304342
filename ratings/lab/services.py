"""Compute and keep a pool's quality report (ratings/lab/report.py, ratings/lab/fit.py; docs/ratings.md), and
a steward adopting the parameters it fitted."""

import dataclasses
import time
from dataclasses import asdict
from typing import Any

from django.db import transaction
from django.db.models import Count, Q
from django.utils import timezone
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy

from config.celery import dispatch
from config.errors import Conflict, DomainError
from ratings.lab.candidate import candidate_figures, window_of
from ratings.lab.fit import compare
from ratings.lab.models import ParametersDecision, QualityReport, QualityRun
from ratings.lab.report import Table, evaluate
from ratings.lab.selectors import pool_drafts
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
    figures["candidate"] = _candidate(pool, tables, env)
    figures["enough_tables"] = MIN_TABLES_TO_FIT  # fewer, and the figures are noise: the page and API say so
    report, _ = QualityReport.objects.update_or_create(
        pool=pool,
        defaults={"computed_at": timezone.now(), "seconds": time.perf_counter() - started, "figures": figures},
    )
    QualityRun.objects.filter(pool=pool).update(state=QualityRun.State.DONE, changed_at=timezone.now())
    return report


def _candidate(pool: RatingPool, tables: list[Table], env: Environment) -> dict[str, Any] | None:
    """TrueSkill plus the pick skill scored on the pool's latest tables (ratings/lab/candidate.py), when the
    tournaments side knows their drafts; None otherwise (a game without a draft, too few drafts)."""
    window, cut = window_of(tables)
    drafts = pool_drafts(game=pool.game, sources=[table.source for table in window], training=cut)
    found = candidate_figures(tables, env, drafts) if drafts is not None else None
    return found.as_json() if found is not None else None


REASON_MOST = 2000  # whatever the door: the API, the page
MIN_TABLES_TO_FIT = 50  # fewer, and the later 20% is too few tables to tell parameters apart


def pool_quality_report(*, pool: RatingPool) -> QualityReport | None:
    """The pool's newest report. A small pool's (INLINE_TABLES: a few seconds at most) is computed when
    asked while it has none or it counts fewer tables than the pool holds (a fresh install: `make run` has no
    beat); a big pool's first is sent to the lab's queue at once (None until it lands), later ones nightly."""
    report = QualityReport.objects.filter(pool=pool).first()
    if report is not None and report.figures.get("tables", 0) > INLINE_TABLES:
        return report
    tables = pool.events.filter(kind=RatingEvent.Kind.MATCH).count()
    if report is not None and report.figures.get("tables") == tables:
        return report
    if tables <= INLINE_TABLES:
        return pool_quality_refresh(pool=pool)
    if report is None and not QualityRun.objects.filter(pool=pool, state__in=IN_FLIGHT).exists():
        pool_quality_send(pool=pool, tables=tables)
    return report


INLINE_TABLES = 2000  # at about 1 ms a table (BENCHMARKS.md), a report asked for is computed within 2 s


def pools_quality_dispatch() -> int:
    """Send one report task a pool (the nightly task) to the lab's own queue, each with a time limit that
    fits its pool's tables; returns how many were sent."""
    pools = RatingPool.objects.annotate(tables=Count("events", filter=Q(events__kind=RatingEvent.Kind.MATCH)))
    return sum(pool_quality_send(pool=pool, tables=pool.tables) for pool in pools)


def pool_quality_send(*, pool: RatingPool, tables: int, attempt: int = 1, time_limit: float | None = None) -> bool:
    """Send the pool's report task with its limit (`quality_seconds`, or the one given to a retry) and record
    it queued, for the stewards to see."""
    limit = time_limit if time_limit is not None else quality_seconds(tables, measured=_measured_rate(pool))
    QualityRun.objects.update_or_create(pool=pool, defaults={
        "state": QualityRun.State.QUEUED, "attempt": attempt, "time_limit": limit, "tables": tables})  # fmt: skip
    return dispatch(POOL_QUALITY_TASK, pool.pk, attempt, time_limit=limit)


def pool_quality_timed_out(*, pool: RatingPool, attempt: int) -> QualityRun:
    """The report ran out of its limit: sent again with twice the limit, or left failed after QUALITY_ATTEMPTS."""
    run = QualityRun.objects.get(pool=pool)
    if attempt >= QUALITY_ATTEMPTS:
        run.state = QualityRun.State.FAILED
        run.save(update_fields=["state", "changed_at"])
        return run
    pool_quality_send(pool=pool, tables=run.tables, attempt=attempt + 1, time_limit=run.time_limit * 2)
    return QualityRun.objects.get(pool=pool)


QUALITY_ATTEMPTS = 3
IN_FLIGHT = (QualityRun.State.QUEUED, QualityRun.State.RUNNING, QualityRun.State.TIMED_OUT)


def quality_seconds(tables: int, measured: float | None = None) -> float:
    """A report's time limit for a pool of this many tables: a minute, and three times its rate (the pool's
    own last report's seconds a table when it has one, else what BENCHMARKS.md measured: 93.8 s for 100,000
    tables, about 1 ms a table) for a slower or busier machine."""
    return 60 + tables * max(SECONDS_A_TABLE, measured or 0) * 3


def _measured_rate(pool: RatingPool) -> float | None:
    """The pool's last report's seconds a table (reports of under 1,000 tables are too short to measure)."""
    last = QualityReport.objects.filter(pool=pool).values_list("seconds", "figures__tables").first()
    return last[0] / last[1] if last and last[1] and last[1] >= 1000 else None


SECONDS_A_TABLE = 0.001
POOL_QUALITY_TASK = "ratings.tasks.pool_quality_task"  # by name: ratings/lab/tasks.py calls this module


def _tables(pool: RatingPool) -> Any:
    matches = pool.events.filter(kind=RatingEvent.Kind.MATCH).order_by("order_at", "id")
    for at, placings, source in matches.values_list("order_at", "placings", "source").iterator(chunk_size=5000):
        yield Table(at, tuple(p["player"] for p in placings), tuple(p["rank"] for p in placings), source)


def pool_parameters_adopt(*, game: str, actor: str, reason: str) -> ParametersDecision:
    """The pool takes the parameters its newest quality report fitted, and is replayed under them, all in one
    transaction; the decision is recorded. Refused when there is no fitted report, when the pool's parameters
    changed since the report (it compared other ones), or when the fit is no better on the held-out tables."""
    reason = " ".join(reason.split())
    if not reason:
        raise DomainError("say why the parameters are adopted", "reason_required", "reason")
    if len(reason) > REASON_MOST:
        raise DomainError(
            format_lazy(gettext_lazy("a reason is at most {reason_most} characters"), reason_most=REASON_MOST),
            "reason_too_long",
            "reason",
        )
    with transaction.atomic():
        pool = pool_locked(game)
        report = QualityReport.objects.filter(pool=pool).first()
        comparison = report.figures.get("comparison") if report else None
        if report is None or not comparison:
            raise Conflict(
                format_lazy(
                    gettext_lazy("the {game} pool has no fitted parameters yet: its quality report comes first"),
                    game=game,
                ),
                "no_fitted_parameters",
                "game",
            )
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
