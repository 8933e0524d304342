"""Celery tasks: take ids, call one service. Safe to run twice (the services claim their work)."""

from datetime import timedelta

from celery import shared_task
from django.conf import settings
from django.db import OperationalError

from tournaments.services.editions import sheet_check_verify
from tournaments.services.idempotency import idempotency_sweep
from tournaments.services.notifications import (
    notify_event_finished,
    notify_event_moved,
    notify_event_rated,
    notify_round_seated,
    notify_table_rejected,
)
from tournaments.services.pick_accuracy import tables_pick_accuracy_refresh
from tournaments.services.privacy import guest_emails_forget
from tournaments.services.rating import tables_rate
from tournaments.services.stream import stream_sweep
from tournaments.services.verification import table_sweep, table_verify
from tournaments.services.webhooks import webhook_deliver, webhooks_sweep

# A database that is briefly away (a failover, a restart) is retried with backoff; anything else is a bug.
RETRY_WHILE_THE_DATABASE_IS_AWAY = {"autoretry_for": (OperationalError,), "retry_backoff": True, "max_retries": 5}


@shared_task(**RETRY_WHILE_THE_DATABASE_IS_AWAY)
def sheet_check_verify_task(check_id: int, attempt: int | None = None) -> None:
    """`attempt` is None in messages queued before checks had attempts: the check's current one."""
    sheet_check_verify(check_id=check_id, attempt=attempt)


@shared_task(**RETRY_WHILE_THE_DATABASE_IS_AWAY)
def table_verify_task(table_id: int, attempt: int) -> None:
    table_verify(table_id=table_id, attempt=attempt)


@shared_task(**RETRY_WHILE_THE_DATABASE_IS_AWAY)
def tables_rate_task(table_ids: list[int]) -> None:
    tables_rate(table_ids=table_ids)


@shared_task(**RETRY_WHILE_THE_DATABASE_IS_AWAY)
def tables_pick_accuracy_task(table_ids: list[int]) -> int:
    return tables_pick_accuracy_refresh(table_ids=table_ids)


@shared_task
def table_sweep_task() -> int:
    return table_sweep(older_than=timedelta(seconds=settings.SWEEP_AFTER_SECONDS))


@shared_task(**RETRY_WHILE_THE_DATABASE_IS_AWAY)
def webhook_deliver_task(delivery_id: int) -> str:
    return webhook_deliver(delivery_id=delivery_id)


@shared_task
def webhook_sweep_task() -> int:
    return webhooks_sweep(older_than=timedelta(seconds=settings.SWEEP_AFTER_SECONDS))


@shared_task
def guest_emails_forget_task() -> int:
    return guest_emails_forget()


@shared_task
def idempotency_sweep_task() -> int:
    return idempotency_sweep()


@shared_task
def stream_sweep_task() -> int:
    return stream_sweep()


# A mail server that is away is retried with backoff too; the result it reports is already stored.
RETRY_WHILE_MAIL_IS_AWAY = {**RETRY_WHILE_THE_DATABASE_IS_AWAY, "autoretry_for": (OperationalError, OSError)}


@shared_task(**RETRY_WHILE_MAIL_IS_AWAY)
def notify_round_seated_task(round_id: int) -> int:
    return notify_round_seated(round_id=round_id)


@shared_task(**RETRY_WHILE_MAIL_IS_AWAY)
def notify_table_rejected_task(table_id: int) -> int:
    return notify_table_rejected(table_id=table_id)


@shared_task(**RETRY_WHILE_MAIL_IS_AWAY)
def notify_event_finished_task(event_id: int) -> int:
    return notify_event_finished(event_id=event_id)


@shared_task(**RETRY_WHILE_MAIL_IS_AWAY)
def notify_event_moved_task(event_id: int, before: dict[str, str]) -> int:
    return notify_event_moved(event_id=event_id, before=before)


@shared_task(**RETRY_WHILE_MAIL_IS_AWAY)
def notify_event_rated_task(event_id: int) -> int:
    return notify_event_rated(event_id=event_id)
