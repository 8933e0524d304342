"""The levy's requests and answers."""

from rest_framework import serializers

from config.serializers import StrictModelSerializer, StrictSerializer
from tournaments.finance.models import EntryFee, LevyRule, Payment


class LevyRuleInputSerializer(StrictSerializer):
    per_player = serializers.CharField(max_length=20, help_text="An amount a player, such as 1.00.")
    minimum = serializers.CharField(max_length=20, help_text="The least an event pays, such as 20.00.")
    currency = serializers.CharField(max_length=3, help_text="ISO 4217: EUR, USD, GBP...")
    reason = serializers.CharField(max_length=500, help_text="Why the levy is set or changed.")


class LevyRuleSerializer(StrictModelSerializer):
    changed_by = serializers.CharField(source="changed_by.username")

    class Meta:
        model = LevyRule
        fields = ["per_player", "minimum", "currency", "reason", "changed_by", "changed_at"]


class LevyLineSerializer(StrictSerializer):
    event = serializers.IntegerField()
    name = serializers.CharField()
    club = serializers.CharField(help_text="The organising club's address.")
    game = serializers.CharField()
    starts_at = serializers.DateTimeField()
    player_count = serializers.IntegerField()
    players = serializers.ListField(child=serializers.CharField(), required=False, help_text="Left out of the CSV.")
    levy = serializers.DecimalField(max_digits=None, decimal_places=2)
    currency = serializers.CharField()


class LevySheetLineSerializer(LevyLineSerializer):
    """A treasurer's sheet (the CSV): one line an event, without its players, whose header an empty sheet keeps."""

    players = None


class EntryFeeInputSerializer(StrictSerializer):
    amount = serializers.CharField(max_length=20, help_text="The full fee, such as 10.00 (0: free entry).")
    currency = serializers.CharField(max_length=3, help_text="ISO 4217: EUR, USD, GBP...")
    reduced_amount = serializers.CharField(max_length=20, required=False, allow_blank=True, default="",
                                           help_text="The reduced fee, for the reduced categories.")  # fmt: skip
    reduced_categories = serializers.ListField(
        child=serializers.CharField(max_length=40), required=False, default=list, max_length=50,
        help_text="Licence categories that pay the reduced fee (as the licences name them: junior...).",
    )  # fmt: skip
    free_categories = serializers.ListField(
        child=serializers.CharField(max_length=40), required=False, default=list, max_length=50,
        help_text="Licence categories that enter free.",
    )  # fmt: skip
    reason = serializers.CharField(max_length=500, required=False, allow_blank=True, default="")


class EntryFeeSerializer(StrictModelSerializer):
    changed_by = serializers.CharField(source="changed_by.username")
    reduced_categories = serializers.ListField(child=serializers.CharField())
    free_categories = serializers.ListField(child=serializers.CharField())

    class Meta:
        model = EntryFee
        fields = ["amount", "reduced_amount", "reduced_categories", "free_categories", "currency", "reason",
                  "changed_by", "changed_at"]  # fmt: skip


class PaymentInputSerializer(StrictSerializer):
    player = serializers.CharField(max_length=40, help_text="The registered player's handle.")
    kind = serializers.ChoiceField(choices=Payment.Kind.choices)
    method = serializers.ChoiceField(choices=Payment.Method.choices)
    amount = serializers.CharField(max_length=20, help_text="Such as 10.00; more than 0.")
    note = serializers.CharField(max_length=200, required=False, allow_blank=True, default="")


class PaymentSerializer(StrictModelSerializer):
    player = serializers.CharField(source="registration.player.handle")
    recorded_by = serializers.CharField(source="recorded_by.username")

    class Meta:
        model = Payment
        fields = ["id", "player", "kind", "method", "amount", "currency", "note", "recorded_by", "recorded_at"]


class LedgerLineSerializer(StrictSerializer):
    player = serializers.CharField(source="registration.player.handle")
    status = serializers.CharField(source="registration.status")
    category = serializers.CharField(help_text="The licence category on the event's day, empty without one.")
    fee = serializers.DecimalField(max_digits=None, decimal_places=2, help_text="What this player owes in full.")
    paid = serializers.DecimalField(max_digits=None, decimal_places=2)
    refunded = serializers.DecimalField(max_digits=None, decimal_places=2)
    due = serializers.DecimalField(max_digits=None, decimal_places=2, help_text="Still to pay.")
    credit = serializers.DecimalField(max_digits=None, decimal_places=2, help_text="Paid beyond the fee: to refund.")


class LedgerTotalsSerializer(StrictSerializer):
    fee = serializers.DecimalField(max_digits=None, decimal_places=2, help_text="The fees owed in all.")
    paid = serializers.DecimalField(max_digits=None, decimal_places=2)
    refunded = serializers.DecimalField(max_digits=None, decimal_places=2)
    due = serializers.DecimalField(max_digits=None, decimal_places=2)
    credit = serializers.DecimalField(max_digits=None, decimal_places=2)


class LedgerMethodsSerializer(StrictSerializer):
    cash = serializers.DecimalField(max_digits=None, decimal_places=2)
    card = serializers.DecimalField(max_digits=None, decimal_places=2)
    transfer = serializers.DecimalField(max_digits=None, decimal_places=2)


class LedgerSerializer(StrictSerializer):
    fee = EntryFeeSerializer(allow_null=True, help_text="The event's fee; null when none is set.")
    totals = LedgerTotalsSerializer(help_text="paid - refunded = fee - due + credit.")
    by_method = LedgerMethodsSerializer(help_text="What each way of paying brought in, refunds taken off.")
    lines = LedgerLineSerializer(many=True)
    payments = PaymentSerializer(many=True, help_text="Every line of the ledger, oldest first.")
