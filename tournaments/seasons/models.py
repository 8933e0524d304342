"""Seasons: their events, stored standings and declined qualifications."""

from django.db import models
from django.db.models import Q

from tournaments.models.base import game_choices
from tournaments.models.events import Event
from tournaments.models.organisations import Organisation
from tournaments.models.players import Player


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
    takes_events_of = models.CharField(
        max_length=8, default="own", choices=[("own", "own"), ("members", "members"), ("any", "any")],
        help_text="Whose events its staff add alone: its own (another club's staff agree to each of theirs), its "
        "member clubs' (a federation's), or any club's.",
    )  # fmt: skip
    circuit = models.CharField(
        max_length=100, blank=True,
        help_text="Seasons of one organisation sharing this name form a circuit: a player qualifies once in it.",
    )  # fmt: skip
    final = models.OneToOneField(
        Event, null=True, blank=True, on_delete=models.SET_NULL, related_name="final_of",
        help_text="The season's final: only its qualifiers may register for it.",
    )  # fmt: skip
    created_at = models.DateTimeField(auto_now_add=True)
    standings_at = models.DateTimeField(
        null=True, blank=True, editable=False,
        help_text="When its standings were last stored; empty for a season from before they were (computed).",
    )  # fmt: skip

    class Meta:
        db_table = "tournaments_season"  # kept from the core, where it was made
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
        db_table = "tournaments_seasonevent"  # kept from the core, where it was made
        ordering = ["season", "id"]
        constraints = [models.UniqueConstraint(fields=["season", "event"], name="an_event_once_per_season")]

    def __str__(self) -> str:
        return f"{self.event} in {self.season} (tier {self.tier})"


class SeasonStanding(models.Model):
    """A player's row of a season's standings, stored with its running totals: points and how many events
    counted so far, never a list of every event (those are SeasonScore rows). Rewritten inside every
    transaction that changes a place, a sanction or a season's events (services.py), for the events that
    changed only, so a result costs the same in a season of ten events or ten thousand. Always equal to
    computing the season from its events' results (tested)."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="standings")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="season_standings")
    position = models.PositiveIntegerField(help_text="The row's order: by place, then by handle.")
    place = models.PositiveIntegerField()
    points = models.CharField(max_length=40, help_text="Exact: an integer, or a fraction where ties split a place.")
    events_played = models.PositiveIntegerField(default=0, help_text="The season's counting events they played.")

    class Meta:
        db_table = "tournaments_seasonstanding"  # kept from the core, where it was made
        ordering = ["season", "position"]
        constraints = [
            models.UniqueConstraint(fields=["season", "position"], name="one_standing_per_season_position"),
            models.UniqueConstraint(fields=["season", "player"], name="one_standing_per_season_player"),
        ]

    def __str__(self) -> str:
        return f"{self.player} {self.place} in {self.season}"


class SeasonScore(models.Model):
    """A player's points from one counting event of a season, and whether they are among their best
    `best_of`: the cells of the season's matrix, read a page of players by a page of events at a time."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="scores")
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="season_scores")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="season_scores")
    points = models.CharField(max_length=40, help_text="Exact: an integer, or a fraction where ties split a place.")
    counted = models.BooleanField(default=False)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["season", "event", "player"], name="one_score_per_season_event_player")
        ]
        indexes = [
            models.Index(fields=["season", "player"], name="season_score_player"),
            models.Index(fields=["season", "player"], condition=Q(counted=True), name="season_score_counted"),
        ]

    def __str__(self) -> str:
        return f"{self.player} {self.points} in {self.event} ({self.season})"


class QualificationDecline(models.Model):
    """A player who gives up their qualifier slot of a season: the next in line takes it."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="declines")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="declined_slots")
    declined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "tournaments_qualificationdecline"  # kept from the core, where it was made
        constraints = [models.UniqueConstraint(fields=["season", "player"], name="one_decline_per_season")]

    def __str__(self) -> str:
        return f"{self.player} declined {self.season}"
