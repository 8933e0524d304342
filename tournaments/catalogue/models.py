"""The games' editions (their card and map data) and the checks run on submitted sheets."""

from django.conf import settings
from django.db import models
from django.db.models import Q

from tournaments.models.base import game_choices


class Edition(models.Model):
    """Edition data for one game (docs/deck.md); the active one verifies that game's sheets."""

    game = models.CharField(max_length=40, choices=game_choices)
    name = models.CharField(max_length=200)
    data = models.JSONField()
    is_practice = models.BooleanField(
        default=False, help_text="Invented data that satisfies every published fact; not the printed cards."
    )
    is_active = models.BooleanField(default=True)
    loaded_at = models.DateTimeField(auto_now_add=True)
    loaded_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)

    class Meta:
        db_table = "tournaments_edition"  # kept from the core, where it was made
        ordering = ["game", "-loaded_at"]
        constraints = [
            models.UniqueConstraint(fields=["game"], condition=Q(is_active=True), name="one_active_edition_per_game"),
        ]

    def __str__(self) -> str:
        return f"{self.name}{' (practice)' if self.is_practice and 'practice' not in self.name.lower() else ''}"


class SheetCheck(models.Model):
    """A whole table sheet submitted for verification outside an event (a casual game)."""

    class Status(models.TextChoices):
        SUBMITTED = "submitted"
        VERIFYING = "verifying"
        VERIFIED = "verified"
        REJECTED = "rejected"

    game = models.CharField(max_length=40, choices=game_choices)
    sheet = models.JSONField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.SUBMITTED)
    attempt = models.PositiveIntegerField(default=0, help_text="Raised by each re-verification.")
    verdict = models.JSONField(null=True, blank=True)
    edition = models.ForeignKey(Edition, null=True, blank=True, on_delete=models.PROTECT)
    submitted_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    submitted_at = models.DateTimeField(auto_now_add=True)
    verified_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        db_table = "tournaments_sheetcheck"  # kept from the core, where it was made
        ordering = ["-submitted_at", "-id"]
        indexes = [models.Index(fields=["status", "submitted_at"])]

    def __str__(self) -> str:
        return f"{self.get_game_display()} sheet #{self.pk} ({self.status})"


class EditionEntry(models.Model):
    """One person's entry of a game's edition from their own box (issue 55, item 2): the edition file of
    docs/deck.md, saved as they go and resumed; submitted once it passes the checks."""

    game = models.CharField(max_length=40, choices=game_choices)
    entered_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="edition_entries")
    data = models.JSONField(default=dict)
    submitted_at = models.DateTimeField(null=True, blank=True, help_text="Checked and offered for confirmation.")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["game", "-updated_at"]
        constraints = [models.UniqueConstraint(fields=["game", "entered_by"], name="one_edition_entry_a_person")]

    def __str__(self) -> str:
        return f"{self.game} entered by {self.entered_by_id}"


class EditionConfirmation(models.Model):
    """Two entries by different people that agree field by field (double entry): the data is confirmed. A
    steward then may make it the game's edition, a decision kept with who, when and why."""

    game = models.CharField(max_length=40, choices=game_choices)
    data = models.JSONField()
    digest = models.CharField(max_length=64, help_text="SHA-256 of the data written canonically: one a content.")
    entries = models.ManyToManyField(EditionEntry, related_name="confirmations")
    confirmed_at = models.DateTimeField(auto_now_add=True)
    adopted_edition = models.ForeignKey(Edition, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    adopted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    adopted_at = models.DateTimeField(null=True, blank=True)
    reason = models.CharField(max_length=2000, blank=True)

    class Meta:
        ordering = ["game", "-confirmed_at"]
        constraints = [models.UniqueConstraint(fields=["game", "digest"], name="one_confirmation_a_content")]

    def __str__(self) -> str:
        return f"{self.game} confirmed {self.confirmed_at:%Y-%m-%d}"


class EventEdition(models.Model):
    """An event scored with practice data, kept as played when a steward makes the printed edition its game's
    (issue 66, item 2): its tables keep verifying against `edition` (None: the game's shipped practice data),
    so its standings, as the players played them, never silently empty. Its organiser may choose to verify it
    again with the game's edition of now (which deletes this row)."""

    event = models.OneToOneField("tournaments.Event", on_delete=models.CASCADE, related_name="pinned_edition")
    edition = models.ForeignKey(Edition, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    pinned_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.event} kept on {self.edition or 'the shipped practice data'}"
