"""An event's recap from verified data (issue 69, item 5): the upset of the night by rating, the best draft by
pick accuracy, the luckiest and the unluckiest hands by par, and the card of the night.

Each line comes from what the service already stores for the event's counting tables, and is left out when
the night gives it no ground: no upset at a table whose players came with the same ratings (newcomers all),
nor without a place at least UPSET_PLACES better than expected; no draft, hands or card for a game without a
draft or before its analysis is stored. The recap is stored when it changes (services/recap.py), so the page,
the e-mail and the webhook say the same.
"""

from collections import Counter
from dataclasses import asdict, dataclass
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import OuterRef, Subquery

from tournaments.analysis.models import SeatPickAccuracy
from tournaments.catalogue.selectors import edition_active, edition_rules_data
from tournaments.models import Event, Table, TableResult
from tournaments.results.models import StoredRecap
from tournaments.results.selectors.handicap import SeatExpectation, event_expectations

UPSET_PLACES = 1.0  # a place at least this much better than the ratings expected makes an upset


@dataclass(frozen=True)
class Upset:
    player: str
    table_id: int
    table: int
    round: int
    place: int
    expected: float  # the place the ratings the players came in with expected


@dataclass(frozen=True)
class BestDraft:
    player: str
    table_id: int
    table: int
    round: int
    best_picks: int  # picks that were the best card on offer
    choices: int  # picks with more than one card offered
    points_lost: int


@dataclass(frozen=True)
class Hands:
    player: str
    table_id: int
    table: int
    round: int
    par: int  # what the reference drafter made of the same hands (docs/rules.md, "Par")
    made: int | None


@dataclass(frozen=True)
class CardOfTheNight:
    card: str
    name: str
    times_best: int  # picks where it was the best card on offer
    times_taken: int  # of those, the picks that took it


@dataclass(frozen=True)
class EventRecap:
    event: int
    upset: Upset | None
    best_draft: BestDraft | None
    luckiest: Hands | None
    unluckiest: Hands | None
    card: CardOfTheNight | None

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def read(cls, data: dict[str, Any]) -> "EventRecap":
        """A stored recap (its `to_json`)."""

        def one(kind: Any, value: Any) -> Any:
            return kind(**value) if isinstance(value, dict) else None

        return cls(
            data["event"], one(Upset, data.get("upset")), one(BestDraft, data.get("best_draft")),
            one(Hands, data.get("luckiest")), one(Hands, data.get("unluckiest")),
            one(CardOfTheNight, data.get("card")),
        )  # fmt: skip

    @property
    def empty(self) -> bool:
        return not any((self.upset, self.best_draft, self.luckiest, self.unluckiest, self.card))


def event_recap(*, event: Event) -> EventRecap:
    """The event's recap as its counting tables give it now."""
    rows = Table.objects.filter(round__event=event).values_list("pk", "number", "round__number")
    tables = {pk: (number, round_) for pk, number, round_ in rows}
    analysed = list(
        SeatPickAccuracy.objects.filter(
            table__round__event=event, table__result__status__in=TableResult.COUNTS
        ).select_related("player")
    )
    luckiest, unluckiest = _hands(analysed, tables)
    return EventRecap(
        event.pk, _upset(event_expectations(event=event), tables), _best_draft(analysed, tables), luckiest,
        unluckiest, _card(event.game, analysed),
    )  # fmt: skip


def _upset(seats: list[SeatExpectation], tables: dict[int, tuple[int, int]]) -> Upset | None:
    """The seat that finished furthest above its rating's expectation, at a table whose ratings differed."""
    beaten = [seat for seat in seats if seat.ratings_differ and seat.expected - seat.reached >= UPSET_PLACES]
    if not beaten:
        return None
    seat = max(beaten, key=lambda s: (s.expected - s.reached, -s.table_id, s.player))
    number, round_ = tables[seat.table_id]
    return Upset(seat.player, seat.table_id, number, round_, seat.reached, round(seat.expected, 2))


def _best_draft(rows: list[SeatPickAccuracy], tables: dict[int, tuple[int, int]]) -> BestDraft | None:
    """The seat whose picks were most often the best card on offer; then the fewest points left."""
    drafted = [row for row in rows if row.choices > 0]
    if not drafted:
        return None
    row = max(drafted, key=lambda r: (r.best_picks / r.choices, -r.points_lost, -r.table_id, r.player.handle))
    number, round_ = tables[row.table_id]
    return BestDraft(row.player.handle, row.table_id, number, round_, row.best_picks, row.choices, row.points_lost)


def _hands(rows: list[SeatPickAccuracy], tables: dict[int, tuple[int, int]]) -> tuple[Hands | None, Hands | None]:
    """The seats dealt the best and the worst hands by par; none when every par is the same."""
    with_par = [row for row in rows if row.par is not None]
    if len(with_par) < 2 or len({row.par for row in with_par}) < 2:
        return None, None

    def hands(row: SeatPickAccuracy) -> Hands:
        number, round_ = tables[row.table_id]
        return Hands(row.player.handle, row.table_id, number, round_, int(row.par or 0), row.made)

    ordered = sorted(with_par, key=lambda r: (r.par, r.table_id, r.player.handle))
    return hands(ordered[-1]), hands(ordered[0])


def _card(game: str, rows: list[SeatPickAccuracy]) -> CardOfTheNight | None:
    """The card that was the best on offer most often over the night's picks, and how often it was taken then."""
    best: Counter[str] = Counter()
    taken: Counter[str] = Counter()
    for row in rows:
        for picks in row.rounds:
            for _pick, card, _points, _best, best_card in picks:
                if best_card:
                    best[best_card] += 1
                    taken[best_card] += card == best_card
    if not best:
        return None
    card = max(best, key=lambda c: (best[c], taken[c], c))
    names = {c.id: c.name for c in edition_rules_data(game=game, edition=edition_active(game=game)).cards}
    return CardOfTheNight(card, names.get(card, card), best[card], taken[card])


def stored_recap(*, event_id: int) -> EventRecap | None:
    """The event's recap as last made (services/recap.py); None before it is made or when it has nothing."""
    return recap_shown(StoredRecap.objects.filter(event_id=event_id).values_list("data", flat=True).first())


def recap_shown(data: Any) -> EventRecap | None:
    """A stored recap's data as the recap a page shows; None for no data or a recap with nothing in it."""
    recap = EventRecap.read(data) if isinstance(data, dict) else None
    return None if recap is None or recap.empty else recap


def event_recap_panel(event: Event, user: User | AnonymousUser) -> EventRecap | None:
    """The event page's recap panel (tournaments/panels.py): the night in brief once its results show, read
    with the event (`recap_data`, the panel's annotation) or, without it, on its own."""
    if not event.can.show_results:
        return None
    if hasattr(event, "recap_data"):
        return recap_shown(event.recap_data)
    return recap_shown(StoredRecap.objects.filter(event=event).values_list("data", flat=True).first())


def stored_recap_data() -> dict[str, Subquery]:
    """The stored recap's data as an annotation of an event query (`OuterRef("pk")`): the page reads it with the
    event, in the same query."""
    return {"recap_data": Subquery(StoredRecap.objects.filter(event_id=OuterRef("pk")).values("data")[:1])}
