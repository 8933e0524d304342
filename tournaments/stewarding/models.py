"""Stewarding: the sanction decisions on events (the rating bodies, who stewards a game, are the core's:
every permission reads them)."""

from django.conf import settings
from django.db import models


class SanctionDecision(models.Model):
    """Every steward's decision on an event, kept: who, when, why (the event page shows the last one)."""

    class Decision(models.TextChoices):
        SANCTIONED = "sanctioned"
        REFUSED = "refused"
        REVOKED = "revoked"

    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="sanction_decisions")
    decision = models.CharField(max_length=10, choices=Decision.choices)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    reason = models.CharField(max_length=500)
    decided_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "tournaments_sanctiondecision"  # kept from the core, where it was made
        ordering = ["-decided_at", "-id"]

    def __str__(self) -> str:
        return f"{self.event}: {self.decision}"
