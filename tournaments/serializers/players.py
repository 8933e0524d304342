"""Sign-up, the signed-in player, guests and claims."""

from django.utils.text import format_lazy
from rest_framework import serializers

from config.serializers import StrictModelSerializer, StrictSerializer
from tournaments.models import (
    Player,
)
from tournaments.serializers.fields import CountryCodeField
from tournaments.validators import HANDLE_REFUSED, HANDLE_RULE

# The rule in words whichever bound a handle misses (the schema carries the bounds as minLength/maxLength).
HANDLE_ERRORS = {"min_length": HANDLE_REFUSED, "max_length": HANDLE_REFUSED}
HANDLE_HELP = format_lazy("A handle is {}.", HANDLE_RULE)


class PlayerSignupSerializer(StrictSerializer):
    username = serializers.CharField(max_length=150)
    password = serializers.CharField(min_length=10, write_only=True, style={"input_type": "password"})
    handle = serializers.CharField(min_length=2, max_length=40, help_text=HANDLE_HELP, error_messages=HANDLE_ERRORS)
    email = serializers.EmailField(required=False, allow_blank=True, help_text="Optional: to reset a password.")
    display_name = serializers.CharField(
        max_length=80, required=False, allow_blank=True, help_text="Optional: the name as written, spaces allowed."
    )


class PlayerSummarySerializer(StrictModelSerializer):
    url = serializers.HyperlinkedIdentityField(view_name="player-profile", lookup_field="handle")

    class Meta:
        model = Player
        fields = ["handle", "display_name", "country", "guest", "url"]


class PlayerSearchQuery(serializers.Serializer):  # a query: other parameters (page, format) pass
    search = serializers.CharField(
        required=False, min_length=2, max_length=80, help_text="Part of a handle or a display name."
    )


class PlayerSignupResultSerializer(StrictSerializer):
    handle = serializers.CharField()
    token = serializers.CharField()


class MeSerializer(StrictSerializer):
    handle = serializers.CharField(allow_null=True)
    country = serializers.CharField(help_text="The country you play for (ISO 3166 code), empty when none.")
    registrations = serializers.ListField(child=serializers.DictField())
    current_seat = serializers.DictField(allow_null=True, help_text="Your seat in the newest round that is on.")


class CountryInputSerializer(StrictSerializer):
    country = CountryCodeField(max_length=2, allow_blank=True, help_text="ISO 3166 code (FR); empty: none.")


class GuestInputSerializer(StrictSerializer):
    handle = serializers.CharField(min_length=2, max_length=40, help_text=HANDLE_HELP, error_messages=HANDLE_ERRORS)
    name = serializers.CharField(max_length=80, required=False, default="", allow_blank=True)
    email = serializers.CharField(max_length=254, required=False, default="", allow_blank=True)


class GuestSerializer(StrictModelSerializer):
    plays_from_round = serializers.IntegerField(
        read_only=True, allow_null=True, default=None,
        help_text="The round they play from: the round at hand when a table of it took them, else the next one.",
    )  # fmt: skip

    class Meta:
        model = Player
        fields = ["handle", "display_name", "guest", "claim_code", "plays_from_round"]


class ClaimInputSerializer(StrictSerializer):
    code = serializers.CharField(max_length=64)


class PeakSerializer(StrictSerializer):
    conservative = serializers.FloatField()
    at = serializers.DateTimeField(help_text="When the rated table that took the rating there was verified.")
    table = serializers.IntegerField(allow_null=True, help_text="That table.")
    event = serializers.IntegerField(allow_null=True, help_text="Its event.")


class PlayerProfileRatingSerializer(StrictSerializer):
    game = serializers.CharField()
    conservative = serializers.FloatField(help_text="mu - 3 sigma, the rating the leaderboards rank by.")
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    games = serializers.IntegerField()
    provisional = serializers.BooleanField()
    rank = serializers.IntegerField(help_text="The place on the game's whole leaderboard.")
    of = serializers.IntegerField(help_text="How many players the game's leaderboard ranks.")
    peak = PeakSerializer(allow_null=True, help_text="The highest rating after a rated game, first reached when.")


class PlayerProfileEventSerializer(StrictSerializer):
    event = serializers.IntegerField()
    name = serializers.CharField()
    game = serializers.CharField()
    starts_at = serializers.DateTimeField(allow_null=True)
    status = serializers.CharField()
    place = serializers.IntegerField(allow_null=True, help_text="Once the event is finished; null before.")
    players = serializers.IntegerField(help_text="The field's size, once the event is finished (0 before).")


class PlayerProfileSerializer(StrictSerializer):
    handle = serializers.CharField()
    display_name = serializers.CharField()
    country = serializers.CharField()
    guest = serializers.BooleanField()
    demo = serializers.BooleanField()
    ratings = PlayerProfileRatingSerializer(many=True)
    events = PlayerProfileEventSerializer(many=True, help_text="The newest 20.")


class HeadToHeadGameSerializer(StrictSerializer):
    game = serializers.CharField()
    tables = serializers.IntegerField()
    first_ahead = serializers.IntegerField(help_text="Tables where the first player finished ahead.")
    second_ahead = serializers.IntegerField()
    level = serializers.IntegerField(help_text="Tables where they shared a place.")


class SharedTableSerializer(StrictSerializer):
    table_id = serializers.IntegerField()
    event_id = serializers.IntegerField()
    event = serializers.CharField()
    game = serializers.CharField()
    round = serializers.IntegerField()
    ranks = serializers.ListField(child=serializers.IntegerField(), help_text="The first's place, the second's.")


class HeadToHeadSerializer(StrictSerializer):
    players = serializers.ListField(child=serializers.CharField())
    games = HeadToHeadGameSerializer(many=True)
    tables = SharedTableSerializer(many=True, help_text="Newest first (200 at most).")
