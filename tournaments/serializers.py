from typing import Any

from rest_framework import serializers

from tournaments import selectors
from tournaments.models import (
    DRAFT_DIRECTIONS,
    GAME_CHOICES,
    Edition,
    Event,
    Membership,
    Organisation,
    Player,
    Registration,
    Round,
    ScoreSheet,
    Season,
    Seat,
    SheetCheck,
    Table,
    TableResult,
    Webhook,
    game_choices,
)
from tournaments.validators import HANDLE_RULE, validate_timezone


class GameSerializer(serializers.Serializer):
    id = serializers.CharField()
    name = serializers.CharField()
    min_players = serializers.IntegerField()
    max_players = serializers.IntegerField()
    edition = serializers.CharField(allow_null=True, help_text="Name of the edition data that verifies sheets.")
    practice_data = serializers.BooleanField(help_text="True when the active edition is invented practice data.")


class EditionSerializer(serializers.ModelSerializer):
    class Meta:
        model = Edition
        fields = ["id", "game", "name", "is_practice", "is_active", "loaded_at", "data"]


class SheetCheckInputSerializer(serializers.Serializer):
    sheet = serializers.JSONField(help_text="A whole table sheet: {game, seats} as in the score-sheet spec.")


class ScorePreviewInputSerializer(serializers.Serializer):
    seats = serializers.JSONField(
        help_text="Seat objects of the score-sheet spec; drafting seats may hold 1 to 4 rounds."
    )


class SheetCheckSerializer(serializers.ModelSerializer):
    class Meta:
        model = SheetCheck
        fields = ["id", "game", "status", "sheet", "verdict", "submitted_at", "verified_at"]


class PlayerSignupSerializer(serializers.Serializer):
    username = serializers.CharField(max_length=150)
    password = serializers.CharField(min_length=10, write_only=True, style={"input_type": "password"})
    handle = serializers.CharField(max_length=40, help_text=f"A handle is {HANDLE_RULE}.")
    email = serializers.EmailField(required=False, allow_blank=True, help_text="Optional: to reset a password.")
    display_name = serializers.CharField(
        max_length=80, required=False, allow_blank=True, help_text="Optional: the name as written, spaces allowed."
    )


class PlayerSignupResultSerializer(serializers.Serializer):
    handle = serializers.CharField()
    token = serializers.CharField()


class EventInputSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=200)
    organisation = serializers.SlugRelatedField(
        slug_field="slug", queryset=Organisation.objects.all(), required=False,
        help_text="The organisation (slug; you must be on its staff); default: the one you run, or a club of yours.",
    )  # fmt: skip
    game = serializers.ChoiceField(choices=GAME_CHOICES)  # the games known now: see __init__
    starts_at = serializers.DateTimeField(required=False, allow_null=True)
    timezone = serializers.CharField(
        max_length=64, required=False, validators=[validate_timezone],
        help_text="IANA time zone the event's times are shown in; default from the server's EVENT_TIME_ZONE.",
    )  # fmt: skip
    venue = serializers.CharField(max_length=200, required=False, allow_blank=True)
    description = serializers.CharField(max_length=5000, required=False, allow_blank=True)
    rounds_planned = serializers.IntegerField(min_value=1, max_value=20, default=4)
    capacity = serializers.IntegerField(min_value=2, max_value=10_000, default=32)
    registration_opens = serializers.DateTimeField(required=False, allow_null=True)
    registration_closes = serializers.DateTimeField(required=False, allow_null=True)
    seed = serializers.IntegerField(min_value=0, max_value=2**62, required=False)
    points_by_table_size = serializers.DictField(
        child=serializers.ListField(child=serializers.FloatField()), required=False
    )
    tie_breaks = serializers.ListField(child=serializers.CharField(), required=False)
    bye_points = serializers.FloatField(min_value=0, max_value=1000, required=False, allow_null=True)
    rated = serializers.BooleanField(required=False)
    draft_direction = serializers.ChoiceField(
        choices=DRAFT_DIRECTIONS, required=False,
        help_text="How hands pass in the drafting games: left, or alternate (the Direction Variant).",
    )  # fmt: skip
    duplicate_deals = serializers.BooleanField(
        required=False,
        help_text="Drafting games: every table of a size is dealt the same hands each round, printed on the "
        "table slips; a table whose rows do not come from its deal is refused (deal_mismatch).",
    )
    late_entry_until_round = serializers.IntegerField(min_value=0, max_value=20, required=False)
    final_table_size = serializers.IntegerField(min_value=0, max_value=5, required=False)
    avoid_pairs = serializers.ListField(
        child=serializers.ListField(child=serializers.CharField(max_length=40), min_length=2, max_length=2),
        required=False, max_length=500, help_text="Pairs of handles who must not meet (family).",
    )  # fmt: skip
    pinned_tables = serializers.DictField(
        child=serializers.IntegerField(min_value=1, max_value=1000), required=False,
        help_text="Players who keep a table (mobility needs): handle -> table number.",
    )  # fmt: skip

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = game_choices()  # a game registered after start-up is accepted too


class EventUpdateSerializer(EventInputSerializer):
    """Any of the creation fields; only a draft can change."""


class EventSerializer(serializers.ModelSerializer):
    organisers = serializers.SerializerMethodField(help_text="Handles of the organisers who have one.")
    organisation = serializers.SlugRelatedField(slug_field="slug", read_only=True)

    class Meta:
        model = Event
        fields = [
            "id", "name", "game", "status", "starts_at", "timezone", "venue", "description", "rounds_planned",
            "capacity", "registration_opens", "registration_closes", "seed", "points_by_table_size", "tie_breaks",
            "bye_points", "rated", "draft_direction", "duplicate_deals", "late_entry_until_round", "final_table_size",
            "avoid_pairs", "pinned_tables", "organisers", "organisation", "sanction", "created_at",
        ]  # fmt: skip

    def get_organisers(self, event: Event) -> list[str]:
        return sorted(user.player.handle for user in event.organisers.all() if hasattr(user, "player"))


class OrganiserInputSerializer(serializers.Serializer):
    player = serializers.CharField(help_text="The handle of the player to add as a co-organiser.")


class MeSerializer(serializers.Serializer):
    handle = serializers.CharField(allow_null=True)
    country = serializers.CharField(help_text="The country you play for (ISO 3166 code), empty when none.")
    registrations = serializers.ListField(child=serializers.DictField())
    current_seat = serializers.DictField(allow_null=True, help_text="Your seat in the newest round that is on.")


class RegistrationInputSerializer(serializers.Serializer):
    player = serializers.CharField(required=False, help_text="Handle; organisers only. Default: yourself.")


class RegistrationSerializer(serializers.ModelSerializer):
    player = serializers.CharField(source="player.handle")
    waitlist_position = serializers.IntegerField(allow_null=True, read_only=True)

    class Meta:
        model = Registration
        fields = ["id", "event", "player", "status", "waitlist_position", "created_at"]


class SeatSerializer(serializers.ModelSerializer):
    player = serializers.CharField(source="player.handle")

    class Meta:
        model = Seat
        fields = ["id", "position", "player", "forfeited"]


class TableResultSerializer(serializers.ModelSerializer):
    class Meta:
        model = TableResult
        fields = ["status", "attempt", "verdict", "verified_at", "override_reason"]


class TableSerializer(serializers.ModelSerializer):
    seats = SeatSerializer(many=True)
    result = TableResultSerializer()
    round = serializers.IntegerField(source="round.number")

    class Meta:
        model = Table
        fields = ["id", "round", "number", "seats", "result"]


class RoundSerializer(serializers.ModelSerializer):
    tables = TableSerializer(many=True)
    byes = serializers.SlugRelatedField(
        many=True, read_only=True, slug_field="player_handle", help_text="Players with a bye this round (handles)."
    )

    class Meta:
        model = Round
        fields = ["id", "event", "number", "status", "is_final", "started_at", "length_minutes", "tables", "byes"]


class SheetInputSerializer(serializers.Serializer):
    data = serializers.JSONField(help_text="The seat object of the score-sheet spec; `player` may be left out.")


class TableSheetsInputSerializer(serializers.Serializer):
    seats = serializers.JSONField(
        help_text="A list of seat objects of the score-sheet spec, each naming its `player`: the table's score pad."
    )


# Declared rather than a ModelSerializer: it answers every sheet POST, and a ModelSerializer inspects the
# model again for each answer (the schema is the same, field by field).
class ScoreSheetSerializer(serializers.Serializer):
    """One version of a seat's score sheet."""

    id = serializers.IntegerField(read_only=True)
    seat = serializers.IntegerField(source="seat_id")
    version = serializers.IntegerField(min_value=0, max_value=2**63 - 1)
    status = serializers.ChoiceField(choices=ScoreSheet.Status.choices, required=False)
    data = serializers.JSONField(help_text=ScoreSheet._meta.get_field("data").help_text)
    problems = serializers.JSONField(required=False)
    entered_by = serializers.CharField(
        source="entered_by.player.handle", allow_null=True, help_text="The handle of whoever entered this version."
    )
    entered_at = serializers.DateTimeField(read_only=True)


class SubmittedSheetSerializer(ScoreSheetSerializer):
    table_status = serializers.ChoiceField(
        choices=TableResult.Status.choices, help_text="The table's status now: final (200) or still on its way (202)."
    )


class PadDraftSerializer(serializers.Serializer):
    data = serializers.JSONField(help_text="{seats: [...]}: the seat objects entered so far, rounds so far.")
    version = serializers.IntegerField(min_value=0, help_text="The version last read (0 before any save).")
    updated_by = serializers.CharField(source="updated_by.player.handle", read_only=True, allow_null=True, default=None)
    updated_at = serializers.DateTimeField(read_only=True, allow_null=True, default=None)


class OverrideInputSerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=2000)


class SeatSwapInputSerializer(serializers.Serializer):
    seat_a = serializers.PrimaryKeyRelatedField(queryset=Seat.objects.select_related("table__round__event"))
    seat_b = serializers.PrimaryKeyRelatedField(queryset=Seat.objects.select_related("table__round__event"))


class StandingSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    player = serializers.CharField()
    points = serializers.FloatField()
    game_score = serializers.IntegerField()
    game_tie_break = serializers.ListField(child=serializers.IntegerField())
    opponents_points = serializers.FloatField()
    duplicate = serializers.FloatField(help_text="Duplicate deals: matchpoints against those dealt the same hands.")
    tables = serializers.IntegerField()
    byes = serializers.IntegerField()
    dropped = serializers.BooleanField()


class OrganisationInputSerializer(serializers.Serializer):
    slug = serializers.CharField(max_length=50, help_text="Its address: /clubs/<slug>/ (letters, digits, '-', '_').")
    name = serializers.CharField(max_length=200)
    country = serializers.CharField(max_length=2, required=False, allow_blank=True, default="")
    kind = serializers.ChoiceField(choices=Organisation.Kind.choices, default=Organisation.Kind.CLUB)


class OrganisationSerializer(serializers.ModelSerializer):
    staff = serializers.SerializerMethodField(help_text="Who runs it: handle and role.")
    trusted = serializers.BooleanField(read_only=True, help_text="Trusted by the stewards of at least one game.")
    trusted_games = serializers.ListField(
        child=serializers.CharField(), read_only=True,
        help_text="The games whose stewards trust it: its events of these games are sanctioned on creation.",
    )  # fmt: skip

    class Meta:
        model = Organisation
        fields = ["slug", "name", "country", "kind", "trusted", "trusted_games", "staff", "created_at"]

    def get_staff(self, organisation: Organisation) -> list[dict[str, str]]:
        return [
            {"player": getattr(getattr(s.user, "player", None), "handle", s.user.get_username()), "role": s.role}
            for s in organisation.staff.select_related("user__player")
        ]


class StaffInputSerializer(serializers.Serializer):
    player = serializers.CharField(help_text="The handle of the person.")
    role = serializers.ChoiceField(choices=["owner", "organiser"])


class ReasonSerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=500, help_text="Why: kept with the decision and shown on the event page.")


class MembershipInputSerializer(serializers.Serializer):
    player = serializers.CharField(help_text="The handle of the player.")
    joined_on = serializers.DateField(required=False, help_text="Default: today.")


class LeaveInputSerializer(serializers.Serializer):
    left_on = serializers.DateField(required=False, help_text="Default: today.")


class MembershipSerializer(serializers.ModelSerializer):
    player = serializers.CharField(source="player.handle")
    organisation = serializers.CharField(source="organisation.slug")

    class Meta:
        model = Membership
        fields = ["organisation", "player", "joined_on", "left_on"]


class CountryInputSerializer(serializers.Serializer):
    country = serializers.CharField(max_length=2, allow_blank=True, help_text="ISO 3166 code (FR); empty: none.")


class SeasonInputSerializer(serializers.Serializer):
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

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = game_choices()


class SeasonSerializer(serializers.ModelSerializer):
    organisation = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    events = serializers.SerializerMethodField(help_text="The events that count, with their tier.")
    qualified = serializers.SerializerMethodField(help_text="Handles holding the qualifier slots now.")

    class Meta:
        model = Season
        fields = ["id", "organisation", "name", "game", "starts_on", "ends_on", "best_of", "points_table",
                  "qualifiers", "circuit", "qualified", "events"]  # fmt: skip

    def get_qualified(self, season: Season) -> list[str]:
        return selectors.season_qualified(season=season)

    def get_events(self, season: Season) -> list[dict[str, int]]:
        return [{"event": e.event_id, "tier": e.tier} for e in season.season_events.all()]


class SeasonEventInputSerializer(serializers.Serializer):
    event = serializers.PrimaryKeyRelatedField(queryset=Event.objects.all())
    tier = serializers.IntegerField(min_value=1, max_value=10, default=1)


class SeasonEventPointsSerializer(serializers.Serializer):
    event = serializers.IntegerField()
    points = serializers.FloatField()
    counted = serializers.BooleanField()


class SeasonRowSerializer(serializers.Serializer):
    player = serializers.CharField()
    place = serializers.IntegerField()
    points = serializers.FloatField()
    events = SeasonEventPointsSerializer(many=True)


class DeclineInputSerializer(serializers.Serializer):
    player = serializers.CharField(help_text="The handle of the player giving up their slot.")


class WebhookInputSerializer(serializers.Serializer):
    url = serializers.URLField(max_length=500)
    events = serializers.ListField(child=serializers.ChoiceField(choices=Webhook.EVENTS), min_length=1)


class WebhookSerializer(serializers.ModelSerializer):
    class Meta:
        model = Webhook
        fields = ["id", "url", "events", "failing", "created_at"]


class RebuildInputSerializer(serializers.Serializer):
    table = serializers.JSONField(help_text="A drafting table in the sheet format: {seats: [...]}, seats in order.")
    direction = serializers.ChoiceField(choices=DRAFT_DIRECTIONS, default="left")


class EntrantsInputSerializer(serializers.Serializer):
    """An entrants CSV (columns handle, name, club, email): as a file upload or as text."""

    file = serializers.FileField(required=False)
    csv = serializers.CharField(required=False, trim_whitespace=False, max_length=500_000)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if "file" in attrs:
            try:
                attrs["csv"] = attrs.pop("file").read().decode("utf-8")
            except UnicodeDecodeError as error:
                raise serializers.ValidationError({"file": "the file is not UTF-8 text"}) from error
        if "csv" not in attrs:
            raise serializers.ValidationError({"csv": "send the entrants as `csv` text or as a `file`"})
        return attrs


class EntrantOutcomeSerializer(serializers.Serializer):
    line = serializers.IntegerField()
    handle = serializers.CharField()
    entered = serializers.ChoiceField(choices=["registered", "guest", "already_registered"])
    status = serializers.CharField()
    club = serializers.CharField()
    claim_code = serializers.CharField()


class GuestInputSerializer(serializers.Serializer):
    handle = serializers.CharField(max_length=40)
    name = serializers.CharField(max_length=80, required=False, default="", allow_blank=True)
    email = serializers.CharField(max_length=254, required=False, default="", allow_blank=True)


class GuestSerializer(serializers.ModelSerializer):
    class Meta:
        model = Player
        fields = ["handle", "display_name", "guest", "claim_code"]


class ClaimInputSerializer(serializers.Serializer):
    code = serializers.CharField(max_length=64)
