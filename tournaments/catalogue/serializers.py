"""The games, their editions, sheet checks, previews and rebuilds."""

from rest_framework import serializers

from config.serializers import StrictModelSerializer, StrictSerializer
from tournaments.catalogue.models import Edition, SheetCheck
from tournaments.models import DRAFT_DIRECTIONS
from tournaments.serializers.answers import StoredVerdictField
from tournaments.serializers.fields import JsonObjectField, JsonObjectListField


class GameSerializer(StrictSerializer):
    id = serializers.CharField()
    name = serializers.CharField()
    min_players = serializers.IntegerField()
    max_players = serializers.IntegerField()
    edition = serializers.CharField(allow_null=True, help_text="Name of the edition data that verifies sheets.")
    practice_data = serializers.BooleanField(help_text="True when the active edition is invented practice data.")


class EditionSerializer(StrictModelSerializer):
    data = JsonObjectField(read_only=True, help_text="The edition file of docs/deck.md.")

    class Meta:
        model = Edition
        fields = ["id", "game", "name", "is_practice", "is_active", "loaded_at", "data"]


class SheetCheckInputSerializer(StrictSerializer):
    sheet = JsonObjectField(help_text="A whole table sheet: {game, seats} as in the score-sheet spec.")


class ScorePreviewInputSerializer(StrictSerializer):
    seats = JsonObjectListField(
        help_text="Seat objects of the score-sheet spec; drafting seats may hold 1 to 4 rounds."
    )


class SheetCheckSerializer(StrictModelSerializer):
    verdict = StoredVerdictField(read_only=True)
    sheet = JsonObjectField(read_only=True, help_text="The table sheet as it was sent: {game, seats}.")

    class Meta:
        model = SheetCheck
        fields = ["id", "game", "status", "sheet", "verdict", "submitted_at", "verified_at"]


class RebuildInputSerializer(StrictSerializer):
    table = JsonObjectField(help_text="A drafting table in the sheet format: {seats: [...]}, seats in order.")
    direction = serializers.ChoiceField(choices=DRAFT_DIRECTIONS, default="left")


class CardStatisticSerializer(StrictSerializer):
    """One card's figures over the verified tables of sanctioned events (docs/rules.md, "Card statistics")."""

    card = serializers.CharField()
    name = serializers.CharField()
    taken = serializers.IntegerField(help_text="Seat-rounds in which it was drafted.")
    offered = serializers.IntegerField(help_text="Hands it was in when a seat picked.")
    take_rate = serializers.FloatField(allow_null=True, help_text="taken / offered.")
    mean_pick = serializers.FloatField(allow_null=True, help_text="1 is the first card of a hand of 7.")
    points = serializers.DictField(child=serializers.FloatField(), help_text="Mean points per category.")
    seats = serializers.IntegerField(help_text="The uplift's sample size.")
    uplift = serializers.FloatField(allow_null=True)
    uplift_low = serializers.FloatField(allow_null=True, help_text="95% interval, low end.")
    uplift_high = serializers.FloatField(allow_null=True, help_text="95% interval, high end.")
