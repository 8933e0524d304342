"""The quality lab's nightly task."""

from celery import shared_task

from ratings.lab.services import pools_quality_refresh


@shared_task(name="ratings.tasks.quality_refresh_task")  # the name beat has queued it by
def quality_refresh_task() -> int:
    """Every pool's quality report, nightly (Celery beat)."""
    return pools_quality_refresh()
