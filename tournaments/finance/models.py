"""A federation's levy on the sanctioned events of the games it stewards (issue 57, item 5; docs/organisers.md,
"Levies"): an amount a player, with a minimum an event, as WESPA charges US$1 a player with US$20 at least."""

from decimal import Decimal

from django.conf import settings
from django.core.validators import MinValueValidator
from django.db import models
from simple_history.models import HistoricalRecords

from tournaments.models import Organisation


class LevyRule(models.Model):
    """What a federation levies; every change is kept (its history) with who made it and when."""

    organisation = models.OneToOneField(Organisation, on_delete=models.CASCADE, related_name="levy_rule")
    per_player = models.DecimalField(
        max_digits=8, decimal_places=2, default=Decimal(0), validators=[MinValueValidator(Decimal(0))]
    )
    minimum = models.DecimalField(
        max_digits=8, decimal_places=2, default=Decimal(0), validators=[MinValueValidator(Decimal(0))],
        help_text="The least an event pays, however few its players.",
    )  # fmt: skip
    currency = models.CharField(max_length=3, default="EUR", help_text="ISO 4217: EUR, USD, GBP...")
    reason = models.CharField(max_length=500, help_text="Why the rule was set or changed.")
    changed_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    changed_at = models.DateTimeField(auto_now=True)
    history = HistoricalRecords()

    def __str__(self) -> str:
        return f"{self.organisation}: {self.per_player} {self.currency} a player, {self.minimum} at least"

    def levy(self, players: int) -> Decimal:
        """What an event of this many players pays: the amount a player, never less than the minimum."""
        return max(self.per_player * players, self.minimum) if players else Decimal(0)
