"""Score sheets, the pad's drafts and each table's verified result."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from simple_history.models import HistoricalRecords

from tournaments import states
from tournaments.models.base import HasStates
from tournaments.models.events import Seat, Table
from tournaments.verdicts import TableVerdict


class ScoreSheet(models.Model):
    """One version of one seat's sheet. A correction is a new version; earlier versions are kept."""

    class Status(models.TextChoices):
        SUBMITTED = "submitted"
        VERIFYING = "verifying"
        VERIFIED = "verified"
        REJECTED = "rejected"
        SUPERSEDED = "superseded"

    seat = models.ForeignKey(Seat, on_delete=models.CASCADE, related_name="sheets")
    version = models.PositiveIntegerField()
    data = models.JSONField(help_text="The seat object of the score-sheet spec.")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.SUBMITTED)
    problems = models.JSONField(default=list, blank=True)
    entered_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL)
    entered_at = models.DateTimeField(auto_now_add=True)
    # No history table: a version is never edited (a correction is a new row with who and when), and
    # `status`/`problems` follow the table's verdict, whose TableResult history is kept.

    class Meta:
        ordering = ["seat", "-version"]
        constraints = [models.UniqueConstraint(fields=["seat", "version"], name="one_sheet_per_seat_version")]

    def __str__(self) -> str:
        return f"{self.seat} v{self.version} ({self.status})"


class TableResult(HasStates, models.Model):
    machine = states.TABLE

    """The table's verdict for one set of sheet versions; `attempt` grows with every re-verification."""

    class Status(models.TextChoices):
        WAITING = "waiting", "waiting for sheets"
        PENDING = "pending", "queued for verification"
        VERIFYING = "verifying"
        VERIFIED = "verified"
        REJECTED = "rejected"
        OVERRIDDEN = "overridden", "accepted by the organiser"

    COUNTS = tuple(sorted(states.FINAL))  # verified or overridden
    QUEUED = tuple(sorted(states.TABLE.sources("claim")))  # the queue (index `tableresult_queue`)

    table = models.OneToOneField(Table, on_delete=models.CASCADE, related_name="result")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.WAITING)
    attempt = models.PositiveIntegerField(default=0)
    verdict = models.JSONField(null=True, blank=True)
    verified_at = models.DateTimeField(null=True, blank=True)
    override_reason = models.TextField(blank=True)
    override_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    updated_at = models.DateTimeField(auto_now=True)
    claimed_by = models.IntegerField(
        null=True, blank=True, help_text="The database backend (a PostgreSQL pid) of the task verifying it."
    )
    history = HistoricalRecords(excluded_fields=["claimed_by"])

    class Meta:
        # The verification queue: a task claims the oldest pending tables and the sweep looks for stuck
        # ones. Both would otherwise scan every result ever kept; this index holds only the few queued rows.
        indexes = [
            models.Index(
                fields=["updated_at"],
                condition=Q(status__in=["pending", "verifying"]),
                name="tableresult_queue",
            )
        ]

    def __str__(self) -> str:
        return f"{self.table}: {self.status}"

    @property
    def table_verdict(self) -> TableVerdict:
        """The stored verdict, read through its one typed reader (tournaments/verdicts.py)."""
        return TableVerdict.read(self.verdict)


class PadDraft(models.Model):
    """A table's score pad between rounds: what the pad keeper has entered so far (not a sheet version).

    `version` grows with every save; a save naming an older version is refused, so two phones editing one
    table are told, and nothing is silently lost."""

    table = models.OneToOneField(Table, on_delete=models.CASCADE, related_name="pad_draft")
    data = models.JSONField(default=dict, help_text="{seats: [seat objects in the sheet format, rounds so far]}")
    version = models.PositiveIntegerField(default=0)
    updated_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"pad of {self.table} v{self.version}"
