"""Score sheets, the pad's drafts and overrides."""

from rest_framework import serializers

from config.serializers import StrictSerializer
from tournaments.models import (
    ScoreSheet,
    TableResult,
)
from tournaments.serializers.fields import JsonObjectField, JsonObjectListField


class SheetInputSerializer(StrictSerializer):
    data = JsonObjectField(help_text="The seat object of the score-sheet spec; `player` may be left out.")


class TableSheetsInputSerializer(StrictSerializer):
    seats = JsonObjectListField(
        help_text="A list of seat objects of the score-sheet spec, each naming its `player`: the table's score pad."
    )


# Declared rather than a ModelSerializer: it answers every sheet POST, and a ModelSerializer inspects the
# model again for each answer (the schema is the same, field by field).
class ScoreSheetSerializer(StrictSerializer):
    """One version of a seat's score sheet."""

    id = serializers.IntegerField(read_only=True)
    seat = serializers.IntegerField(source="seat_id")
    version = serializers.IntegerField(min_value=0, max_value=2**63 - 1)
    status = serializers.ChoiceField(choices=ScoreSheet.Status.choices, required=False)
    data = JsonObjectField(help_text=ScoreSheet._meta.get_field("data").help_text)
    problems = JsonObjectListField(required=False, help_text="The problems the verdict found in this sheet.")
    entered_by = serializers.CharField(
        source="entered_by.player.handle", allow_null=True, help_text="The handle of whoever entered this version."
    )
    entered_at = serializers.DateTimeField(read_only=True)


class SubmittedSheetSerializer(ScoreSheetSerializer):
    table_status = serializers.ChoiceField(
        choices=TableResult.Status.choices, help_text="The table's status now: final (200) or still on its way (202)."
    )


class PadDraftSerializer(StrictSerializer):
    data = JsonObjectField(help_text="{seats: [...]}: the seat objects entered so far, rounds so far.")
    version = serializers.IntegerField(min_value=0, help_text="The version last read (0 before any save).")
    updated_by = serializers.CharField(source="updated_by.player.handle", read_only=True, allow_null=True, default=None)
    updated_at = serializers.DateTimeField(read_only=True, allow_null=True, default=None)


class OverrideInputSerializer(StrictSerializer):
    reason = serializers.CharField(max_length=2000)
