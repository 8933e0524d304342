"""A federation's levy statement: each sanctioned event of the games it stewards in a period, its players and
what it owes under the federation's rule; totals by club (docs/organisers.md, "Levies")."""

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date, datetime, time
from decimal import Decimal
from zoneinfo import ZoneInfo

from django.conf import settings
from django.db.models import Q

from tournaments.finance.models import LevyRule
from tournaments.models import Event, Organisation, RatingBody, Sanction, Seat


@dataclass(frozen=True)
class LevyLine:
    event: Event
    players: list[str]  # the handles of those who sat at a table
    levy: Decimal


@dataclass
class ClubTotal:
    club: Organisation
    events: int = 0
    players: int = 0
    levy: Decimal = Decimal(0)


@dataclass
class LevyStatement:
    federation: Organisation
    rule: LevyRule | None
    start: date
    end: date
    lines: list[LevyLine] = field(default_factory=list)
    clubs: list[ClubTotal] = field(default_factory=list)

    @property
    def total(self) -> Decimal:
        return sum((line.levy for line in self.lines), Decimal(0))


def levy_statement(*, federation: Organisation, start: date, end: date) -> LevyStatement:
    """The sanctioned, finished, rated events of the federation's games that began from `start` to `end`
    (inclusive, in the server's time zone), oldest first; three queries."""
    rule = LevyRule.objects.filter(organisation=federation).first()
    statement = LevyStatement(federation, rule, start, end)
    zone = ZoneInfo(settings.TIME_ZONE)
    first, last = datetime.combine(start, time.min, zone), datetime.combine(end, time.max, zone)
    events = list(
        Event.objects.filter(
            _games_of(federation), sanction=Sanction.SANCTIONED, rated=True, status=Event.Status.FINISHED,
            starts_at__gte=first, starts_at__lte=last,
        ).select_related("organisation").order_by("starts_at", "id")
    )  # fmt: skip
    seated: dict[int, set[str]] = defaultdict(set)
    seats = Seat.objects.filter(table__round__event__in=events).values_list("table__round__event_id", "player__handle")
    for event_id, handle in seats:
        seated[event_id].add(handle)
    clubs: dict[int, ClubTotal] = {}
    for event in events:
        players = sorted(seated[event.pk], key=str.casefold)
        line = LevyLine(event, players, rule.levy(len(players)) if rule else Decimal(0))
        statement.lines.append(line)
        club = clubs.setdefault(event.organisation_id, ClubTotal(event.organisation))
        club.events, club.players, club.levy = club.events + 1, club.players + len(players), club.levy + line.levy
    statement.clubs = sorted(clubs.values(), key=lambda total: total.club.name.casefold())
    return statement


def _games_of(federation: Organisation) -> Q:
    """The events whose game the federation stewards (its own games, or every game no other body has)."""
    bodies = RatingBody.objects.filter(organisation=federation).values_list("game", flat=True)
    own = [game for game in bodies if game]
    if "" in bodies:
        others = RatingBody.objects.exclude(organisation=federation).exclude(game="").values_list("game", flat=True)
        return ~Q(game__in=list(others))
    return Q(game__in=own)
