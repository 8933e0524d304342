"""The quality lab's tasks: the nightly fan-out, and one pool's report on the lab's own queue
(CELERY_LAB_QUEUE: a report of a big pool takes minutes, and never holds a verification slot meanwhile)."""

from celery import shared_task
from celery.exceptions import SoftTimeLimitExceeded

from config.celery import RETRY_WHILE_THE_DATABASE_IS_AWAY
from ratings.lab.models import QualityRun
from ratings.lab.services import pool_quality_refresh, pool_quality_timed_out, pools_quality_dispatch
from ratings.models import RatingPool


@shared_task(name="ratings.tasks.quality_refresh_task")  # the name beat has queued it by
def quality_refresh_task() -> int:
    """Nightly (Celery beat): one report task a pool."""
    return pools_quality_dispatch()


@shared_task(name="ratings.tasks.pool_quality_task", **RETRY_WHILE_THE_DATABASE_IS_AWAY)
def pool_quality_task(pool_id: int, attempt: int = 1) -> None:
    """One pool's report, sent with a time limit that fits its size (ratings/lab/services.quality_seconds);
    out of time, it is sent again with twice the limit (`pool_quality_timed_out`)."""
    pool = RatingPool.objects.filter(pk=pool_id).first()
    if pool is None:
        return
    QualityRun.objects.filter(pool=pool).update(state=QualityRun.State.RUNNING)
    try:
        pool_quality_refresh(pool=pool)
    except SoftTimeLimitExceeded:
        QualityRun.objects.filter(pool=pool).update(state=QualityRun.State.TIMED_OUT)
        pool_quality_timed_out(pool=pool, attempt=attempt)
