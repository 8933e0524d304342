"""The casual tables' API shapes."""

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from tournaments.casual.models import CasualSeat, CasualTable
from tournaments.casual.selectors import confirm_by
from tournaments.results.services.rating import casual_pool_key


class CasualTableInputSerializer(serializers.Serializer):
    sheet = serializers.JSONField(help_text="The whole table sheet (docs/score-sheet.md); your handle is one seat.")
    played_at = serializers.DateTimeField(required=False, help_text="When it was played (now if left out).")


class CasualSheetInputSerializer(serializers.Serializer):
    sheet = serializers.JSONField(help_text="The corrected table sheet: the same game, players and seats.")


class CasualSeatSerializer(serializers.ModelSerializer):
    player = serializers.CharField(source="player.handle")
    confirmed = serializers.SerializerMethodField()

    class Meta:
        model = CasualSeat
        fields = ["number", "player", "confirmed", "confirmed_at"]

    def get_confirmed(self, seat: CasualSeat) -> bool:
        return seat.confirmed_at is not None


class CasualTableSerializer(serializers.ModelSerializer):
    seats = CasualSeatSerializer(many=True, read_only=True)
    pool = serializers.SerializerMethodField(help_text="The casual pool it is rated in: /api/ratings/pools/{pool}/.")
    confirm_by = serializers.SerializerMethodField(help_text="It lapses if not every player confirmed it by then.")
    verdict = serializers.JSONField(read_only=True, allow_null=True, help_text="The rules engine's verdict, null "
                                    "while it runs: its `problems` say what to correct.")  # fmt: skip

    class Meta:
        model = CasualTable
        fields = ["id", "game", "status", "played_at", "seats", "verdict", "attempt", "pool", "confirm_by",
                  "created_at", "settled_at", "sheet"]  # fmt: skip

    def get_pool(self, table: CasualTable) -> str:
        return casual_pool_key(table.game)

    @extend_schema_field(OpenApiTypes.DATETIME)
    def get_confirm_by(self, table: CasualTable) -> Any:
        return serializers.DateTimeField().to_representation(confirm_by(table))
