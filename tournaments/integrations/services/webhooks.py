"""Webhooks: an organisation subscribes URLs to its events; each delivery is a row written in the
transaction that caused it and sent by a Celery task after the commit, signed, retried with backoff, and
logged with its answer. No delivery blocks or fails the request that caused it (docs/webhooks.md)."""

import hashlib
import hmac
import json
import time
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import connection, transaction
from django.db.models import F, Q
from django.utils import timezone

from config import outbound
from config.celery import dispatch, dispatch_later, enqueue_on_commit
from config.rows import columns_of, instance_from
from ratings.selectors.lists import PublishedList
from tournaments import task_names
from tournaments.announcements import Announcement
from tournaments.integrations.models import Webhook, WebhookDelivery
from tournaments.models import Organisation

# A failed attempt is retried after WEBHOOK_FIRST_RETRY_SECONDS, doubled each time up to RETRY_CAP, for
# RETRY_FOR in all (a receiver down over a weekend still gets its deliveries, as Stripe's and GitHub's do);
# then the delivery has failed and its subscription is marked failing.
RETRY_FOR = timedelta(days=3)
RETRY_CAP = timedelta(hours=6)


def retry_waits(first: int) -> list[int]:
    """The seconds before each retry, from the first failure on: together at least RETRY_FOR."""
    waits: list[int] = []
    while sum(waits) < RETRY_FOR.total_seconds():
        waits.append(int(min(first * 2 ** len(waits), RETRY_CAP.total_seconds())))
    return waits


ATTEMPTS = len(retry_waits(settings.WEBHOOK_FIRST_RETRY_SECONDS)) + 1  # the first, then every retry
SWEEP_BATCH = 500  # deliveries sent again by one sweep


def webhooks_carry(announcements: Sequence[Announcement]) -> int:
    """The webhooks' part of the outbox (tournaments/announcements.py): each announcement of a kind webhooks
    carry, to its organisation's subscriptions. Returns how many deliveries were recorded."""
    return webhooks_emit_many([(told.organisation_id, told.kind, told.data) for told in announcements
                               if told.of.webhook and told.organisation_id is not None])  # fmt: skip


def webhooks_emit_many(emissions: list[tuple[int, str, dict[str, Any]]]) -> int:
    """Record a delivery for every subscription of each (organisation, event type, data) to that type, sent
    after the commit: call inside the transaction that made the changes (a rollback sends nothing). One query
    for the subscriptions; returns how many deliveries."""
    hooks: dict[int, list[Webhook]] = {}
    for hook in _webhooks_of(sorted({organisation for organisation, _t, _d in emissions})):
        hooks.setdefault(hook.organisation_id, []).append(hook)
    sent = 0
    for organisation_id, event_type, data in emissions:
        for hook in (h for h in hooks.get(organisation_id, []) if event_type in h.events and not h.failing):
            body = json.dumps({"type": event_type, "created_at": timezone.now().isoformat(), "data": data})
            delivery = WebhookDelivery.objects.create(webhook=hook, event_type=event_type, body=body)
            enqueue_on_commit(task_names.WEBHOOK_DELIVER, delivery.pk)
            sent += 1
    return sent


_WEBHOOKS_OF = f'SELECT {columns_of(Webhook, "w")} FROM "{Webhook._meta.db_table}" w WHERE w.organisation_id IN '


def _webhooks_of(organisations: list[int]) -> list[Webhook]:
    """The organisations' subscriptions; by hand, since every sheet POST asks (config/rows.py)."""
    if not organisations:
        return []
    with connection.cursor() as cursor:
        cursor.execute(_WEBHOOKS_OF + f"({', '.join(['%s'] * len(organisations))})", organisations)
        return [instance_from(Webhook, row, 0, connection.alias) for row in cursor.fetchall()]


def webhooks_emit_list_published(published: PublishedList) -> int:
    """An official rating list is public news: every organisation subscribed to `rating.list.published`
    hears of it, whichever body published it."""
    data = {
        "list": published.list_id, "name": published.name, "game": published.game,
        "published_at": published.published_at.isoformat(), "players": published.players,
        "url": f"{settings.SITE_URL}/ratings/lists/{published.list_id}/",
    }  # fmt: skip
    subscribed = Webhook.objects.filter(failing=False).only("organisation_id", "events")  # one row a subscription
    organisations = {hook.organisation_id for hook in subscribed if "rating.list.published" in hook.events}
    return webhooks_emit_many([(organisation, "rating.list.published", data) for organisation in sorted(organisations)])


def signature(secrets: list[str], timestamp: int, body: str) -> str:
    """The `Webhook-Signature` header: `t=<unix time>,v1=<hex HMAC-SHA256 of "<t>.<body>">` (as Stripe's),
    keyed by the secret's UTF-8 text; one `v1` per secret in force (two for a day after a rotation)."""
    digests = (
        hmac.new(secret.encode(), f"{timestamp}.{body}".encode(), hashlib.sha256).hexdigest() for secret in secrets
    )
    return ",".join([f"t={timestamp}", *(f"v1={digest}" for digest in digests)])


def secrets_in_force(hook: Webhook) -> list[str]:
    """The current secret, and the one before it until its grace period ends."""
    if hook.previous_secret and hook.previous_secret_until and hook.previous_secret_until > timezone.now():
        return [hook.secret, hook.previous_secret]
    return [hook.secret]


def webhook_deliver(*, delivery_id: int, retries: bool = True) -> str:
    """One attempt at a delivery, sent outside any transaction within WEBHOOK_DEADLINE_SECONDS; schedules the
    next with backoff, or marks it failed (and its subscription failing, so paused) after ATTEMPTS; with
    `retries` False (a ping) the one attempt decides. A delivery already
    delivered or failed, being sent, or not yet due is left alone, so a repeated task is harmless; while
    its organisation has WEBHOOK_IN_FLIGHT_PER_ORGANISATION attempts under way it waits its turn. Returns
    its status, or "waiting"."""
    claimed = _claim(delivery_id)
    if isinstance(claimed, str):
        return claimed
    answer = outbound.post(claimed.webhook.url, claimed.body.encode(), _headers(claimed),
                           deadline=settings.WEBHOOK_DEADLINE_SECONDS)  # fmt: skip
    return _record(delivery_id, answer, retries)


def _claim(delivery_id: int) -> WebhookDelivery | str:
    with transaction.atomic():
        delivery = WebhookDelivery.objects.select_for_update().select_related("webhook").filter(pk=delivery_id).first()
        if delivery is None or delivery.status != WebhookDelivery.Status.PENDING:
            return delivery.status if delivery else "gone"
        now = timezone.now()
        if (delivery.sending_until and delivery.sending_until > now) or (
            delivery.next_attempt_at and delivery.next_attempt_at > now + EARLY_BY
        ):
            return delivery.status
        Organisation.objects.select_for_update().filter(pk=delivery.webhook.organisation_id).first()
        in_flight = WebhookDelivery.objects.filter(
            webhook__organisation_id=delivery.webhook.organisation_id, sending_until__gt=now
        ).count()
        deadline = timedelta(seconds=settings.WEBHOOK_DEADLINE_SECONDS)
        if in_flight >= settings.WEBHOOK_IN_FLIGHT_PER_ORGANISATION:
            delivery.next_attempt_at = now + deadline
            delivery.save(update_fields=["next_attempt_at"])
            enqueue_on_commit(task_names.WEBHOOK_DELIVER, delivery.pk, countdown=deadline.total_seconds())
            return "waiting"
        delivery.sending_until = now + deadline + LEASE_SLACK
        delivery.save(update_fields=["sending_until"])
        return delivery


EARLY_BY = timedelta(seconds=1)  # a task arriving this much before its delivery is due still sends it
LEASE_SLACK = timedelta(seconds=5)  # past its deadline, an attempt whose worker died no longer counts


def _record(delivery_id: int, answer: outbound.Answer, retries: bool) -> str:
    with transaction.atomic():
        delivery = WebhookDelivery.objects.select_for_update().filter(pk=delivery_id).first()
        if delivery is None:
            return "gone"  # its subscription was deleted while the attempt was under way
        delivery.attempts += 1
        delivery.response_code, delivery.response_body = answer.status, answer.body
        delivery.seconds, delivery.sending_until = round(answer.seconds, 3), None
        delivery.last_tried_at = timezone.now()
        if answer.status is not None and 200 <= answer.status < 300:
            delivery.status = WebhookDelivery.Status.DELIVERED
        elif not retries:  # a ping: its one attempt is the answer, and says nothing of the subscription
            delivery.status = WebhookDelivery.Status.FAILED
        elif delivery.attempts >= ATTEMPTS:
            delivery.status = WebhookDelivery.Status.FAILED
            Webhook.objects.filter(pk=delivery.webhook_id).update(failing=True)
        else:
            wait = retry_waits(settings.WEBHOOK_FIRST_RETRY_SECONDS)[delivery.attempts - 1]
            delivery.next_attempt_at = delivery.last_tried_at + timedelta(seconds=wait)
            if wait <= settings.SWEEP_AFTER_SECONDS:
                enqueue_on_commit(task_names.WEBHOOK_DELIVER, delivery.pk, countdown=wait)
            # A longer wait is the sweep's to send once due: a countdown past the broker's visibility timeout
            # would be handed out again and again meanwhile.
        delivery.save()
    return delivery.status


def webhooks_sweep(*, older_than: timedelta) -> int:
    """Send again the deliveries a lost task, a killed worker or a broker outage left pending: due more than
    `older_than` ago and not being sent; and hand the broker the long retries that fall due before the next
    sweep, with their countdown. Returns how many were sent or handed."""
    now = timezone.now()
    stale = now - older_than
    due = (
        WebhookDelivery.objects.filter(status=WebhookDelivery.Status.PENDING)
        .filter(Q(next_attempt_at__lt=stale) | Q(next_attempt_at__isnull=True, created_at__lt=stale))
        .filter(Q(sending_until__isnull=True) | Q(sending_until__lt=now))
        .values_list("pk", flat=True)[:SWEEP_BATCH]
    )
    return sum(dispatch(task_names.WEBHOOK_DELIVER, pk) for pk in due) + _long_retries_falling_due(now, older_than)


def _long_retries_falling_due(now: datetime, older_than: timedelta) -> int:
    """A retry waiting longer than `older_than` got no countdown when it was scheduled (_record): the sweep
    sends it. Waiting until it is `older_than` overdue made it arrive minutes late (issue 67, item 18), so the
    sweep hands it to the broker with its countdown when it falls due before the next sweep. The window
    starts a little in the past, so a sweep that runs late misses none; a retry handed twice is claimed once."""
    soon = (
        WebhookDelivery.objects.filter(status=WebhookDelivery.Status.PENDING, sending_until__isnull=True)
        .filter(next_attempt_at__gte=now - SWEEP_EVERY / 2, next_attempt_at__lt=now + SWEEP_EVERY)
        .filter(next_attempt_at__gt=F("last_tried_at") + older_than)
        .values_list("pk", "next_attempt_at")[:SWEEP_BATCH]
    )
    return sum(
        dispatch_later(task_names.WEBHOOK_DELIVER, max(0.0, (due - now).total_seconds()), pk)
        for pk, due in soon
        if due is not None  # never: the filter reads it; for the type
    )


SWEEP_EVERY = timedelta(seconds=60)  # how often beat runs the sweep (config/settings.py, "webhooks-sweep")


def _headers(delivery: WebhookDelivery) -> dict[str, str]:
    return {
        "Content-Type": "application/json",
        "User-Agent": "boomerang-tournaments-webhooks",
        "Webhook-Id": str(delivery.pk),
        "Webhook-Event": delivery.event_type,
        "Webhook-Signature": signature(secrets_in_force(delivery.webhook), int(time.time()), delivery.body),
    }
