"""The levy's requests and answers."""

from rest_framework import serializers

from config.serializers import StrictModelSerializer, StrictSerializer
from tournaments.finance.models import LevyRule


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
    levy = serializers.DecimalField(max_digits=12, decimal_places=2)
    currency = serializers.CharField()
