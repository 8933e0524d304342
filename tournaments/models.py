from typing import Any, ClassVar

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from simple_history.models import HistoricalRecords

from games import GAMES
from tournaments import states
from tournaments.validators import (
    default_event_timezone,
    handle_key,
    new_deal_seed,
    validate_display_name,
    validate_handle,
    validate_one_line,
    validate_points_by_table_size,
    validate_text,
    validate_timezone,
)
from tournaments.verdicts import TableVerdict


def game_choices() -> list[tuple[str, str]]:
    """The games known now (games.GAMES), read whenever Django asks: a new game needs no migration."""
    return [(game.id, game.name) for game in GAMES.values()]


GAME_CHOICES = game_choices()  # the games at start-up, for the API schema's enum


class HasStates:
    """A model whose status moves by its machine (tournaments/states.py): `row.can.start` says whether the
    status opens an action, for pages and templates."""

    machine: ClassVar[states.Machine]
    status: str

    @property
    def can(self) -> states.Actions:
        return states.Actions(self.machine, self.status)


class Edition(models.Model):
    """Edition data for one game (docs/deck.md); the active one verifies that game's sheets."""

    game = models.CharField(max_length=40, choices=game_choices)
    name = models.CharField(max_length=200)
    data = models.JSONField()
    is_practice = models.BooleanField(
        default=False, help_text="Invented data that satisfies every published fact; not the printed cards."
    )
    is_active = models.BooleanField(default=True)
    loaded_at = models.DateTimeField(auto_now_add=True)
    loaded_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)

    class Meta:
        ordering = ["game", "-loaded_at"]
        constraints = [
            models.UniqueConstraint(fields=["game"], condition=Q(is_active=True), name="one_active_edition_per_game"),
        ]

    def __str__(self) -> str:
        return f"{self.name}{' (practice)' if self.is_practice and 'practice' not in self.name.lower() else ''}"


class SheetCheck(models.Model):
    """A whole table sheet submitted for verification outside an event (a casual game)."""

    class Status(models.TextChoices):
        SUBMITTED = "submitted"
        VERIFYING = "verifying"
        VERIFIED = "verified"
        REJECTED = "rejected"

    game = models.CharField(max_length=40, choices=game_choices)
    sheet = models.JSONField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.SUBMITTED)
    attempt = models.PositiveIntegerField(default=0, help_text="Raised by each re-verification.")
    verdict = models.JSONField(null=True, blank=True)
    edition = models.ForeignKey(Edition, null=True, blank=True, on_delete=models.PROTECT)
    submitted_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    submitted_at = models.DateTimeField(auto_now_add=True)
    verified_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-submitted_at", "-id"]
        indexes = [models.Index(fields=["status", "submitted_at"])]

    def __str__(self) -> str:
        return f"{self.get_game_display()} sheet #{self.pk} ({self.status})"


DEFAULT_POINTS_BY_TABLE_SIZE = {"2": [4, 0], "3": [4, 2, 0], "4": [4, 2, 1, 0], "5": [4, 3, 2, 1, 0]}
DEFAULT_TIE_BREAKS = ["game_score", "game_tie_break", "opponents_points"]  # "duplicate" needs duplicate deals


def default_points() -> dict[str, list[int]]:
    return {size: list(points) for size, points in DEFAULT_POINTS_BY_TABLE_SIZE.items()}


# How hands pass in the drafting games (games/rebuild.py): one choice set for the model, the API and the schema.
DRAFT_DIRECTIONS = [("left", "left"), ("alternate", "alternate")]


def default_tie_breaks() -> list[str]:
    return list(DEFAULT_TIE_BREAKS)


class Player(models.Model):
    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="player")
    handle = models.CharField(
        max_length=40, unique=True, validators=[validate_handle], help_text="The name on score sheets and standings."
    )
    handle_key = models.CharField(
        max_length=80, unique=True, editable=False, help_text="The handle with case and accents folded: unique."
    )
    display_name = models.CharField(
        max_length=80, blank=True, validators=[validate_display_name],
        help_text="The player's name as they like it written (spaces allowed), shown beside the handle.",
    )  # fmt: skip
    country = models.CharField(max_length=2, blank=True, help_text="ISO 3166-1 alpha-2 code (FR, DE, ...).")
    language = models.CharField(max_length=8, blank=True, help_text="The e-mails' language; empty: the site's.")
    notify_seated = models.BooleanField(default=True, help_text="E-mail my table and seat when a round is seated.")
    notify_rejected = models.BooleanField(default=True, help_text="E-mail me when my table's sheets are refused.")
    notify_finished = models.BooleanField(default=True, help_text="E-mail my place when an event ends.")
    notify_changes = models.BooleanField(
        default=True, help_text="E-mail me when an event I registered for moves (its time or its venue)."
    )
    guest = models.BooleanField(
        default=False, help_text="Entered by an organiser for someone without an account (a walk-in, an import)."
    )
    demo = models.BooleanField(
        default=False, help_text="Made by the demo (bootstrap): marked as such, never in an official list or a season."
    )
    claim_code = models.CharField(
        max_length=64, blank=True, db_index=True,
        help_text="A guest's secret: its person signs in and claims the guest's results with it (used once).",
    )  # fmt: skip
    claimed_by = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="claimed_guests",
        help_text="The account's player that claimed this guest: its history moved there.",
    )  # fmt: skip
    claimed_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["handle"]

    def __str__(self) -> str:
        return self.handle

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.handle_key = handle_key(self.handle)
        if kwargs.get("update_fields") is not None and "handle" in kwargs["update_fields"]:
            kwargs["update_fields"] = {*kwargs["update_fields"], "handle_key"}
        super().save(*args, **kwargs)


class Organisation(models.Model):
    """A club, a league or a federation: its staff create and run its events (docs/rules.md, "Sanctions")."""

    class Kind(models.TextChoices):
        CLUB = "club"
        LEAGUE = "league"
        FEDERATION = "federation"

    slug = models.SlugField(max_length=50, unique=True, help_text="Its address: /clubs/<slug>/.")
    name = models.CharField(max_length=200, validators=[validate_one_line])
    country = models.CharField(max_length=2, blank=True, help_text="ISO 3166-1 alpha-2 code (FR, DE, ...).")
    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.CLUB)
    trusted_games = models.JSONField(
        default=list, blank=True, editable=False,
        help_text="Set by each game's stewards: its events of these games are sanctioned on creation.",
    )  # fmt: skip
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    @property
    def trusted(self) -> bool:
        """Trusted by the stewards of at least one game."""
        return bool(self.trusted_games)


class Staff(models.Model):
    """A person's role in an organisation, as pretix's teams: an owner manages the staff; an owner or an
    organiser creates and runs the organisation's events."""

    class Role(models.TextChoices):
        OWNER = "owner"
        ORGANISER = "organiser"

    organisation = models.ForeignKey(Organisation, on_delete=models.CASCADE, related_name="staff")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="staff_roles")
    role = models.CharField(max_length=10, choices=Role.choices)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["organisation", "role", "id"]
        constraints = [models.UniqueConstraint(fields=["organisation", "user"], name="one_role_per_person")]

    def __str__(self) -> str:
        return f"{self.user} ({self.role}) at {self.organisation}"


class Sanction(models.TextChoices):
    WAITING = "waiting", "waiting for sanction"
    SANCTIONED = "sanctioned"
    REFUSED = "refused", "not sanctioned"


class RatingBody(models.Model):
    """Which organisation stewards a game's rating pool (game empty: every game without its own body). Its
    staff sanction events: only a sanctioned event's tables are rated. A superuser stewards every pool."""

    game = models.CharField(max_length=40, blank=True, unique=True, help_text="Empty: every other game.")
    organisation = models.ForeignKey(Organisation, on_delete=models.CASCADE, related_name="rating_bodies")

    def __str__(self) -> str:
        return f"{self.organisation} stewards {self.game or 'every game'}"


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
    deal_seed = models.BigIntegerField(
        default=new_deal_seed, editable=False, help_text="Secret: the duplicate deals follow from it."
    )
    late_entry_until_round = models.PositiveSmallIntegerField(
        default=0,
        validators=[MaxValueValidator(20)],
        help_text="Players may still register and check in until this round is seated (0: no late entry).",
    )
    avoid_pairs = models.JSONField(
        default=list, blank=True, help_text='Pairs of handles who must not meet (family): [["ann", "bob"], ...].'
    )
    pinned_tables = models.JSONField(
        default=dict, blank=True, help_text='Players who keep a table (mobility needs): {"ann": 1}.'
    )
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

    HOLDS_A_PLACE = tuple(sorted(states.HOLDS_A_PLACE))

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="registrations")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="registrations")
    status = models.CharField(max_length=12, choices=Status.choices)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [models.UniqueConstraint(fields=["event", "player"], name="one_registration_per_player")]

    def __str__(self) -> str:
        return f"{self.player} at {self.event} ({self.status})"


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


class ScoreSheet(models.Model):
    """One version of one seat's sheet. A correction is a new version; earlier versions are kept."""

    class Status(models.TextChoices):
        SUBMITTED = "submitted"
        VERIFYING = "verifying"
        VERIFIED = "verified"
        REJECTED = "rejected"
        SUPERSEDED = "superseded"

    seat = models.ForeignKey(Seat, on_delete=models.CASCADE, related_name="sheets")
    version = models.PositiveIntegerField()
    data = models.JSONField(help_text="The seat object of the score-sheet spec.")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.SUBMITTED)
    problems = models.JSONField(default=list, blank=True)
    entered_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL)
    entered_at = models.DateTimeField(auto_now_add=True)
    # No history table: a version is never edited (a correction is a new row with who and when), and
    # `status`/`problems` follow the table's verdict, whose TableResult history is kept.

    class Meta:
        ordering = ["seat", "-version"]
        constraints = [models.UniqueConstraint(fields=["seat", "version"], name="one_sheet_per_seat_version")]

    def __str__(self) -> str:
        return f"{self.seat} v{self.version} ({self.status})"


class TableResult(HasStates, models.Model):
    machine = states.TABLE

    """The table's verdict for one set of sheet versions; `attempt` grows with every re-verification."""

    class Status(models.TextChoices):
        WAITING = "waiting", "waiting for sheets"
        PENDING = "pending", "queued for verification"
        VERIFYING = "verifying"
        VERIFIED = "verified"
        REJECTED = "rejected"
        OVERRIDDEN = "overridden", "accepted by the organiser"

    COUNTS = tuple(sorted(states.FINAL))  # verified or overridden
    QUEUED = tuple(sorted(states.TABLE.sources("claim")))  # the queue (index `tableresult_queue`)

    table = models.OneToOneField(Table, on_delete=models.CASCADE, related_name="result")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.WAITING)
    attempt = models.PositiveIntegerField(default=0)
    verdict = models.JSONField(null=True, blank=True)
    verified_at = models.DateTimeField(null=True, blank=True)
    override_reason = models.TextField(blank=True)
    override_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    updated_at = models.DateTimeField(auto_now=True)
    history = HistoricalRecords()

    class Meta:
        # The verification queue: a task claims the oldest pending tables and the sweep looks for stuck
        # ones. Both would otherwise scan every result ever kept; this index holds only the few queued rows.
        indexes = [
            models.Index(
                fields=["updated_at"],
                condition=Q(status__in=["pending", "verifying"]),
                name="tableresult_queue",
            )
        ]

    def __str__(self) -> str:
        return f"{self.table}: {self.status}"

    @property
    def table_verdict(self) -> TableVerdict:
        """The stored verdict, read through its one typed reader (tournaments/verdicts.py)."""
        return TableVerdict.read(self.verdict)


class PadDraft(models.Model):
    """A table's score pad between rounds: what the pad keeper has entered so far (not a sheet version).

    `version` grows with every save; a save naming an older version is refused, so two phones editing one
    table are told, and nothing is silently lost."""

    table = models.OneToOneField(Table, on_delete=models.CASCADE, related_name="pad_draft")
    data = models.JSONField(default=dict, help_text="{seats: [seat objects in the sheet format, rounds so far]}")
    version = models.PositiveIntegerField(default=0)
    updated_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"pad of {self.table} v{self.version}"


class SanctionDecision(models.Model):
    """Every steward's decision on an event, kept: who, when, why (the event page shows the last one)."""

    class Decision(models.TextChoices):
        SANCTIONED = "sanctioned"
        REFUSED = "refused"
        REVOKED = "revoked"

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="sanction_decisions")
    decision = models.CharField(max_length=10, choices=Decision.choices)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    reason = models.CharField(max_length=500)
    decided_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-decided_at", "-id"]

    def __str__(self) -> str:
        return f"{self.event}: {self.decision}"


class Membership(models.Model):
    """A player's membership of a club, dated: a club's leaderboard counts a table when the player was a
    member on the day it was played (docs/rules.md, "Clubs")."""

    organisation = models.ForeignKey(Organisation, on_delete=models.CASCADE, related_name="memberships")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="memberships")
    joined_on = models.DateField()
    left_on = models.DateField(null=True, blank=True, help_text="Empty: still a member.")

    class Meta:
        ordering = ["organisation", "joined_on", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["organisation", "player"], condition=Q(left_on__isnull=True), name="one_open_membership"
            ),
            models.CheckConstraint(
                condition=Q(left_on__isnull=True) | Q(left_on__gte=models.F("joined_on")), name="left_after_joining"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} in {self.organisation}"


class JoinRequest(models.Model):
    """A player asks to join a club from its page; its staff accept (a membership from that day) or decline."""

    class Status(models.TextChoices):
        PENDING = "pending"
        ACCEPTED = "accepted"
        DECLINED = "declined"

    organisation = models.ForeignKey(Organisation, on_delete=models.CASCADE, related_name="join_requests")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="join_requests")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    created_at = models.DateTimeField(auto_now_add=True)
    decided_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["organisation", "player"], condition=Q(status="pending"), name="one_pending_join_request"
            )
        ]

    def __str__(self) -> str:
        return f"{self.player} asks to join {self.organisation} ({self.status})"


class Season(models.Model):
    """A league or circuit: one game, a date range, the events that count and how (docs/rules.md, "Seasons")."""

    organisation = models.ForeignKey(Organisation, on_delete=models.PROTECT, related_name="seasons")
    name = models.CharField(max_length=200)
    game = models.CharField(max_length=40, choices=game_choices)
    starts_on = models.DateField()
    ends_on = models.DateField()
    best_of = models.PositiveSmallIntegerField(default=5, help_text="How many of a player's events count.")
    points_table = models.JSONField(
        null=True, blank=True, help_text="Points per place, first place first; empty: the default scheme."
    )
    qualifiers = models.PositiveSmallIntegerField(default=0, help_text="How many qualify for the final (0: none).")
    circuit = models.CharField(
        max_length=100, blank=True,
        help_text="Seasons of one organisation sharing this name form a circuit: a player qualifies once in it.",
    )  # fmt: skip
    created_at = models.DateTimeField(auto_now_add=True)
    standings_at = models.DateTimeField(
        null=True, blank=True, editable=False,
        help_text="When its standings were last stored; empty for a season from before they were (computed).",
    )  # fmt: skip

    class Meta:
        ordering = ["-starts_on", "name"]
        constraints = [
            models.CheckConstraint(condition=Q(ends_on__gte=models.F("starts_on")), name="season_ends_after_start")
        ]

    def __str__(self) -> str:
        return self.name


class SeasonEvent(models.Model):
    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="season_events")
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="season_entries")
    tier = models.PositiveSmallIntegerField(default=1, help_text="A multiplier: a club night 1, a regional 2, ...")

    class Meta:
        ordering = ["season", "id"]
        constraints = [models.UniqueConstraint(fields=["season", "event"], name="an_event_once_per_season")]

    def __str__(self) -> str:
        return f"{self.event} in {self.season} (tier {self.tier})"


class SeasonStanding(models.Model):
    """A player's row of a season's standings, stored: rewritten from the events' final places inside every
    transaction that changes one of them (a close, a correction, a sanction, an event joining, a guest claimed;
    services/seasons.py), so a season's page reads a hundred rows instead of every place of every event.
    Always equal to computing the season from its events' results (tested)."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="standings")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="season_standings")
    position = models.PositiveIntegerField(help_text="The row's order: by place, then by handle.")
    place = models.PositiveIntegerField()
    points = models.CharField(max_length=40, help_text="Exact: an integer, or a fraction where ties split a place.")
    played = models.JSONField(
        default=list, help_text="[event id, points] per event, in the season's order (a split share as text)."
    )
    counted = models.JSONField(default=list, help_text="The indexes of the played events that count.")

    class Meta:
        ordering = ["season", "position"]
        constraints = [
            models.UniqueConstraint(fields=["season", "position"], name="one_standing_per_season_position"),
            models.UniqueConstraint(fields=["season", "player"], name="one_standing_per_season_player"),
        ]

    def __str__(self) -> str:
        return f"{self.player} {self.place} in {self.season}"


class QualificationDecline(models.Model):
    """A player who gives up their qualifier slot of a season: the next in line takes it."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="declines")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="declined_slots")
    declined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["season", "player"], name="one_decline_per_season")]

    def __str__(self) -> str:
        return f"{self.player} declined {self.season}"


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


class Webhook(models.Model):
    """An organisation's subscription: these events of its own are POSTed, signed, to this address."""

    EVENTS = ("round.seated", "table.verified", "table.rejected", "event.finished", "rating.list.published")

    organisation = models.ForeignKey(Organisation, on_delete=models.CASCADE, related_name="webhooks")
    url = models.URLField(max_length=500)
    events = models.JSONField(default=list)
    secret = models.CharField(max_length=64, help_text="Signs every delivery (HMAC-SHA256); shown once, at creation.")
    failing = models.BooleanField(default=False, help_text="Set when a delivery failed after every retry.")
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.organisation} -> {self.url}"


class WebhookDelivery(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending"
        DELIVERED = "delivered"
        FAILED = "failed"

    webhook = models.ForeignKey(Webhook, on_delete=models.CASCADE, related_name="deliveries")
    event_type = models.CharField(max_length=40)
    body = models.TextField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    response_code = models.IntegerField(null=True, blank=True)
    response_body = models.CharField(max_length=500, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    last_tried_at = models.DateTimeField(null=True, blank=True)
    seconds = models.FloatField(null=True, blank=True, help_text="How long the last attempt took.")
    next_attempt_at = models.DateTimeField(
        null=True, blank=True, help_text="When the next attempt is due (none: at once); the sweep sends it after."
    )
    sending_until = models.DateTimeField(
        null=True, blank=True, help_text="Set while an attempt is under way: counts toward the organisation's cap."
    )

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [
            models.Index(fields=["next_attempt_at"], condition=models.Q(status="pending"), name="webhook_delivery_due")
        ]

    def __str__(self) -> str:
        return f"{self.event_type} to {self.webhook.url} ({self.status})"


class CardStat(models.Model):
    """The card statistics of tables of one player count (games/card_stats.py), over the verified tables of
    sanctioned events: one row a player count, so a table's update reads and writes one row. Kept up to
    date table by table (services/card_stats.py)."""

    game = models.CharField(max_length=40, choices=game_choices)
    players = models.PositiveSmallIntegerField()
    lines = models.JSONField(
        default=dict, help_text='{card id ("" for every seat): [taken, pick_sum, offered, {category: points}, '
        "seats, score_sum, squares]}",
    )  # fmt: skip

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "players"], name="one_card_stat_row")]

    def __str__(self) -> str:
        return f"{self.game} at {self.players} players"


class TableCardTally(models.Model):
    """What one table adds to the card statistics now (subtracted again when its result or sanction changes)."""

    table = models.OneToOneField(Table, on_delete=models.CASCADE, related_name="card_tally")
    game = models.CharField(max_length=40, choices=game_choices)
    tally = models.JSONField()

    def __str__(self) -> str:
        return f"cards of table {self.table_id}"


class SeatPickAccuracy(models.Model):
    """How close one seat's picks at a verified drafting table came to the best the hands offered
    (games/pick_accuracy.py; docs/rules.md, "Pick accuracy"), stored by Celery once the table counts."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="pick_accuracy")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="pick_accuracy")
    choices = models.PositiveSmallIntegerField(help_text="Picks with more than one card offered.")
    best_picks = models.PositiveSmallIntegerField(help_text="Picks that scored the most any card offered would.")
    points_lost = models.PositiveIntegerField(help_text="The round points the picks left on the table, summed.")
    rounds = models.JSONField(help_text="Per round: [pick, card taken, points, best points, best card] a choice.")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["table", "player"], name="one_pick_accuracy_a_seat")]
        indexes = [models.Index(fields=["player", "table"], name="pick_accuracy_by_player")]

    def __str__(self) -> str:
        return f"pick accuracy of {self.player_id} at table {self.table_id}"
