"""The casual app's Celery tasks: take ids, call one service, safe to run twice."""

from celery import shared_task

from config.celery import RETRY_WHILE_MAIL_IS_AWAY, RETRY_WHILE_THE_DATABASE_IS_AWAY
from tournaments import task_names
from tournaments.casual.notifications import notify_casual_table
from tournaments.casual.services import casual_table_verify, casual_tables_lapse


@shared_task(name=task_names.CASUAL_TABLE_VERIFY, **RETRY_WHILE_THE_DATABASE_IS_AWAY)
def casual_table_verify_task(table_id: int, attempt: int) -> None:
    casual_table_verify(table_id=table_id, attempt=attempt)


@shared_task(name="tournaments.casual.tasks.casual_tables_lapse_task")
def casual_tables_lapse_task() -> int:
    return casual_tables_lapse()


@shared_task(name=task_names.NOTIFY_CASUAL, **RETRY_WHILE_MAIL_IS_AWAY)
def notify_casual_table_task(table_id: int, attempt: int) -> int:
    return notify_casual_table(table_id=table_id, attempt=attempt)
