"""An organisation's API keys, for its bots and its website: named, scoped, shown once, revocable."""

from django.conf import settings
from django.db import models

from tournaments.models.organisations import Organisation


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
        ordering = ["-at", "-id"]

    def __str__(self) -> str:
        return f"{self.key_id}: {self.method} {self.path} {self.status_code}"
