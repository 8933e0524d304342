"""Stewarding: the rating bodies of each game and their sanction decisions."""

from django.conf import settings
from django.db import models

from tournaments.models.organisations import Organisation


class Sanction(models.TextChoices):
    WAITING = "waiting", "waiting for sanction"
    SANCTIONED = "sanctioned"
    REFUSED = "refused", "not sanctioned"


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


class HeldResult(models.Model):
    """A table's result as the stewards hold it: once an event is sanctioned and finished, its tables are
    rated from these rows, so a later change of a table's result moves no pool until a steward accepts it
    (ResultChange). Written when the event becomes sanctioned and finished; gone when the sanction is."""

    table = models.OneToOneField("tournaments.Table", on_delete=models.CASCADE, related_name="held")
    status = models.CharField(max_length=12)
    verdict = models.JSONField(null=True, blank=True)
    verified_at = models.DateTimeField(null=True, blank=True)
    held_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"table {self.table_id} held {self.status}"


class ResultChange(models.Model):
    """Results of a sanctioned, finished event changed: what, who, when and why, and the places before and
    after, waiting for a steward (the pool keeps the held results until one accepts). One pending change an
    event gathers every step until it is decided."""

    class Status(models.TextChoices):
        PENDING = "pending", "waiting for a steward"
        ACCEPTED = "accepted"
        REFUSED = "refused"
        VOID = "void", "void: the sanction was revoked"

    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="result_changes")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    tables = models.JSONField(default=list, help_text="The ids of the tables whose results changed.")
    steps = models.JSONField(
        default=list, help_text="Each change: {at, because, by, reason, tables}, in the order they came."
    )
    before = models.JSONField(default=list, help_text="The final places as sanctioned: [[handle, place], ...].")
    after = models.JSONField(default=list, help_text="The final places with the changes: [[handle, place], ...].")
    created_at = models.DateTimeField(auto_now_add=True)
    decided_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    decided_at = models.DateTimeField(null=True, blank=True)
    decision_reason = models.CharField(max_length=500, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["event"], condition=models.Q(status="pending"), name="one_pending_change")
        ]

    def __str__(self) -> str:
        return f"{self.event}: results changed after sanction ({self.status})"

    @property
    def pending(self) -> bool:
        return self.status == self.Status.PENDING
