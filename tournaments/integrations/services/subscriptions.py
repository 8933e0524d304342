"""An organisation's owners manage its webhook subscriptions: subscribe, delete, rotate the secret, send a
test ping, enable a paused one, and send a delivery again (docs/webhooks.md). Sending is services/webhooks.py."""

import json
import secrets
from datetime import timedelta

from django.conf import settings
from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy

from config import outbound
from config.celery import enqueue_on_commit
from config.errors import Conflict, DomainError
from tournaments import task_names
from tournaments.integrations.models import Webhook, WebhookDelivery
from tournaments.integrations.services.webhooks import webhook_deliver
from tournaments.models import Organisation
from tournaments.selectors.permissions import require_staff

SECRET_GRACE = timedelta(hours=24)  # after a rotation, deliveries are signed with the old secret too this long


def webhook_subscribe(*, organisation: Organisation, by: User, url: str, events: list[str]) -> Webhook:
    """An owner subscribes a URL to some of the organisation's events; the secret is returned once. The
    address must be one deliveries may go to (config/outbound.py): https, and not inside this network."""
    require_staff(user=by, organisation=organisation, owner=True)
    try:
        outbound.url_check(url)
    except outbound.AddressRefused as error:
        raise DomainError(
            format_lazy(gettext_lazy("this webhook address is refused: {error}"), error=error), "invalid_url", "url"
        ) from None
    unknown = sorted(set(events) - set(Webhook.EVENTS))
    if unknown or not events:
        raise DomainError(
            format_lazy(gettext_lazy("events are some of {choices}"), choices=", ".join(Webhook.EVENTS)),
            "invalid_events",
            "events",
        )
    with transaction.atomic():
        Organisation.objects.select_for_update().filter(pk=organisation.pk).first()  # one count at a time
        if Webhook.objects.filter(organisation=organisation).count() >= settings.WEBHOOKS_PER_ORGANISATION:
            raise Conflict(
                format_lazy(
                    gettext_lazy("an organisation has at most {webhooks_per_organisation} webhooks"),
                    webhooks_per_organisation=settings.WEBHOOKS_PER_ORGANISATION,
                ),
                "too_many_webhooks",
                "url",
            )
        return Webhook.objects.create(organisation=organisation, url=url, events=sorted(set(events)),
                                      secret=secrets.token_hex(32))  # fmt: skip


def webhook_delete(*, hook: Webhook, by: User) -> None:
    """Unsubscribe; its deliveries' log goes with it."""
    require_staff(user=by, organisation=hook.organisation, owner=True)
    hook.delete()


def webhook_rotate_secret(*, hook: Webhook, by: User) -> Webhook:
    """A new secret, returned once; for SECRET_GRACE deliveries carry a signature by the old one too, so the
    receiver can switch without losing a delivery."""
    require_staff(user=by, organisation=hook.organisation, owner=True)
    hook.previous_secret, hook.previous_secret_until = hook.secret, timezone.now() + SECRET_GRACE
    hook.secret = secrets.token_hex(32)
    hook.save(update_fields=["secret", "previous_secret", "previous_secret_until"])
    return hook


def webhook_enable(*, hook: Webhook, by: User) -> Webhook:
    """A subscription paused after a failed delivery gets deliveries again from now on."""
    require_staff(user=by, organisation=hook.organisation, owner=True)
    hook.failing = False
    hook.save(update_fields=["failing"])
    return hook


def webhook_ping(*, hook: Webhook, by: User) -> WebhookDelivery:
    """A `ping` delivery sent now, once (no retry), so an owner sees whether the receiver answers and checks
    its signature; bounded by WEBHOOK_DEADLINE_SECONDS like every attempt. A paused subscription may be
    pinged: that is how its owner tests the receiver before enabling it."""
    require_staff(user=by, organisation=hook.organisation, owner=True)
    body = json.dumps({"type": Webhook.PING, "created_at": timezone.now().isoformat(),
                       "data": {"webhook": hook.pk, "organisation": hook.organisation.slug}})  # fmt: skip
    delivery = WebhookDelivery.objects.create(webhook=hook, event_type=Webhook.PING, body=body)
    webhook_deliver(delivery_id=delivery.pk, retries=False)
    delivery.refresh_from_db()
    return delivery


def webhook_redeliver(*, delivery: WebhookDelivery, by: User) -> WebhookDelivery:
    """Send a delivery again from its first attempt (the same `Webhook-Id`, so a receiver that had it knows
    it); one being sent is left to finish."""
    require_staff(user=by, organisation=delivery.webhook.organisation, owner=True)
    with transaction.atomic():
        delivery = WebhookDelivery.objects.select_for_update().get(pk=delivery.pk)
        if delivery.sending_until and delivery.sending_until > timezone.now():
            raise Conflict("this delivery is being sent now", "delivery_under_way", "delivery")
        delivery.status, delivery.attempts, delivery.next_attempt_at = WebhookDelivery.Status.PENDING, 0, None
        delivery.save(update_fields=["status", "attempts", "next_attempt_at"])
        enqueue_on_commit(task_names.WEBHOOK_DELIVER, delivery.pk)
    return delivery
