"""Webhooks and their deliveries."""

from django.conf import settings
from django.db import models

from tournaments.models.organisations import Organisation


class Webhook(models.Model):
    """An organisation's subscription: these events of its own are POSTed, signed, to this address."""

    EVENTS = ("round.seated", "table.verified", "table.rejected", "event.finished", "rating.list.published")
    PING = "ping"  # the test delivery an owner sends on demand; no subscription names it

    organisation = models.ForeignKey(Organisation, on_delete=models.CASCADE, related_name="webhooks")
    url = models.URLField(max_length=500)
    events = models.JSONField(default=list)
    secret = models.CharField(max_length=64, help_text="Signs every delivery (HMAC-SHA256); shown once, at creation.")
    previous_secret = models.CharField(max_length=64, blank=True, help_text="The secret before the last rotation.")
    previous_secret_until = models.DateTimeField(
        null=True, blank=True, help_text="Until then deliveries are signed with the previous secret too."
    )
    failing = models.BooleanField(
        default=False, help_text="Set when a delivery failed after every retry; paused until an owner enables it."
    )
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.organisation} -> {self.url}"


class WebhookDelivery(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending"
        DELIVERED = "delivered"
        FAILED = "failed"

    webhook = models.ForeignKey(Webhook, on_delete=models.CASCADE, related_name="deliveries")
    event_type = models.CharField(max_length=40)
    body = models.TextField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    response_code = models.IntegerField(null=True, blank=True)
    response_body = models.CharField(max_length=500, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    last_tried_at = models.DateTimeField(null=True, blank=True)
    seconds = models.FloatField(null=True, blank=True, help_text="How long the last attempt took.")
    next_attempt_at = models.DateTimeField(
        null=True, blank=True, help_text="When the next attempt is due (none: at once); the sweep sends it after."
    )
    sending_until = models.DateTimeField(
        null=True, blank=True, help_text="Set while an attempt is under way: counts toward the organisation's cap."
    )

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [
            models.Index(fields=["next_attempt_at"], condition=models.Q(status="pending"), name="webhook_delivery_due")
        ]

    def __str__(self) -> str:
        return f"{self.event_type} to {self.webhook.url} ({self.status})"

    @property
    def failed(self) -> bool:
        """Failed after every retry: its owner may send it again."""
        return self.status == self.Status.FAILED


class IdempotentRequest(models.Model):
    """A POST sent with an `Idempotency-Key`: its first answer, replayed to a repeat of the same request
    within IDEMPOTENCY_HOURS instead of doing the write again (docs/api.md). `status_code` is empty while
    the first request is under way."""

    caller = models.CharField(max_length=64, help_text="Who sent it: a hash of the credentials (or anonymous).")
    key = models.CharField(max_length=255)
    fingerprint = models.CharField(max_length=64, help_text="A hash of the method, the path and the body.")
    status_code = models.PositiveSmallIntegerField(null=True, blank=True)
    content_type = models.CharField(max_length=100, blank=True)
    body = models.BinaryField(default=b"")
    location = models.CharField(max_length=500, blank=True, help_text="A redirect's address (a page's form).")
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["caller", "key"], name="idempotency_key_per_caller")]

    def __str__(self) -> str:
        return f"{self.key} ({self.status_code or 'under way'})"


class StreamMessage(models.Model):
    """One message of an event's live stream (`GET /api/events/{id}/stream/`) or of one player's
    (`GET /api/me/stream/`, `user` set): its id is the Server-Sent Events id a reconnecting client sends back
    as Last-Event-ID. Written in the transaction of the change it tells; kept two days (docs/stream.md)."""

    event_id = models.PositiveIntegerField(help_text="The event it tells of (no constraint: kept two days only).")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="stream_messages",
        help_text="Set for a message only this player's own stream carries.",
    )  # fmt: skip
    kind = models.CharField(max_length=40)
    data = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        indexes = [
            models.Index(fields=["event_id", "id"], condition=models.Q(user__isnull=True), name="stream_public"),
            models.Index(fields=["user", "id"], condition=models.Q(user__isnull=False), name="stream_personal"),
        ]

    def __str__(self) -> str:
        return f"{self.kind} #{self.pk} of event {self.event_id}"
