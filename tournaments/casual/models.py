"""Casual rated games (issue 70, item 4): a table played anywhere, recorded by one of its players, confirmed by
every other on their own account, verified by the rules engine and rated in the game's casual pool."""

from django.conf import settings
from django.db import models

from tournaments.models import Player
from tournaments.models.base import game_choices


class CasualTable(models.Model):
    class Status(models.TextChoices):
        CONFIRMING = "confirming", "waiting for its players' confirmations"
        RATED = "rated", "rated in the casual pool"
        REJECTED = "rejected", "refused by the rules: back to its players"
        DECLINED = "declined", "declined by one of its players"
        LAPSED = "lapsed", "not confirmed within 7 days"

    game = models.CharField(max_length=40, choices=game_choices)
    sheet = models.JSONField(help_text="The whole table sheet (docs/score-sheet.md).")
    played_at = models.DateTimeField(help_text="When it was played: its place in the pool's order.")
    recorded_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.CONFIRMING)
    attempt = models.PositiveIntegerField(default=0, help_text="Raised by each correction of the sheet.")
    verdict = models.JSONField(null=True, blank=True, help_text="The rules engine's verdict; null while it runs.")
    created_at = models.DateTimeField(auto_now_add=True)
    settled_at = models.DateTimeField(null=True, blank=True, help_text="Rated, declined or lapsed.")

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["status", "created_at"])]

    def __str__(self) -> str:
        return f"{self.game} casual table #{self.pk} ({self.status})"


class CasualSeat(models.Model):
    table = models.ForeignKey(CasualTable, on_delete=models.CASCADE, related_name="seats")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="casual_seats")
    number = models.PositiveSmallIntegerField(help_text="1-based, in the sheet's seating order.")
    confirmed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["table", "number"]
        constraints = [models.UniqueConstraint(fields=["table", "player"], name="one_casual_seat_a_player")]

    def __str__(self) -> str:
        return f"seat {self.number} of {self.table_id}"
