"""Events, organisers, registrations, rounds, tables, seats, standings and entrants."""

from typing import Any

from django.core.exceptions import ObjectDoesNotExist
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from config.serializers import StrictModelSerializer, StrictSerializer
from tournaments.draw import draw_commitment
from tournaments.models import (
    DRAFT_DIRECTIONS,
    GAME_CHOICES,
    EntryException,
    Event,
    Organisation,
    Round,
    Seat,
    Table,
    TableResult,
    game_choices,
)
from tournaments.practice import practice_games
from tournaments.serializers.answers import StoredVerdictField
from tournaments.serializers.fields import HandleNumbersField, HandlePairsField, PointsBySizeField, StringListField
from tournaments.serializers.registrations import (
    DIVISIONS_HELP,
    QUESTIONS_HELP,
    DivisionSerializer,
    QuestionSerializer,
)
from tournaments.validators import validate_timezone


class EventInputSerializer(StrictSerializer):
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
    ranked_by = serializers.ChoiceField(
        choices=["points", "duplicate"], required=False,
        help_text="The standings' order: the event's points (left out), or duplicate matchpoints first, then the "
        "points (an event with duplicate_deals; places, season points and the e-mails follow it).",
    )  # fmt: skip
    handicap_shown = serializers.BooleanField(
        required=False,
        help_text="Show the handicap standings (GET /api/events/{id}/handicap/) beside the real ones: players "
        "ranked by the places they finished above what their ratings expected.",
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
    cut_size = serializers.IntegerField(
        min_value=0, max_value=1000, required=False,
        help_text="Phases: after round cut_after_round only the top this many play on, in a phase of their own "
        "rounds and points; the others keep their places from the first phase (0: one phase).",
    )  # fmt: skip
    cut_after_round = serializers.IntegerField(
        min_value=0, max_value=19, required=False, help_text="The last round of the first phase."
    )
    team_size = serializers.IntegerField(
        min_value=0, max_value=10, required=False,
        help_text="A team event: players register in teams of this many (POST /api/events/{id}/teams/), never "
        "seated with a teammate; 0: an individual event.",
    )  # fmt: skip
    team_best_of = serializers.IntegerField(
        min_value=0, max_value=10, required=False,
        help_text="A team's round counts its best this many players' points; 0: every player's.",
    )  # fmt: skip
    entry_rating_min = serializers.FloatField(
        min_value=-1000, max_value=1000, required=False, allow_null=True,
        help_text="Entry condition: a conservative rating (mu - 3 sigma) in the game's pool at least this.",
    )  # fmt: skip
    entry_rating_max = serializers.FloatField(
        min_value=-1000, max_value=1000, required=False, allow_null=True,
        help_text="Entry condition: a conservative rating in the game's pool at most this (a player with no "
        "rating yet meets it).",
    )  # fmt: skip
    entry_peak_max = serializers.FloatField(
        min_value=-1000, max_value=1000, required=False, allow_null=True,
        help_text="Entry condition: a peak rating (the highest conservative rating ever reached in the game's "
        "pool) at most this: a player who let their rating sink under a ceiling is still refused "
        "(entry_rating_peak). A player never rated meets it.",
    )  # fmt: skip
    entry_rated_games_min = serializers.IntegerField(
        min_value=0, max_value=10_000, required=False, help_text="Entry condition: at least this many rated games."
    )
    entry_members_only = serializers.BooleanField(
        required=False, help_text="Entry condition: members of the organising club only."
    )
    entry_licence_required = serializers.BooleanField(
        required=False, help_text="Entry condition: a licence of the game's federation valid on the event's day."
    )
    entry_invited = serializers.ListField(
        child=serializers.CharField(max_length=40), required=False, max_length=10_000,
        help_text="Entry condition: the handles invited; empty: no invitation needed.",
    )  # fmt: skip
    registration_review = serializers.BooleanField(
        required=False, help_text=Event._meta.get_field("registration_review").help_text
    )
    registration_questions = serializers.ListField(
        child=serializers.JSONField(), required=False, max_length=10, help_text=QUESTIONS_HELP
    )
    divisions = serializers.ListField(
        child=serializers.JSONField(), required=False, max_length=6, help_text=DIVISIONS_HELP
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = game_choices()  # a game registered after start-up is accepted too


class RoundsPlannedSerializer(StrictSerializer):
    rounds_planned = serializers.IntegerField(min_value=1, max_value=20, help_text="Rounds to play in all.")


class EventUpdateSerializer(EventInputSerializer):
    """Any of the creation fields; only a draft can change."""


class DrawSerializer(StrictSerializer):
    commitment = serializers.CharField(
        allow_null=True, help_text="sha256: of 'boomerang-draw-v1:{seed}:{deal_seed}', published before round 1."
    )
    committed_at = serializers.DateTimeField(allow_null=True)
    deal_seed = serializers.IntegerField(
        allow_null=True, help_text="The secret deal seed, revealed once the event is finished (null before)."
    )
    holds = serializers.BooleanField(
        allow_null=True, help_text="Once revealed: whether the seeds give the commitment (null before)."
    )


class EventSerializer(StrictModelSerializer):
    points_by_table_size = PointsBySizeField(required=False)
    tie_breaks = StringListField(required=False, help_text="The tie-breaks, first first (docs/organisers.md).")
    avoid_pairs = HandlePairsField(required=False, help_text=Event._meta.get_field("avoid_pairs").help_text)
    pinned_tables = HandleNumbersField(required=False, help_text=Event._meta.get_field("pinned_tables").help_text)
    entry_invited = StringListField(required=False, help_text=Event._meta.get_field("entry_invited").help_text)
    registration_questions = QuestionSerializer(many=True, required=False, help_text=QUESTIONS_HELP)
    divisions = DivisionSerializer(many=True, required=False, help_text=DIVISIONS_HELP)
    organisers = serializers.SerializerMethodField(help_text="Handles of the organisers who have one.")
    organisation = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    practice = serializers.SerializerMethodField(
        help_text="Scored with practice data (invented cards, not the printed ones): its game is played on them, "
        "or it was kept on them when the printed edition came (docs/deck.md). A practice event is never "
        "sanctioned nor rated."
    )
    draw = serializers.SerializerMethodField(
        help_text="The commitment to the seeds, and their reveal (docs/archive.md)."
    )

    class Meta:
        model = Event
        fields = [
            "id", "name", "game", "status", "starts_at", "timezone", "venue", "description", "rounds_planned",
            "capacity", "registration_opens", "registration_closes", "seed", "points_by_table_size", "tie_breaks",
            "bye_points", "rated", "draft_direction", "duplicate_deals", "ranked_by", "handicap_shown",
            "late_entry_until_round", "final_table_size",
            "avoid_pairs", "pinned_tables", "cut_size", "cut_after_round", "team_size", "team_best_of",
            "entry_rating_min", "entry_rating_max", "entry_peak_max", "entry_rated_games_min", "entry_members_only",
            "entry_licence_required", "entry_invited", "registration_review", "registration_questions", "organisers",
            "divisions", "organisation", "sanction", "practice",
            "draw", "created_at", "updated_at",
        ]  # fmt: skip

    @extend_schema_field(DrawSerializer)
    def get_draw(self, event: Event) -> dict[str, Any]:
        revealed = event.status == Event.Status.FINISHED and bool(event.draw_commitment)
        holds = event.draw_commitment == draw_commitment(seed=event.seed, deal_seed=event.deal_seed)
        return {"commitment": event.draw_commitment or None, "committed_at": event.draw_committed_at,
                "deal_seed": event.deal_seed if revealed else None, "holds": holds if revealed else None}  # fmt: skip

    def get_practice(self, event: Event) -> bool:
        try:
            kept = event.pinned_edition is not None  # the catalogue app's relation, named here, not imported
        except ObjectDoesNotExist:
            kept = False
        return kept or event.game in practice_games()

    def get_organisers(self, event: Event) -> list[str]:
        return sorted(user.player.handle for user in event.organisers.all() if hasattr(user, "player"))


class OrganiserInputSerializer(StrictSerializer):
    player = serializers.CharField(help_text="The handle of the player to add as a co-organiser.")


class EventChangeSerializer(EventSerializer):
    """An event as the changes' cursor pages give it (a component of its own: those pages have no count)."""


class ChangesQuery(serializers.Serializer):  # a query: other parameters (cursor, page_size) pass
    updated_since = serializers.DateTimeField(
        required=False, help_text="Only what changed at or after this moment (ISO 8601); everything when left out."
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        """An empty `?updated_since=` is a mistake (a template left blank), not "everything": refused."""
        given = self.initial_data.get("updated_since") if hasattr(self.initial_data, "get") else None
        if given is not None and not str(given).strip():
            raise serializers.ValidationError({"updated_since": "give a moment (ISO 8601), or leave it out"})
        return attrs


class TableChangesQuery(ChangesQuery):
    event = serializers.IntegerField(min_value=1, max_value=2**63 - 1, help_text="The event whose tables are read.")


class EntryExceptionInputSerializer(StrictSerializer):
    player = serializers.CharField(max_length=40, help_text="The handle of the player admitted.")
    reason = serializers.CharField(max_length=500, help_text="Why the conditions do not apply to them.")


class EntryExceptionSerializer(StrictModelSerializer):
    player = serializers.CharField(source="player.handle")
    admitted_by = serializers.CharField(source="admitted_by.username")

    class Meta:
        model = EntryException
        fields = ["event", "player", "reason", "admitted_by", "created_at"]


class SeatSerializer(StrictModelSerializer):
    player = serializers.CharField(source="player.handle")

    class Meta:
        model = Seat
        fields = ["id", "position", "player", "forfeited"]


class TableResultSerializer(StrictModelSerializer):
    verdict = StoredVerdictField(read_only=True)

    class Meta:
        model = TableResult
        fields = ["status", "attempt", "verdict", "verified_at", "override_reason", "updated_at"]


class TableSerializer(StrictModelSerializer):
    seats = SeatSerializer(many=True)
    result = TableResultSerializer()
    round = serializers.IntegerField(source="round.number")

    class Meta:
        model = Table
        fields = ["id", "round", "number", "seats", "result"]


class RoundSerializer(StrictModelSerializer):
    tables = TableSerializer(many=True)
    byes = serializers.SlugRelatedField(
        many=True, read_only=True, slug_field="player_handle", help_text="Players with a bye this round (handles)."
    )

    class Meta:
        model = Round
        fields = ["id", "event", "number", "status", "is_final", "started_at", "length_minutes", "tables", "byes"]


class SeatSwapInputSerializer(StrictSerializer):
    seat_a = serializers.PrimaryKeyRelatedField(queryset=Seat.objects.select_related("table__round__event"))
    seat_b = serializers.PrimaryKeyRelatedField(queryset=Seat.objects.select_related("table__round__event"))


class SeatSwapResultSerializer(StrictSerializer):
    seat_a = serializers.CharField(help_text="The handle now in the first seat named.")
    seat_b = serializers.CharField(help_text="The handle now in the second seat named.")


class StandingSerializer(StrictSerializer):
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


class EntrantsInputSerializer(StrictSerializer):
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


class EntrantOutcomeSerializer(StrictSerializer):
    line = serializers.IntegerField()
    handle = serializers.CharField()
    entered = serializers.ChoiceField(choices=["registered", "guest", "already_registered"])
    status = serializers.CharField()
    club = serializers.CharField()
    claim_code = serializers.CharField()


class TableChangeSerializer(TableSerializer):
    """A table as the changes' cursor pages give it."""


class RoomMessageInputSerializer(StrictSerializer):
    text = serializers.CharField(max_length=500, help_text="Plain text, 1 to 500 characters.")
    audience = serializers.ChoiceField(choices=["all", "table", "waitlist"], default="all")
    table = serializers.IntegerField(min_value=1, required=False, allow_null=True,
                                     help_text="The table's number in the round at hand (audience table).")  # fmt: skip


class RoomMessageSerializer(StrictSerializer):
    id = serializers.IntegerField()
    text = serializers.CharField()
    audience = serializers.CharField()
    table = serializers.IntegerField(allow_null=True)
    recipients = serializers.IntegerField(help_text="The accounts whose own stream carried it.")
    sent_at = serializers.DateTimeField()
