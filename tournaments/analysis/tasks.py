"""The analysis app's Celery tasks: take ids, call one service, safe to run twice. Their names stay those they had
in the module tournaments.tasks (tournaments/task_names.py), so messages queued before an upgrade still find them."""

from celery import shared_task

from config.celery import RETRY_WHILE_THE_DATABASE_IS_AWAY, dispatch
from tournaments import task_names
from tournaments.analysis.services.pick_accuracy import tables_pick_accuracy_refresh
from tournaments.selectors.events import finished_event_ids


@shared_task(name="tournaments.tasks.tables_pick_accuracy_task", **RETRY_WHILE_THE_DATABASE_IS_AWAY)
def tables_pick_accuracy_task(table_ids: list[int]) -> int:
    """The tables' pick accuracy and par; a finished event among theirs makes its recap again with them."""
    stored = tables_pick_accuracy_refresh(table_ids=table_ids)
    for event_id in finished_event_ids(table_ids=table_ids):
        dispatch(task_names.EVENT_RECAP, event_id)
    return stored
