"""An event's door ledger (its fee, what each player paid and owes; docs/organisers.md, "Entry fees and the door
ledger") and a federation's levy statement: each sanctioned event of the games it stewards in a period, its
players and what it owes under the federation's rule; totals by club (docs/organisers.md, "Levies")."""

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date, datetime, time
from decimal import Decimal
from zoneinfo import ZoneInfo

from django.conf import settings
from django.db.models import Q
from django.utils import timezone

from tournaments.finance.models import EntryFee, LevyRule, Payment
from tournaments.models import Event, Licence, Organisation, RatingBody, Registration, Sanction, Seat
from tournaments.validators import handle_key


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


# The statuses that owe the fee: a place held, or a table sat at. A waitlisted player pays when admitted; one
# who withdrew or did not come owes nothing (what they paid is shown as credit until it is refunded).
OWES_THE_FEE = frozenset({Registration.Status.REGISTERED, Registration.Status.CHECKED_IN, Registration.Status.DROPPED})


@dataclass(frozen=True)
class LedgerLine:
    registration: Registration
    category: str  # the player's licence category on the event's day, "" without one
    fee: Decimal  # what they owe in their status (0 waitlisted, withdrawn or absent)
    paid: Decimal
    refunded: Decimal

    @property
    def net(self) -> Decimal:
        return self.paid - self.refunded

    @property
    def due(self) -> Decimal:
        return max(self.fee - self.net, Decimal(0))

    @property
    def credit(self) -> Decimal:
        """Received beyond the fee (a player who withdrew after paying): to refund, or to keep with a reason."""
        return max(self.net - self.fee, Decimal(0))


@dataclass
class Ledger:
    """An event's door ledger. It reconciles by construction and the tests hold it to it:
    paid - refunded = fees - due + credit, and the methods' totals add up to paid - refunded."""

    event: Event
    fee: EntryFee | None
    lines: list[LedgerLine]
    payments: list[Payment]

    def _sum(self, name: str) -> Decimal:
        return sum((getattr(line, name) for line in self.lines), Decimal(0))

    @property
    def totals(self) -> dict[str, Decimal]:
        return {name: self._sum(name) for name in ("fee", "paid", "refunded", "due", "credit")}

    @property
    def by_method(self) -> dict[str, Decimal]:
        """What each way of paying brought in, refunds taken off: what the till, the card reader's statement
        and the bank account should each show."""
        methods = {method: Decimal(0) for method in Payment.Method.values}
        for payment in self.payments:
            methods[payment.method] += payment.signed
        return methods


def ledger_registration(*, event: Event, handle: str | None = None, pk: str | None = None) -> Registration | None:
    """The event's registration of this player (by handle, as log-in compares them) or of this id; None if none."""
    registrations = event.registrations.select_related("player")
    if handle is not None:
        return registrations.filter(player__handle_key=handle_key(handle)).first()
    return registrations.filter(pk=int(pk)).first() if pk and pk.isdigit() and len(pk) <= 18 else None


def event_ledger(*, event: Event) -> Ledger:
    """Every registration with its fee, what it paid and was refunded, and what it still owes; three queries."""
    fee = EntryFee.objects.filter(event=event).first()
    registrations = list(event.registrations.select_related("player").order_by("player__handle_key"))
    payments = list(Payment.objects.filter(registration__event=event).select_related("recorded_by"))
    categories = _categories(event, [registration.player_id for registration in registrations]) if fee else {}
    paid: dict[int, Decimal] = defaultdict(Decimal)
    refunded: dict[int, Decimal] = defaultdict(Decimal)
    for payment in payments:
        (paid if payment.kind == Payment.Kind.PAID else refunded)[payment.registration_id] += payment.amount
    lines = []
    for registration in registrations:
        category = categories.get(registration.player_id, "")
        owes = fee is not None and registration.status in OWES_THE_FEE
        lines.append(LedgerLine(registration, category, fee.fee_for(category) if fee and owes else Decimal(0),
                                paid[registration.pk], refunded[registration.pk]))  # fmt: skip
    return Ledger(event, fee, lines, payments)


def _categories(event: Event, players: list[int]) -> dict[int, str]:
    """Each player's licence category on the event's day, from any federation's licence valid then."""
    day = timezone.localdate(event.starts_at) if event.starts_at else timezone.localdate()
    licences = Licence.objects.filter(player__in=players, valid_from__lte=day, valid_until__gte=day).exclude(
        category=""
    )
    return dict(licences.order_by("valid_from").values_list("player_id", "category"))
