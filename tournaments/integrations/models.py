"""What an organisation's programs use: webhooks and their deliveries, API keys and what they wrote, and
the idempotency keys of POSTs."""

from django.conf import settings
from django.db import models

from tournaments.announcements import WEBHOOK_KINDS
from tournaments.models.organisations import Organisation


class Webhook(models.Model):
    """An organisation's subscription: these events of its own are POSTed, signed, to this address."""

    EVENTS = WEBHOOK_KINDS  # the outbox's kinds that webhooks carry (tournaments/announcements.py)
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

    class Meta:
        db_table = "tournaments_webhook"  # kept from the core, where it was made

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
        db_table = "tournaments_webhookdelivery"  # kept from the core, where it was made
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
    within IDEMPOTENCY_HOURS instead of doing the write again (docs/api.md). Stored in the transaction of
    the write it answers (tournaments/integrations/services/idempotency.py)."""

    caller = models.CharField(max_length=64, help_text="Who sent it: a hash of the credentials (or anonymous).")
    key = models.CharField(max_length=255)
    fingerprint = models.CharField(max_length=64, help_text="A hash of the method, the path and the body.")
    status_code = models.PositiveSmallIntegerField()
    content_type = models.CharField(max_length=100, blank=True)
    body = models.BinaryField(default=b"")
    location = models.CharField(max_length=500, blank=True, help_text="A redirect's address (a page's form).")
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        db_table = "tournaments_idempotentrequest"  # kept from the core, where it was made
        constraints = [models.UniqueConstraint(fields=["caller", "key"], name="idempotency_key_per_caller")]

    def __str__(self) -> str:
        return f"{self.key} ({self.status_code})"


class ApiKey(models.Model):
    """`Authorization: Bearer bk_<prefix>_<secret>`; only a hash of the whole key is kept. A key acts as the
    owner who made it, within its scopes and its organisation's events (docs/api.md, "API keys")."""

    READ, EVENTS_WRITE, RESULTS_WRITE = "read", "events:write", "results:write"
    SCOPES = (READ, EVENTS_WRITE, RESULTS_WRITE)

    organisation = models.ForeignKey(Organisation, on_delete=models.CASCADE, related_name="api_keys")
    name = models.CharField(max_length=80, help_text="What it is for: the club's website, a Discord bot.")
    prefix = models.CharField(max_length=16, unique=True, help_text="The key's public part, shown in lists.")
    digest = models.CharField(max_length=64, help_text="SHA-256 of the whole key.")
    scopes = models.JSONField(default=list)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_keys")
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        db_table = "tournaments_apikey"  # kept from the core, where it was made
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.organisation}: {self.name} (bk_{self.prefix})"


class ApiKeyWrite(models.Model):
    """Every write made with a key: which key, what, and how it was answered."""

    key = models.ForeignKey(ApiKey, on_delete=models.CASCADE, related_name="writes")
    method = models.CharField(max_length=8)
    path = models.CharField(max_length=300)
    status_code = models.PositiveSmallIntegerField()
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "tournaments_apikeywrite"  # kept from the core, where it was made
        ordering = ["-at", "-id"]

    def __str__(self) -> str:
        return f"{self.key_id}: {self.method} {self.path} {self.status_code}"
