"""Results as the stewards hold them once an event is sanctioned and finished, and the changes waiting
for a steward (the results pipeline's, services/results.py)."""

from django.conf import settings
from django.db import models


class HeldResult(models.Model):
    """A table's result as the stewards hold it: once an event is sanctioned and finished, its tables are
    rated from these rows, so a later change of a table's result moves no pool until a steward accepts it
    (ResultChange). Written when the event becomes sanctioned and finished; gone when the sanction is."""

    table = models.OneToOneField("tournaments.Table", on_delete=models.CASCADE, related_name="held")
    status = models.CharField(max_length=12)
    verdict = models.JSONField(null=True, blank=True)
    verified_at = models.DateTimeField(null=True, blank=True)
    held_at = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "tournaments_heldresult"  # kept from the core, where it was made

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
        db_table = "tournaments_resultchange"  # kept from the core, where it was made
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["event"], condition=models.Q(status="pending"), name="one_pending_change")
        ]

    def __str__(self) -> str:
        return f"{self.event}: results changed after sanction ({self.status})"

    @property
    def pending(self) -> bool:
        return self.status == self.Status.PENDING


class StoredRecap(models.Model):
    """An event's recap as last made (selectors/recap.py): what its page, its results e-mail and the
    `event.recap` webhook say; made again when the finished event's results change (services/recap.py)."""

    event = models.OneToOneField("tournaments.Event", on_delete=models.CASCADE, related_name="recap")
    data = models.JSONField()
    made_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"recap of event {self.event_id}"
