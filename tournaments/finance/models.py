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


class EntryFee(models.Model):
    """An event's entry fee (issue 57, item 5; docs/organisers.md, "Entry fees and the door ledger"): the full
    amount, a reduced one for some licence categories, free for others. Every change is kept with who and why."""

    event = models.OneToOneField("tournaments.Event", on_delete=models.CASCADE, related_name="entry_fee")
    amount = models.DecimalField(max_digits=8, decimal_places=2, validators=[MinValueValidator(Decimal(0))])
    reduced_amount = models.DecimalField(
        max_digits=8, decimal_places=2, null=True, blank=True, validators=[MinValueValidator(Decimal(0))]
    )
    reduced_categories = models.JSONField(default=list, blank=True, help_text="Licence categories paying less.")
    free_categories = models.JSONField(default=list, blank=True, help_text="Licence categories paying nothing.")
    currency = models.CharField(max_length=3, default="EUR")
    reason = models.CharField(max_length=500, blank=True)
    changed_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    changed_at = models.DateTimeField(auto_now=True)
    history = HistoricalRecords()

    def __str__(self) -> str:
        return f"{self.event}: {self.amount} {self.currency}"

    def fee_for(self, category: str) -> Decimal:
        """What a player of this licence category (or none: "") pays; categories match in any case."""
        key = category.strip().casefold()
        if key and key in {name.casefold() for name in self.free_categories}:
            return Decimal(0)
        if key and self.reduced_amount is not None and key in {name.casefold() for name in self.reduced_categories}:
            return self.reduced_amount
        return self.amount


class Payment(models.Model):
    """One line of an event's door ledger: money received from a player, or given back. Lines are never edited
    or deleted; a mistake is put right by a line that undoes it, so the ledger is what the till saw."""

    class Kind(models.TextChoices):
        PAID = "paid"
        REFUND = "refund"

    class Method(models.TextChoices):
        CASH = "cash"
        CARD = "card"
        TRANSFER = "transfer"

    registration = models.ForeignKey("tournaments.Registration", on_delete=models.PROTECT, related_name="payments")
    kind = models.CharField(max_length=8, choices=Kind.choices)
    method = models.CharField(max_length=8, choices=Method.choices)
    amount = models.DecimalField(max_digits=8, decimal_places=2, validators=[MinValueValidator(Decimal("0.01"))])
    currency = models.CharField(
        max_length=3, default="EUR", help_text="ISO 4217: the fee's currency when the line was recorded."
    )
    note = models.CharField(max_length=200, blank=True)
    recorded_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    recorded_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["recorded_at", "id"]

    def __str__(self) -> str:
        return f"{self.kind} {self.amount} {self.currency} ({self.method}) for {self.registration_id}"

    @property
    def signed(self) -> Decimal:
        return self.amount if self.kind == self.Kind.PAID else -self.amount
