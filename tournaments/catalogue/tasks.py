"""The catalogue app's Celery tasks: take ids, call one service, safe to run twice. Their names stay those they had
in the module tournaments.tasks (tournaments/task_names.py), so messages queued before an upgrade still find them."""

from celery import shared_task

from config.celery import RETRY_WHILE_MAIL_IS_AWAY, RETRY_WHILE_THE_DATABASE_IS_AWAY
from tournaments import task_names
from tournaments.catalogue.notifications import notify_events_kept
from tournaments.catalogue.services import sheet_check_verify


@shared_task(name="tournaments.tasks.sheet_check_verify_task", **RETRY_WHILE_THE_DATABASE_IS_AWAY)
def sheet_check_verify_task(check_id: int, attempt: int | None = None) -> None:
    """`attempt` is None in messages queued before checks had attempts: the check's current one."""
    sheet_check_verify(check_id=check_id, attempt=attempt)


@shared_task(name=task_names.NOTIFY_EDITION_KEPT, **RETRY_WHILE_MAIL_IS_AWAY)
def notify_edition_kept_task(game: str, edition_name: str, event_ids: list[int]) -> int:
    """Sent once per adoption (a retry after a mail server's error may send the batch again, as the other
    e-mails' tasks do)."""
    return notify_events_kept(game=game, edition_name=edition_name, event_ids=event_ids)
