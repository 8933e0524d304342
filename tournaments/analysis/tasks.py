"""The analysis app's Celery tasks: take ids, call one service, safe to run twice. Their names stay those they had
in tournaments/tasks.py (tournaments/task_names.py), so messages queued before an upgrade still find them."""

from celery import shared_task

from config.celery import RETRY_WHILE_THE_DATABASE_IS_AWAY
from tournaments.analysis.services.pick_accuracy import tables_pick_accuracy_refresh


@shared_task(name="tournaments.tasks.tables_pick_accuracy_task", **RETRY_WHILE_THE_DATABASE_IS_AWAY)
def tables_pick_accuracy_task(table_ids: list[int]) -> int:
    return tables_pick_accuracy_refresh(table_ids=table_ids)
