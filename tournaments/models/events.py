"""Events, their registrations, rounds, tables, seats and byes, and final places."""

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from simple_history.models import HistoricalRecords

from tournaments import states
from tournaments.models.base import HasStates, game_choices
from tournaments.models.organisations import Organisation
from tournaments.models.players import Player
from tournaments.validators import (
    default_event_timezone,
    new_deal_seed,
    validate_one_line,
    validate_points_by_table_size,
    validate_text,
    validate_timezone,
)

DEFAULT_POINTS_BY_TABLE_SIZE = {"2": [4, 0], "3": [4, 2, 0], "4": [4, 2, 1, 0], "5": [4, 3, 2, 1, 0]}
DEFAULT_TIE_BREAKS = ["game_score", "game_tie_break", "opponents_points"]  # "duplicate" needs duplicate deals


def default_points() -> dict[str, list[int]]:
    return {size: list(points) for size, points in DEFAULT_POINTS_BY_TABLE_SIZE.items()}


# How hands pass in the drafting games (games/rebuild.py): one choice set for the model, the API and the schema.
DRAFT_DIRECTIONS = [("left", "left"), ("alternate", "alternate")]


def default_tie_breaks() -> list[str]:
    return list(DEFAULT_TIE_BREAKS)


# A club night takes a latecomer until its second round is seated (they play from there); 0 closes the door
# at the start.
LATE_ENTRY_UNTIL_ROUND = 2


class Sanction(models.TextChoices):
    WAITING = "waiting", "waiting for sanction"
    SANCTIONED = "sanctioned"
    REFUSED = "refused", "not sanctioned"


class Event(HasStates, models.Model):
    machine = states.EVENT

    class Status(models.TextChoices):
        DRAFT = "draft"
        REGISTRATION = "registration"
        RUNNING = "running"
        FINISHED = "finished"

    name = models.CharField(max_length=200, validators=[validate_one_line])
    game = models.CharField(max_length=40, choices=game_choices)
    starts_at = models.DateTimeField(null=True, blank=True, help_text="When play begins.")
    timezone = models.CharField(
        max_length=64, default=default_event_timezone, validators=[validate_timezone],
        help_text="The IANA time zone the event's times are shown in (Europe/Paris).",
    )  # fmt: skip
    venue = models.CharField(
        max_length=200, blank=True, validators=[validate_one_line], help_text="Where: the café, club or address."
    )
    description = models.TextField(blank=True, max_length=5000, validators=[validate_text])
    rounds_planned = models.PositiveSmallIntegerField(
        default=4, validators=[MinValueValidator(1), MaxValueValidator(20)]
    )
    capacity = models.PositiveIntegerField(default=32, validators=[MinValueValidator(2), MaxValueValidator(10_000)])
    registration_opens = models.DateTimeField(null=True, blank=True)
    registration_closes = models.DateTimeField(null=True, blank=True)
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.DRAFT)
    seed = models.BigIntegerField(
        default=0, validators=[MinValueValidator(0), MaxValueValidator(2**62)],
        help_text="Seeds round 1's random seating, so it can be replayed.",
    )  # fmt: skip
    points_by_table_size = models.JSONField(default=default_points, validators=[validate_points_by_table_size])
    tie_breaks = models.JSONField(default=default_tie_breaks)
    bye_points = models.FloatField(
        null=True, blank=True, help_text="Tournament points for a bye; empty: the game's default (docs/rules.md)."
    )
    rated = models.BooleanField(default=True, help_text="Whether the event's tables go into the rating pools.")
    draft_direction = models.CharField(
        max_length=10, choices=DRAFT_DIRECTIONS, default="left",
        help_text="How hands pass in the drafting games: to the left, or the Direction Variant (alternate).",
    )  # fmt: skip
    duplicate_deals = models.BooleanField(
        default=False,
        help_text="Drafting games: the service deals each round, the same hands at every table of a size, "
        "prints them on the table slips and refuses rows that do not come from them.",
    )
    ranked_by = models.CharField(
        max_length=10, choices=[("points", "points"), ("duplicate", "duplicate")], default="points",
        help_text="The standings' order: the event's points, or duplicate matchpoints first (duplicate deals only).",
    )  # fmt: skip
    handicap_shown = models.BooleanField(
        default=False,
        help_text="Show handicap standings beside the real ones: players ranked by the places they finished above "
        "what their ratings expected (a club night a newcomer can win).",
    )
    deal_seed = models.BigIntegerField(
        default=new_deal_seed, editable=False, help_text="Secret: the duplicate deals follow from it."
    )
    draw_commitment = models.CharField(
        max_length=80, blank=True, editable=False,
        help_text="Published before round 1: the SHA-256 of both seeds (tournaments/draw.py).",
    )  # fmt: skip
    draw_committed_at = models.DateTimeField(null=True, blank=True, editable=False)
    late_entry_until_round = models.PositiveSmallIntegerField(
        default=LATE_ENTRY_UNTIL_ROUND,
        validators=[MaxValueValidator(20)],
        help_text="Players may still register and check in until this round is seated (0: no late entry).",
    )
    avoid_pairs = models.JSONField(
        default=list, blank=True, help_text='Pairs of handles who must not meet (family): [["ann", "bob"], ...].'
    )
    pinned_tables = models.JSONField(
        default=dict, blank=True, help_text='Players who keep a table (mobility needs): {"ann": 1}.'
    )
    entry_rating_min = models.FloatField(
        null=True, blank=True,
        help_text="Entry condition: a conservative rating (mu - 3 sigma) in the game's pool at least this.",
    )  # fmt: skip
    entry_rating_max = models.FloatField(
        null=True, blank=True, help_text="Entry condition: a conservative rating in the game's pool at most this."
    )
    divisions = models.JSONField(default=list, blank=True, help_text="By rating, [{name, min}]: services/divisions.py.")
    registration_review = models.BooleanField(
        default=False, help_text="Each registration waits for an organiser to approve it, ask a change or decline it."
    )
    registration_questions = models.JSONField(
        default=list, blank=True, help_text="The form's own questions: services/registration_questions.py."
    )
    entry_peak_max = models.FloatField(
        null=True, blank=True,
        help_text="Entry condition: a peak (the highest conservative rating ever reached in the game's pool) at "
        "most this, so that a player who let their rating sink under a ceiling is still kept out.",
    )  # fmt: skip
    entry_rated_games_min = models.PositiveSmallIntegerField(
        default=0, validators=[MaxValueValidator(10_000)],
        help_text="Entry condition: at least this many rated games in the game's pool (0: none needed).",
    )  # fmt: skip
    entry_members_only = models.BooleanField(
        default=False, help_text="Entry condition: only members of the organising club may register."
    )
    entry_licence_required = models.BooleanField(
        default=False,
        help_text="Entry condition: a licence of the game's federation (its rating body) valid on the event's day.",
    )
    entry_invited = models.JSONField(
        default=list, blank=True,
        help_text='Entry condition: an invitation list of handles (["ann", "bob"]); empty: no invitation needed.',
    )  # fmt: skip
    entry_qualified_only = models.BooleanField(
        default=False, editable=False,
        help_text="Entry condition: the final of a season (set with the season's final): its qualifiers alone enter.",
    )  # fmt: skip
    cut_size = models.PositiveSmallIntegerField(
        default=0, validators=[MaxValueValidator(1000)],
        help_text="Phases: after round cut_after_round, only the top this many play on, in a phase of their own "
        "rounds and points (0: one phase).",
    )  # fmt: skip
    cut_after_round = models.PositiveSmallIntegerField(
        default=0, validators=[MaxValueValidator(19)], help_text="The last round of the first phase."
    )
    team_size = models.PositiveSmallIntegerField(
        default=0, validators=[MaxValueValidator(10)],
        help_text="A team event: players register in teams of this many, never seated with a teammate (0: none).",
    )  # fmt: skip
    team_best_of = models.PositiveSmallIntegerField(
        default=0, validators=[MaxValueValidator(10)],
        help_text="A team's round counts its best this many players' points (0: every player's).",
    )  # fmt: skip
    final_table_size = models.PositiveSmallIntegerField(
        default=0, help_text="After the Swiss rounds, the top N play a final deciding places 1..N (0: no final)."
    )
    organisers = models.ManyToManyField(settings.AUTH_USER_MODEL, related_name="organised_events", blank=True)
    organisation = models.ForeignKey(Organisation, on_delete=models.PROTECT, related_name="events")
    sanction = models.CharField(
        max_length=10, choices=Sanction.choices, default=Sanction.WAITING,
        help_text="Only a sanctioned event's tables go into the rating pools (a steward decides).",
    )  # fmt: skip
    imported_from = models.CharField(
        max_length=300, blank=True, editable=False,
        help_text="An imported event: the instance and event id its archive came from (<instance>#<id>).",
    )  # fmt: skip
    results_hash = models.CharField(
        max_length=80, blank=True, editable=False,
        help_text="An imported event: the hash of its archive's results; the same results are imported once.",
    )  # fmt: skip
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(
        auto_now=True, db_index=True, help_text="Its last change: GET /api/events/changes/."
    )
    history = HistoricalRecords()

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["results_hash"], condition=~Q(results_hash=""), name="event_results_imported_once"
            ),
            models.UniqueConstraint(
                fields=["imported_from"], condition=~Q(imported_from=""), name="event_source_imported_once"
            ),
            models.CheckConstraint(condition=Q(capacity__gte=1), name="event_capacity_positive"),
            models.CheckConstraint(
                condition=Q(registration_opens__isnull=True)
                | Q(registration_closes__isnull=True)
                | Q(registration_closes__gt=models.F("registration_opens")),
                name="event_registration_closes_after_it_opens",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def is_rated(self) -> bool:
        """Whether its tables go into the rating pools: the organisers asked for it and a steward sanctioned it."""
        return self.rated and self.sanction == Sanction.SANCTIONED

    def clean(self) -> None:
        if self.registration_opens and self.registration_closes and self.registration_closes <= self.registration_opens:
            raise ValidationError({"registration_closes": "registration must close after it opens"})


class Registration(HasStates, models.Model):
    machine = states.REGISTRATION_MACHINE

    class Status(models.TextChoices):
        REGISTERED = "registered"
        WAITLISTED = "waitlisted"
        CHECKED_IN = "checked_in"
        WITHDRAWN = "withdrawn"
        DROPPED = "dropped"
        NO_SHOW = "no_show", "no-show"
        PENDING = "awaiting", "awaiting approval"
        CHANGES = "changes", "change asked"
        DECLINED = "declined"

    UNDER_REVIEW = ("awaiting", "changes")
    HOLDS_A_PLACE = tuple(sorted(states.HOLDS_A_PLACE))

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="registrations")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="registrations")
    status = models.CharField(max_length=12, choices=Status.choices)
    answers = models.JSONField(
        default=dict, blank=True, help_text="The player's answers to the event's questions, by question id."
    )
    division = models.CharField(
        max_length=40, blank=True, help_text="An event with divisions: the player's, fixed when they start to play."
    )
    review_note = models.TextField(
        blank=True, help_text="An event that reviews registrations: the change asked, or the reason declined."
    )
    team = models.ForeignKey(
        "Team", on_delete=models.SET_NULL, null=True, blank=True, related_name="members",
        help_text="A team event: the player's team.",
    )  # fmt: skip
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [models.UniqueConstraint(fields=["event", "player"], name="one_registration_per_player")]

    def __str__(self) -> str:
        return f"{self.player} at {self.event} ({self.status})"


class Team(models.Model):
    """A team of a team event (Event.team_size): its players are its registrations. A player's team is made
    with them alone, and each teammate joins with its code, their own consent (services/teams.py)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="teams")
    name = models.CharField(max_length=80, validators=[validate_one_line])
    join_code = models.CharField(max_length=12, blank=True, default="", help_text="What a teammate types to join.")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "id"]
        constraints = [models.UniqueConstraint(fields=["event", "name"], name="one_team_name_an_event")]

    def __str__(self) -> str:
        return f"{self.name} at {self.event}"


class EntryException(models.Model):
    """An organiser admitting a player whom the event's entry conditions would refuse, with the reason."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="entry_exceptions")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="entry_exceptions")
    reason = models.CharField(max_length=500, validators=[validate_one_line])
    admitted_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["event", "player"], name="one_entry_exception_a_player")]

    def __str__(self) -> str:
        return f"{self.player} admitted to {self.event}"


class Round(HasStates, models.Model):
    machine = states.ROUND

    class Status(models.TextChoices):
        SEATED = "seated"
        RUNNING = "running"
        FINISHED = "finished"

    OPEN = tuple(sorted(states.ROUND.sources("finish")))  # seated or running

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.SEATED)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True, help_text="Set when the organiser starts the round.")
    length_minutes = models.PositiveSmallIntegerField(default=45, help_text="The round clock's length.")
    is_final = models.BooleanField(default=False, help_text="The final table, played after the Swiss rounds.")

    class Meta:
        ordering = ["event", "number"]
        constraints = [models.UniqueConstraint(fields=["event", "number"], name="one_round_number_per_event")]

    def __str__(self) -> str:
        return f"{self.event} round {self.number}"


class Table(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["round", "number"]
        constraints = [models.UniqueConstraint(fields=["round", "number"], name="one_table_number_per_round")]

    def __str__(self) -> str:
        return f"{self.round} table {self.number}"


class Seat(models.Model):
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")
    position = models.PositiveSmallIntegerField(help_text="Seating order, clockwise, from 1.")
    forfeited = models.BooleanField(default=False, help_text="The player left or never came: last, 0 points, unrated.")

    class Meta:
        ordering = ["table", "position"]
        constraints = [
            models.UniqueConstraint(fields=["table", "position"], name="one_player_per_position"),
            models.UniqueConstraint(fields=["table", "player"], name="one_seat_per_player_per_table"),
        ]

    def __str__(self) -> str:
        return f"{self.player} at {self.table}"


class Bye(models.Model):
    """A round's player who could not be seated at a legal table: worth the event's bye points, never rated."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="byes")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="byes")

    class Meta:
        ordering = ["round", "player__handle"]
        constraints = [models.UniqueConstraint(fields=["round", "player"], name="one_bye_per_player_per_round")]

    def __str__(self) -> str:
        return f"{self.player} has a bye in {self.round}"

    @property
    def player_handle(self) -> str:
        return self.player.handle


class EventPlace(models.Model):
    """A player's final place in a finished event, stored when it closes and refreshed whenever one of its
    results changes afterwards, so that seasons and players' pages read places instead of recomputing every
    event's standings. Always equal to the standings computed from the stored results (tested)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="places")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="event_places")
    place = models.PositiveIntegerField()

    class Meta:
        ordering = ["event", "place", "id"]
        constraints = [models.UniqueConstraint(fields=["event", "player"], name="one_place_per_event_player")]

    def __str__(self) -> str:
        return f"{self.player} {self.place} in {self.event}"
