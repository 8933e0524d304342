"""What the engine's answers look like to a client: a verdict, a live score preview, a rebuilt draft and a
player's pick accuracy. Output only: they declare the shapes in the schema (docs/score-sheet.md defines the
verdict) and serialise what the selectors return."""

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from config.serializers import StrictSerializer
from tournaments.serializers.fields import JsonValueField
from tournaments.verdicts import TableVerdict


class ProblemSerializer(StrictSerializer):
    code = serializers.CharField(help_text="Stable: e.g. `wrong_total`, `unknown_card`.")
    player = serializers.CharField(allow_null=True)
    round = serializers.IntegerField(allow_null=True, help_text="1-based, for a drafting game's round.")
    field = serializers.CharField(allow_null=True, help_text="The sheet's field at fault.")
    claimed = JsonValueField(allow_null=True, help_text="What the sheet says.")
    expected = JsonValueField(allow_null=True, help_text="What the rules make it.")
    message = serializers.CharField()


class SeatResultSerializer(StrictSerializer):
    player = serializers.CharField()
    rounds = serializers.ListField(
        child=serializers.DictField(child=serializers.IntegerField()), required=False,
        help_text="Drafting games: each round's points by category.",
    )  # fmt: skip
    breakdown = serializers.DictField(required=False, help_text="The hunt and flip games: the total's parts.")
    total = serializers.IntegerField()
    rank = serializers.IntegerField()
    tie_breaks = serializers.DictField(child=serializers.IntegerField())
    forfeited = serializers.BooleanField(required=False, help_text="A forfeited seat: 0 points, the last place.")


class VerdictSerializer(StrictSerializer):
    valid = serializers.BooleanField()
    game = serializers.CharField()
    seats = SeatResultSerializer(many=True)
    problems = ProblemSerializer(many=True)
    edition = serializers.CharField(allow_null=True, help_text="The edition data used (practice data says so).")
    forfeit = serializers.BooleanField(required=False, help_text="The table was won by forfeit: no game scored.")


@extend_schema_field(VerdictSerializer(allow_null=True))
class StoredVerdictField(serializers.JSONField):
    """A stored verdict as its one reader reads it (tournaments/verdicts.py); null before the first verdict."""

    def to_representation(self, value: Any) -> Any:
        return None if value is None else TableVerdict.read(value).to_json()


class ScorePreviewSerializer(VerdictSerializer):
    complete = serializers.BooleanField(help_text="Whether every round of every seat is entered.")
    running_totals = serializers.DictField(
        child=serializers.ListField(child=serializers.IntegerField()),
        help_text="Per player, the total after each round (drafting games).",
    )


class RebuiltPickSerializer(StrictSerializer):
    offered = serializers.ListField(child=serializers.CharField(), help_text="The hand the seat picked from.")
    taken = serializers.CharField()


class RebuiltRoundSerializer(StrictSerializer):
    dealt = serializers.ListField(
        child=serializers.ListField(child=serializers.CharField()), help_text="Each seat's dealt hand."
    )
    picks = serializers.ListField(
        child=RebuiltPickSerializer(many=True), help_text="Each seat's picks in order, in the table's seat order."
    )


class RebuildSerializer(StrictSerializer):
    rounds = RebuiltRoundSerializer(many=True)


class PickSerializer(StrictSerializer):
    pick = serializers.IntegerField(help_text="1 is the round's first pick.")
    taken = serializers.CharField(help_text="The card taken.")
    points = serializers.IntegerField(help_text="The round's points with it.")
    best_points = serializers.IntegerField(help_text="The best points any card offered would have given.")
    best_card = serializers.CharField(help_text="That card.")


class PickRoundSerializer(StrictSerializer):
    round = serializers.IntegerField()
    picks = PickSerializer(many=True, help_text="Each pick that had a choice.")


class PickAccuracyLineSerializer(StrictSerializer):
    event = serializers.IntegerField()
    event_name = serializers.CharField()
    game = serializers.CharField()
    round = serializers.IntegerField(help_text="The event's round.")
    table = serializers.IntegerField(help_text="The table's number in that round.")
    choices = serializers.IntegerField(help_text="Picks that had a choice.")
    best_picks = serializers.IntegerField()
    points_lost = serializers.IntegerField()
    made = serializers.IntegerField(allow_null=True, help_text="The seat's points.")
    par = serializers.IntegerField(
        allow_null=True, help_text='What the reference drafter made of the same hands (docs/rules.md, "Par").'
    )
    performance = serializers.IntegerField(allow_null=True, help_text="made minus par.")
    rounds = PickRoundSerializer(many=True, required=False, help_text="Left out of the CSV.")


class ReadingReportSerializer(StrictSerializer):
    reading = serializers.CharField()
    game = serializers.CharField()
    summary = serializers.CharField(help_text="What the reading changes, and whose reading it is.")
    tables = serializers.IntegerField(help_text="The game's verified tables scored.")
    winners_changed = serializers.IntegerField(help_text="Tables whose winners the reading would change.")
    places_changed = serializers.IntegerField(help_text="Tables where any player's place would change.")


class SeatParSerializer(StrictSerializer):
    player = serializers.CharField()
    made = serializers.IntegerField(help_text="The seat's points, as the engine scores its rows.")
    par = serializers.IntegerField(help_text="What the reference drafter made of the same hands.")
    performance = serializers.IntegerField(help_text="made minus par: above zero, the seat beat par.")
    rounds = serializers.ListField(
        child=serializers.ListField(child=serializers.IntegerField(), min_length=2, max_length=2),
        help_text="Per round of the game: [points made, par].",
    )


class TableParSerializer(StrictSerializer):
    table = serializers.IntegerField()
    game = serializers.CharField()
    luck = serializers.IntegerField(help_text="How far the seats' pars spread: the highest minus the lowest.")
    seats = SeatParSerializer(many=True, help_text="In seating order.")


class LuckLineSerializer(StrictSerializer):
    player = serializers.CharField()
    tables = serializers.IntegerField(help_text="The player's analysed tables (drafting games, counting results).")
    made = serializers.IntegerField(help_text="The points made at those tables.")
    par = serializers.IntegerField(
        help_text="What the deals were worth: a reference drafter's points from the same hands."
    )
    play = serializers.IntegerField(help_text="made minus par: what the player's own play added (the ledger's order).")


class LuckLedgerSerializer(StrictSerializer):
    method = serializers.CharField()
    players = LuckLineSerializer(many=True)
