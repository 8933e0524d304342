"""Webhooks: an organisation subscribes URLs to its events; each delivery is a row written in the
transaction that caused it and sent by a Celery task after the commit, signed, retried with backoff, and
logged with its answer. No delivery blocks or fails the request that caused it (docs/webhooks.md)."""

import hashlib
import hmac
import json
import secrets
import time
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from config import outbound
from config.celery import dispatch, enqueue_on_commit
from config.errors import Conflict, DomainError
from ratings.selectors import PublishedList
from tournaments import selectors, task_names
from tournaments.models import Organisation, Webhook, WebhookDelivery

ATTEMPTS = 5  # then the delivery has failed and its subscription is marked failing
FIRST_RETRY = 10  # seconds; doubled at each attempt (10, 20, 40, 80)
SWEEP_BATCH = 500  # deliveries sent again by one sweep


def webhook_subscribe(*, organisation: Organisation, by: User, url: str, events: list[str]) -> Webhook:
    """An owner subscribes a URL to some of the organisation's events; the secret is returned once. The
    address must be one deliveries may go to (config/outbound.py): https, and not inside this network."""
    selectors.require_staff(user=by, organisation=organisation, owner=True)
    try:
        outbound.url_check(url)
    except outbound.AddressRefused as error:
        raise DomainError(f"this webhook address is refused: {error}", "invalid_url", "url") from None
    unknown = sorted(set(events) - set(Webhook.EVENTS))
    if unknown or not events:
        raise DomainError(f"events are some of {', '.join(Webhook.EVENTS)}", "invalid_events", "events")
    with transaction.atomic():
        Organisation.objects.select_for_update().filter(pk=organisation.pk).first()  # one count at a time
        if Webhook.objects.filter(organisation=organisation).count() >= settings.WEBHOOKS_PER_ORGANISATION:
            raise Conflict(
                f"an organisation has at most {settings.WEBHOOKS_PER_ORGANISATION} webhooks", "too_many_webhooks", "url"
            )
        return Webhook.objects.create(organisation=organisation, url=url, events=sorted(set(events)),
                                      secret=secrets.token_hex(32))  # fmt: skip


def webhooks_emit(*, organisation_id: int, event_type: str, data: dict[str, Any]) -> int:
    """Record a delivery for every subscription of the organisation to `event_type`, sent after the commit.
    Call inside the transaction that made the change (a rollback sends nothing); returns how many."""
    return webhooks_emit_many([(organisation_id, event_type, data)])


def webhooks_emit_many(emissions: list[tuple[int, str, dict[str, Any]]]) -> int:
    """`webhooks_emit` for several changes at once (a batch of verdicts): one query for the subscriptions."""
    hooks: dict[int, list[Webhook]] = {}
    for hook in Webhook.objects.filter(organisation_id__in={organisation for organisation, _t, _d in emissions}):
        hooks.setdefault(hook.organisation_id, []).append(hook)
    sent = 0
    for organisation_id, event_type, data in emissions:
        for hook in (h for h in hooks.get(organisation_id, []) if event_type in h.events):
            body = json.dumps({"type": event_type, "created_at": timezone.now().isoformat(), "data": data})
            delivery = WebhookDelivery.objects.create(webhook=hook, event_type=event_type, body=body)
            enqueue_on_commit(task_names.WEBHOOK_DELIVER, delivery.pk)
            sent += 1
    return sent


def webhooks_emit_list_published(published: PublishedList) -> int:
    """An official rating list is public news: every organisation subscribed to `rating.list.published`
    hears of it, whichever body published it."""
    data = {
        "list": published.list_id, "name": published.name, "game": published.game,
        "published_at": published.published_at.isoformat(), "players": published.players,
        "url": f"{settings.SITE_URL}/ratings/lists/{published.list_id}/",
    }  # fmt: skip
    subscribed = Webhook.objects.only("organisation_id", "events")  # a few rows: one per subscription
    organisations = {hook.organisation_id for hook in subscribed if "rating.list.published" in hook.events}
    return webhooks_emit_many([(organisation, "rating.list.published", data) for organisation in sorted(organisations)])


def signature(secret: str, timestamp: int, body: str) -> str:
    """The `Webhook-Signature` header: `t=<unix time>,v1=<hex HMAC-SHA256 of "<t>.<body>">` (as Stripe's)."""
    digest = hmac.new(secret.encode(), f"{timestamp}.{body}".encode(), hashlib.sha256).hexdigest()
    return f"t={timestamp},v1={digest}"


def webhook_deliver(*, delivery_id: int) -> str:
    """One attempt at a delivery, sent outside any transaction within WEBHOOK_DEADLINE_SECONDS; schedules the
    next with backoff, or marks it failed (and its subscription failing) after ATTEMPTS. A delivery already
    delivered or failed, being sent, or not yet due is left alone, so a repeated task is harmless; while
    its organisation has WEBHOOK_IN_FLIGHT_PER_ORGANISATION attempts under way it waits its turn. Returns
    its status, or "waiting"."""
    claimed = _claim(delivery_id)
    if isinstance(claimed, str):
        return claimed
    answer = outbound.post(claimed.webhook.url, claimed.body.encode(), _headers(claimed),
                           deadline=settings.WEBHOOK_DEADLINE_SECONDS)  # fmt: skip
    return _record(delivery_id, answer)


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


def _record(delivery_id: int, answer: outbound.Answer) -> str:
    with transaction.atomic():
        delivery = WebhookDelivery.objects.select_for_update().get(pk=delivery_id)
        delivery.attempts += 1
        delivery.response_code, delivery.response_body = answer.status, answer.body
        delivery.seconds, delivery.sending_until = round(answer.seconds, 3), None
        delivery.last_tried_at = timezone.now()
        if answer.status is not None and 200 <= answer.status < 300:
            delivery.status = WebhookDelivery.Status.DELIVERED
        elif delivery.attempts >= ATTEMPTS:
            delivery.status = WebhookDelivery.Status.FAILED
            Webhook.objects.filter(pk=delivery.webhook_id).update(failing=True)
        else:
            wait = FIRST_RETRY * 2 ** (delivery.attempts - 1)
            delivery.next_attempt_at = delivery.last_tried_at + timedelta(seconds=wait)
            enqueue_on_commit(task_names.WEBHOOK_DELIVER, delivery.pk, countdown=wait)
        delivery.save()
    return delivery.status


def webhooks_sweep(*, older_than: timedelta) -> int:
    """Send again the deliveries a lost task, a killed worker or a broker outage left pending: due more than
    `older_than` ago and not being sent. Returns how many were sent."""
    stale = timezone.now() - older_than
    due = (
        WebhookDelivery.objects.filter(status=WebhookDelivery.Status.PENDING)
        .filter(Q(next_attempt_at__lt=stale) | Q(next_attempt_at__isnull=True, created_at__lt=stale))
        .filter(Q(sending_until__isnull=True) | Q(sending_until__lt=timezone.now()))
        .values_list("pk", flat=True)[:SWEEP_BATCH]
    )
    return sum(dispatch(task_names.WEBHOOK_DELIVER, pk) for pk in due)


def _headers(delivery: WebhookDelivery) -> dict[str, str]:
    return {
        "Content-Type": "application/json",
        "User-Agent": "boomerang-tournaments-webhooks",
        "Webhook-Id": str(delivery.pk),
        "Webhook-Event": delivery.event_type,
        "Webhook-Signature": signature(delivery.webhook.secret, int(time.time()), delivery.body),
    }
