"""Webhooks: an organisation subscribes URLs to its events; each delivery is a row written in the
transaction that caused it and sent by a Celery task after the commit, signed, retried with backoff, and
logged with its answer. No delivery blocks or fails the request that caused it (docs/webhooks.md)."""

import hashlib
import hmac
import json
import secrets
import time
import urllib.error
import urllib.request
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from config.celery import dispatch_later, enqueue_on_commit
from config.errors import DomainError
from ratings.selectors import PublishedList
from tournaments import selectors, task_names
from tournaments.models import Organisation, Webhook, WebhookDelivery

ATTEMPTS = 5  # then the delivery has failed and its subscription is marked failing
FIRST_RETRY = 10  # seconds; doubled at each attempt (10, 20, 40, 80)
TIMEOUT = 5  # seconds a receiver has to answer


def webhook_subscribe(*, organisation: Organisation, by: User, url: str, events: list[str]) -> Webhook:
    """An owner subscribes a URL to some of the organisation's events; the secret is returned once."""
    selectors.require_staff(user=by, organisation=organisation, owner=True)
    if not url.startswith(("https://", "http://")):
        raise DomainError("a webhook's address starts with https:// (or http://)", "invalid_url", "url")
    unknown = sorted(set(events) - set(Webhook.EVENTS))
    if unknown or not events:
        raise DomainError(f"events are some of {', '.join(Webhook.EVENTS)}", "invalid_events", "events")
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
    """One attempt at a delivery; schedules the next with backoff, or marks it failed (and its subscription
    failing) after ATTEMPTS. A delivery already delivered or failed is left alone. Returns its status."""
    with transaction.atomic():
        delivery = WebhookDelivery.objects.select_for_update().select_related("webhook").get(pk=delivery_id)
        if delivery.status != WebhookDelivery.Status.PENDING:
            return delivery.status
        code, answer = _post(delivery)
        delivery.attempts += 1
        delivery.response_code, delivery.response_body = code, answer[:500]
        delivery.last_tried_at = timezone.now()
        if code is not None and 200 <= code < 300:
            delivery.status = WebhookDelivery.Status.DELIVERED
        elif delivery.attempts >= ATTEMPTS:
            delivery.status = WebhookDelivery.Status.FAILED
            Webhook.objects.filter(pk=delivery.webhook_id).update(failing=True)
        delivery.save()
    if delivery.status == WebhookDelivery.Status.PENDING:
        dispatch_later(task_names.WEBHOOK_DELIVER, FIRST_RETRY * 2 ** (delivery.attempts - 1), delivery.pk)
    return delivery.status


def _post(delivery: WebhookDelivery) -> tuple[int | None, str]:
    timestamp = int(time.time())
    request = urllib.request.Request(
        delivery.webhook.url,
        data=delivery.body.encode(),
        method="POST",
        headers={
            "Content-Type": "application/json",
            "User-Agent": "boomerang-tournaments-webhooks",
            "Webhook-Id": str(delivery.pk),
            "Webhook-Event": delivery.event_type,
            "Webhook-Signature": signature(delivery.webhook.secret, timestamp, delivery.body),
        },
    )
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
            return response.status, response.read(500).decode(errors="replace")
    except urllib.error.HTTPError as error:
        return error.code, error.read(500).decode(errors="replace")
    except (urllib.error.URLError, OSError) as error:
        return None, str(error)
