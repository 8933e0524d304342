"""Seasons, their events and standings, and declined qualifications."""

from typing import Any

from rest_framework import serializers

from config import versioning
from config.serializers import StrictModelSerializer, StrictSerializer
from tournaments.models import GAME_CHOICES, Event, Organisation, game_choices
from tournaments.seasons.models import Season
from tournaments.seasons.selectors import season_counting, season_qualified
from tournaments.seasons.tonight import Need
from tournaments.serializers.fields import NumberListField


class SeasonInputSerializer(StrictSerializer):
    organisation = serializers.SlugRelatedField(slug_field="slug", queryset=Organisation.objects.all())
    name = serializers.CharField(max_length=200)
    game = serializers.ChoiceField(choices=GAME_CHOICES)
    starts_on = serializers.DateField()
    ends_on = serializers.DateField()
    best_of = serializers.IntegerField(min_value=1, max_value=100, default=5)
    points_table = serializers.ListField(
        child=serializers.FloatField(min_value=0, max_value=10_000), required=False, allow_null=True, max_length=500,
        help_text="Points per place, first place first; left out: tier x round(100 x (N - place + 1) / N).",
    )  # fmt: skip
    qualifiers = serializers.IntegerField(min_value=0, max_value=1000, default=0)
    circuit = serializers.CharField(
        max_length=100, required=False, allow_blank=True, default="",
        help_text="Seasons of one organisation sharing this name form a circuit: a player qualifies once in it.",
    )  # fmt: skip
    takes_events_of = serializers.ChoiceField(
        choices=["own", "members", "any"], default="own",
        help_text="Whose events its staff add alone: its own (another club's staff agree to each of theirs), a "
        "federation's member clubs', or any club's.",
    )  # fmt: skip

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = game_choices()


class SeasonSerializer(StrictModelSerializer):
    organisation = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    points_table = NumberListField(
        required=False, allow_null=True, help_text=Season._meta.get_field("points_table").help_text
    )
    events_count = serializers.SerializerMethodField(
        help_text="How many events count so far: they are `GET /api/seasons/{id}/events/`, a page at a time."
    )
    qualified = serializers.SerializerMethodField(help_text="Handles holding the qualifier slots now.")
    final = serializers.PrimaryKeyRelatedField(
        read_only=True, allow_null=True, help_text="The season's final (an event id): its qualifiers alone enter."
    )

    class Meta:
        model = Season
        fields = ["id", "organisation", "name", "game", "starts_on", "ends_on", "best_of", "points_table",
                  "qualifiers", "circuit", "takes_events_of", "qualified", "events_count", "final"]  # fmt: skip

    def get_qualified(self, season: Season) -> list[str]:
        return season_qualified(season=season)

    def get_events_count(self, season: Season) -> int:
        return season_counting(season=season).count()

    def to_representation(self, season: Season) -> dict[str, Any]:
        """A client pinned before 2026-11-27 reads every event inline (`events`), as it did."""
        data: dict[str, Any] = super().to_representation(season)
        request = self.context.get("request")
        if request is not None and versioning.before(request._request, versioning.SEASON_TOTALS):
            del data["events_count"]
            data["events"] = [{"event": e.event_id, "tier": e.tier} for e in season.season_events.all()]
        return data


class SeasonEventInputSerializer(StrictSerializer):
    event = serializers.PrimaryKeyRelatedField(queryset=Event.objects.all())
    tier = serializers.IntegerField(min_value=1, max_value=10, default=1)


class SeasonEventSerializer(StrictSerializer):
    event = serializers.IntegerField()
    tier = serializers.IntegerField(help_text="The multiplier of its points.")


class SeasonEventPointsSerializer(StrictSerializer):
    event = serializers.IntegerField()
    points = serializers.FloatField()


class SeasonRowSerializer(StrictSerializer):
    player = serializers.CharField()
    place = serializers.IntegerField()
    points = serializers.FloatField(help_text="The points of the events that count.")
    events_played = serializers.IntegerField(help_text="How many of the season's events the player played.")
    counted = SeasonEventPointsSerializer(
        many=True, help_text="The events that count (the best `best_of`), in the order played: at most `best_of`. "
        "Every event's points: the CSV export, or a client pinned before API version 2026-11-27."
    )  # fmt: skip


class FinalInputSerializer(StrictSerializer):
    event = serializers.IntegerField(
        allow_null=True, help_text="The event that is the season's final (null: none): its qualifiers alone enter."
    )


class DeclineInputSerializer(StrictSerializer):
    player = serializers.CharField(help_text="The handle of the player giving up their slot.")


class TonightSerializer(StrictSerializer):
    event = serializers.IntegerField(help_text="The season's next event.")
    need = serializers.ChoiceField(
        choices=[need.value for need in Need],
        help_text="secured: the slot is theirs without playing again; place: `place` or better at the next event "
        "secures it whatever else happens; no_place: no place there secures it by itself (later events decide); "
        "out_of_reach: no result can bring a slot; not_entered: the next event has its entrants and they are not one.",
    )
    place = serializers.IntegerField(
        allow_null=True, help_text="With need `place`: the worst place that secures the slot (a place not shared)."
    )


class PlayerOddsSerializer(StrictSerializer):
    player = serializers.CharField()
    qualify = serializers.FloatField(min_value=0, max_value=1, help_text="The chance of a qualifier slot.")
    win = serializers.FloatField(min_value=0, max_value=1, help_text="The chance of the season's first place.")
    tonight = TonightSerializer(
        allow_null=True,
        help_text="What the player needs at the season's next event, a worst case (docs/ratings.md): null with no "
        "coming event or no qualifier slot, or for a player qualified elsewhere in the circuit or who declined.",
    )


class SeasonOddsSerializer(StrictSerializer):
    method = serializers.CharField()
    samples = serializers.IntegerField(help_text="Seasons simulated: each chance is within about 3.5 points.")
    players = PlayerOddsSerializer(many=True)
