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


class PlayerMerge(models.Model):
    """A steward's merge of two records of one person (issue 57, item 2): the merged record's results, sheets,
    registrations, season points and ratings became the kept one's; who, when and why are kept."""

    kept = models.ForeignKey("tournaments.Player", on_delete=models.CASCADE, related_name="merges_kept")
    merged = models.ForeignKey("tournaments.Player", on_delete=models.CASCADE, related_name="merges_into")
    merged_handle = models.CharField(max_length=40, help_text="The merged record's handle at the merge.")
    by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    reason = models.CharField(max_length=500)
    merged_at = models.DateTimeField(auto_now_add=True)
    moved = models.JSONField(default=dict, help_text="The rows the merge moved, its tables and events: for an undo.")
    was_active = models.BooleanField(default=True, help_text="Whether the merged record's account could log in.")
    undone_at = models.DateTimeField(null=True, blank=True)
    undone_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    undo_reason = models.CharField(max_length=500, blank=True)

    player_history = True  # a log: a later merge of either record never rewrites who was merged into whom

    class Meta:
        ordering = ["-merged_at", "-id"]

    def __str__(self) -> str:
        return f"{self.merged_handle} merged into {self.kept_id}"
