"""Stewarding: the rating bodies of each game and their sanction decisions."""

from django.conf import settings
from django.db import models

from tournaments.models.organisations import Organisation


class RatingBody(models.Model):
    """Which organisation stewards a game's rating pool (game empty: every game without its own body). Its
    staff sanction events: only a sanctioned event's tables are rated. A superuser stewards every pool."""

    game = models.CharField(max_length=40, blank=True, unique=True, help_text="Empty: every other game.")
    organisation = models.ForeignKey(Organisation, on_delete=models.CASCADE, related_name="rating_bodies")

    def __str__(self) -> str:
        return f"{self.organisation} stewards {self.game or 'every game'}"


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
        ordering = ["-decided_at", "-id"]

    def __str__(self) -> str:
        return f"{self.event}: {self.decision}"
