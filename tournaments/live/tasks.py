"""The live app's Celery tasks: take ids, call one service, safe to run twice. Their names stay those they had
in the module tournaments.tasks (tournaments/task_names.py), so messages queued before an upgrade still find them."""

from celery import shared_task

from tournaments.live.services import stream_sweep


@shared_task(name="tournaments.tasks.stream_sweep_task")
def stream_sweep_task() -> int:
    return stream_sweep()
