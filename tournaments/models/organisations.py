"""Clubs and federations: their staff, members and join requests."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.models.players import Player
from tournaments.validators import (
    validate_one_line,
)


class Organisation(models.Model):
    """A club, a league or a federation: its staff create and run its events (docs/rules.md, "Sanctions")."""

    class Kind(models.TextChoices):
        CLUB = "club", _("club")
        LEAGUE = "league", _("league")
        FEDERATION = "federation", _("federation")

    slug = models.SlugField(max_length=50, unique=True, help_text="Its address: /clubs/<slug>/.")
    name = models.CharField(max_length=200, validators=[validate_one_line])
    country = models.CharField(max_length=2, blank=True, help_text="ISO 3166-1 alpha-2 code (FR, DE, ...).")
    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.CLUB)
    federation = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="member_clubs",
        limit_choices_to={"kind": "federation"}, help_text="The federation the club belongs to (set by its owners).",
    )  # fmt: skip
    trusted_games = models.JSONField(
        default=list, blank=True, editable=False,
        help_text="Set by each game's stewards: its events of these games are sanctioned on creation.",
    )  # fmt: skip
    corrections_trusted_games = models.JSONField(
        default=list, blank=True, editable=False,
        help_text="Set by each game's stewards: its corrections of sanctioned results of these games are accepted"
        " without waiting for them.",
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
        OWNER = "owner", _("owner")
        ORGANISER = "organiser", _("organiser")

    organisation = models.ForeignKey(Organisation, on_delete=models.CASCADE, related_name="staff")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="staff_roles")
    role = models.CharField(max_length=10, choices=Role.choices)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["organisation", "role", "id"]
        constraints = [models.UniqueConstraint(fields=["organisation", "user"], name="one_role_per_person")]

    def __str__(self) -> str:
        return f"{self.user} ({self.role}) at {self.organisation}"


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


class RatingBody(models.Model):
    """Which organisation stewards a game's rating pool (game empty: every game without its own body). Its
    staff sanction events: only a sanctioned event's tables are rated. A superuser stewards every pool."""

    game = models.CharField(max_length=40, blank=True, unique=True, help_text="Empty: every other game.")
    organisation = models.ForeignKey(Organisation, on_delete=models.CASCADE, related_name="rating_bodies")

    def __str__(self) -> str:
        return f"{self.organisation} stewards {self.game or 'every game'}"


class Licence(models.Model):
    """A federation's licence of a player (issue 57, item 2): its number, the days it is valid, the club it
    plays for and its category; imported from the federation's CSV (services/licences.py)."""

    federation = models.ForeignKey(Organisation, on_delete=models.CASCADE, related_name="licences")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="licences")
    number = models.CharField(max_length=40)
    valid_from = models.DateField()
    valid_until = models.DateField()
    club = models.ForeignKey(Organisation, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    category = models.CharField(max_length=40, blank=True, help_text="As the federation names it: junior, senior...")
    imported_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    imported_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["federation", "number"]
        constraints = [models.UniqueConstraint(fields=["federation", "number"], name="one_licence_number")]

    def __str__(self) -> str:
        return f"{self.federation} licence {self.number}"
