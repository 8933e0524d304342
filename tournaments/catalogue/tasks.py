"""The catalogue app's Celery tasks: take ids, call one service, safe to run twice. Their names stay those they had
in tournaments/tasks.py (tournaments/task_names.py), so messages queued before an upgrade still find them."""

from celery import shared_task

from config.celery import RETRY_WHILE_THE_DATABASE_IS_AWAY
from tournaments.catalogue.services import sheet_check_verify


@shared_task(name="tournaments.tasks.sheet_check_verify_task", **RETRY_WHILE_THE_DATABASE_IS_AWAY)
def sheet_check_verify_task(check_id: int, attempt: int | None = None) -> None:
    """`attempt` is None in messages queued before checks had attempts: the check's current one."""
    sheet_check_verify(check_id=check_id, attempt=attempt)
