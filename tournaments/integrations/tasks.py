"""The integrations app's Celery tasks: take ids, call one service, safe to run twice. Their names stay those they had
in the module tournaments.tasks (tournaments/task_names.py), so messages queued before an upgrade still find them."""

from datetime import timedelta

from celery import shared_task
from django.conf import settings

from config.celery import RETRY_WHILE_THE_DATABASE_IS_AWAY
from tournaments.integrations.services.idempotency import idempotency_sweep
from tournaments.integrations.services.webhooks import webhook_deliver, webhooks_sweep


@shared_task(name="tournaments.tasks.webhook_deliver_task", **RETRY_WHILE_THE_DATABASE_IS_AWAY)
def webhook_deliver_task(delivery_id: int) -> str:
    return webhook_deliver(delivery_id=delivery_id)


@shared_task(name="tournaments.tasks.webhook_sweep_task")
def webhook_sweep_task() -> int:
    return webhooks_sweep(older_than=timedelta(seconds=settings.SWEEP_AFTER_SECONDS))


@shared_task(name="tournaments.tasks.idempotency_sweep_task")
def idempotency_sweep_task() -> int:
    return idempotency_sweep()
