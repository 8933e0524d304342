"""Compute and keep a pool's quality report (ratings/quality.py; docs/ratings.md)."""

import dataclasses
import time
from typing import Any

from django.utils import timezone

from ratings.models import QualityReport, RatingEvent, RatingPool
from ratings.quality import Table, evaluate
from ratings.trueskill_step import Environment


def pool_quality_refresh(*, pool: RatingPool) -> QualityReport:
    """Replay the pool's tables with its own parameters, predicting each before rating it; keep the figures."""
    started = time.perf_counter()
    env = Environment(pool.mu, pool.sigma, pool.beta, pool.tau, pool.draw_probability)
    quality = evaluate(_tables(pool), env)
    figures: dict[str, Any] = dataclasses.asdict(quality)
    figures["parameters"] = dataclasses.asdict(env)
    report, _ = QualityReport.objects.update_or_create(
        pool=pool,
        defaults={"computed_at": timezone.now(), "seconds": time.perf_counter() - started, "figures": figures},
    )
    return report


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
