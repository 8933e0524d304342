"""What the pages read: each function returns everything its page shows in a fixed number of queries (the
domain's reads are tournaments/selectors/)."""

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import Count, Exists, Max, OuterRef, Prefetch, Q
from django.shortcuts import get_object_or_404

from ratings.selectors.changes import GameChange, changes_of_source, recent_changes
from tournaments.catalogue.models import EventEdition
from tournaments.live.selectors import stream_version
from tournaments.models import (
    EntryException,
    Event,
    PadDraft,
    Player,
    Registration,
    Round,
    ScoreSheet,
    Seat,
    Table,
    TableResult,
)
from tournaments.pad_drafts import PadDraftContent
from tournaments.panels import Shown, event_panel_annotations, event_panels
from tournaments.practice import practice_games
from tournaments.results.sources import table_of_source, table_source
from tournaments.selectors.events import event_closable, event_ready_to_close, event_standings, rounds_played
from tournaments.selectors.permissions import is_organiser
from tournaments.selectors.players import player_events
from tournaments.services.entry import entry_conditions, entry_refusal, has_entry_conditions
from tournaments.standings import StandingRow, place_of
from tournaments.stewarding.models import SanctionDecision
from tournaments.verdicts import SeatLine


def events_by_status() -> dict[str, list[Event]]:
    """Home page: events taking registrations or in draft-less states, by status, with registered counts."""
    events = (
        Event.objects.exclude(status=Event.Status.DRAFT)
        .annotate(registered=Count("registrations", filter=Q(registrations__status__in=Registration.HOLDS_A_PLACE)))
        .order_by("starts_at", "-created_at")
    )
    grouped: dict[str, list[Event]] = {"running": [], "registration": [], "finished": []}
    for event in events[:300]:
        grouped[event.status].append(event)
    grouped["finished"] = grouped["finished"][::-1][:30]  # newest first, the last thirty
    return grouped


@dataclass
class EventPage:
    event: Event
    registered: int
    waitlisted: int
    checked_in: int
    rounds: list[Round]
    mine: Registration | None
    organiser: bool
    registrations: list[Registration]
    podium: list[StandingRow]
    my_place: tuple[int, int] | None
    attention: list["Attention"]
    ready_to_close: bool
    closable: bool = False  # it may end now, early (tournaments/results/services/closing.py)
    played: int = 0  # rounds finished
    decision: SanctionDecision | None = None  # the stewards' last word on rating it
    conditions: list[str] = field(default_factory=list)  # what entry asks, in words (services/entry.py)
    kept_out: str | None = None  # why the signed-in player may not register, when a condition keeps them out
    exceptions: list[EntryException] = field(default_factory=list)  # players admitted anyway (organisers see)
    panels: dict[str, list[Shown]] = field(default_factory=dict)  # what the apps add, by slot (tournaments/panels.py)
    registrations_more: int = 0  # registered beyond those listed (a championship's visitors see the first ones)
    kept_on_practice: bool = False  # scored with practice data and kept so when the printed edition came

    @property
    def practice(self) -> bool:
        """A practice event: its game is played on practice data, or it was scored with it and kept so."""
        return self.kept_on_practice or self.event.game in practice_games()

    @property
    def team_slots(self) -> list[int]:
        """The team form's player inputs, numbered from 1 (a team event's size)."""
        return list(range(1, (self.event.team_size or 0) + 1))

    @property
    def absent_at_start(self) -> list[str]:
        """Who starting now marks absent: registered, not checked in."""
        return [r.player.handle for r in self.registrations if r.status == Registration.Status.REGISTERED]


EVENT_PAGE_REGISTRATIONS = 100  # players a visitor's event page lists; organisers see them all (to act on them)


def event_page_version(*, event: Event) -> tuple[Any, ...]:
    """What a visitor's copy of the event page depends on, read in four small queries: the event, its
    stream (every table's news), its registrations, its rounds and its stewards' decisions. A change to any
    of them makes the kept copy stale at once (config/page_cache.py, live_page)."""
    registrations = event.registrations.aggregate(n=Count("id"), at=Max("updated_at"))
    rounds = tuple(event.rounds.order_by("number").values_list("status", flat=True))
    decision = event.sanction_decisions.aggregate(last=Max("pk"))["last"]
    return (event.status, event.updated_at, stream_version(event_id=event.pk), registrations["n"],
            registrations["at"], rounds, decision)  # fmt: skip


def event_page(*, event_id: int, user: User | AnonymousUser) -> EventPage:
    kept = EventEdition.objects.filter(event_id=OuterRef("pk"))  # scored with practice data, kept so
    read = Event.objects.select_related("organisation").annotate(kept=Exists(kept), **event_panel_annotations())
    event = get_object_or_404(read, pk=event_id)
    organiser = is_organiser(user=user, event=event)
    registrations, counts, mine = _registrations_shown(event, user, organiser)
    # A finished event shows its podium (more than three when a tie shares the third place) and my place.
    rows = event_standings(event=event) if event.can.show_results else []
    place = place_of(rows, mine.player.handle) if mine else None
    rounds = list(event.rounds.order_by("number"))
    return EventPage(
        event=event,
        registered=counts["registered"] + counts["checked_in"],
        waitlisted=counts["waitlisted"],
        checked_in=counts["checked_in"],
        rounds=rounds,
        mine=mine,
        organiser=organiser,
        registrations=registrations,
        kept_on_practice=event.kept,  # type: ignore[attr-defined]
        registrations_more=sum(counts.values()) - counts["withdrawn"] - len(registrations),
        podium=[row for row in rows if row.rank <= 3],
        my_place=(place, len(rows)) if place else None,
        attention=needs_attention(event=event) if organiser else [],
        ready_to_close=organiser and event_ready_to_close(event=event),
        closable=organiser and event_closable(event=event, rounds=rounds),
        played=rounds_played(rounds=rounds),
        decision=event.sanction_decisions.select_related("by__player").first(),
        conditions=entry_conditions(event),
        kept_out=_kept_out(event, user, mine),
        exceptions=(
            list(event.entry_exceptions.select_related("player", "admitted_by"))
            if organiser and has_entry_conditions(event)
            else []
        ),
        panels=event_panels(event=event, user=user),
    )


def _registrations_shown(
    event: Event, user: User | AnonymousUser, organiser: bool
) -> tuple[list[Registration], dict[str, int], Registration | None]:
    """The registrations the page lists (every one to an organiser, who acts on them; the first
    EVENT_PAGE_REGISTRATIONS to anyone else), the count of each status and the reader's own registration."""
    everyone = event.registrations.select_related("player").order_by("created_at", "id")
    counts = dict.fromkeys(Registration.Status.values, 0)
    if organiser:
        rows = list(everyone)
        for registration in rows:
            counts[registration.status] += 1
        mine = next((r for r in rows if r.player.user_id == user.pk), None)
        return [r for r in rows if r.status != Registration.Status.WITHDRAWN], counts, mine
    counts.update(event.registrations.values_list("status").annotate(n=Count("id")).order_by())
    mine = everyone.filter(player__user=user).first() if user.is_authenticated else None
    listed = list(everyone.exclude(status=Registration.Status.WITHDRAWN)[:EVENT_PAGE_REGISTRATIONS])
    return listed, counts, mine


def _kept_out(event: Event, user: User | AnonymousUser, mine: Registration | None) -> str | None:
    """Why the entry conditions refuse the signed-in player, when they would: the page offers no button that
    would then be refused."""
    if not user.is_authenticated or not hasattr(user, "player") or not event.can.register:
        return None
    if mine is not None and not mine.can.register_again:
        return None
    refusal = entry_refusal(event=event, player=user.player)
    return refusal.message if refusal else None


@dataclass
class Attention:
    """A table of a round in play that an organiser should look at, and why."""

    table: Table
    rejected: bool
    missing: list[str]  # handles of playing seats with no sheet yet
    contested: list[str]  # handles contesting the pad's entry of their seat
    problems: list[Mapping[str, Any]]


def needs_attention(*, event: Event) -> list[Attention]:
    """Tables of the running rounds that are rejected, contested, or still missing sheets (four queries)."""
    tables = list(
        Table.objects.filter(round__event=event, round__status=Round.Status.RUNNING)
        .exclude(result__status__in=TableResult.COUNTS)
        .select_related("result", "round")
        .prefetch_related(Prefetch("seats", queryset=Seat.objects.select_related("player").order_by("position")))
        .order_by("round__number", "number")
    )
    with_sheets = set(ScoreSheet.objects.filter(seat__table__in=tables).values_list("seat_id", flat=True))
    drafts = {d.table_id: PadDraftContent.read(d.data) for d in PadDraft.objects.filter(table__in=tables)}
    found = []
    for table in tables:
        missing = [s.player.handle for s in table.seats.all() if not s.forfeited and s.pk not in with_sheets]
        contested = sorted(drafts[table.pk].contests) if table.pk in drafts else []
        rejected = table.result.can.fix_sheets
        if rejected or missing or contested:
            problems = list(table.result.table_verdict.problems) if rejected else []
            found.append(Attention(table, rejected, missing, contested, problems))
    return found


def round_with_tables(*, event_id: int, number: int) -> Round:
    """A round with its tables, seats, players and results (four queries whatever the size)."""
    seats = Seat.objects.select_related("player").order_by("position")
    tables = Table.objects.select_related("result").prefetch_related(Prefetch("seats", queryset=seats))
    rounds = Round.objects.select_related("event").prefetch_related(Prefetch("tables", queryset=tables), "byes__player")
    return get_object_or_404(rounds, event_id=event_id, number=number)


def current_round(*, event: Event) -> Round | None:
    return event.rounds.order_by("-number").first()


def seats_alphabetical(round_: Round) -> list[tuple[str, int, int]]:
    """(handle, table number, seat position) for every player of the round, by handle."""
    rows = [
        (seat.player.handle, table.number, seat.position) for table in round_.tables.all() for seat in table.seats.all()
    ]
    return sorted(rows, key=lambda row: row[0].casefold())


def round_seats(round_: Round) -> list[Seat]:
    """Every seat of the round, by player handle (the organiser's swap form)."""
    seats = [seat for table in round_.tables.all() for seat in table.seats.all()]
    return sorted(seats, key=lambda seat: seat.player.handle.casefold())


@dataclass
class MySeat:
    seat: Seat
    sheets: list[ScoreSheet]
    table_status: str
    table_problems: list[Mapping[str, Any]]
    others: list[Seat]  # the other players at the table, by seat
    result: SeatLine | None = None  # my seat in the table's verdict, once it counts
    table_size: int = 0
    rating_change: GameChange | None = None  # how my table moved my rating, once rated
    pad_rows: list[dict[str, Any]] | None = None  # my seat as another phone's pad entered it
    pad_keeper: str | None = None
    contest: str | None = None


def my_seat(*, event: Event, user: User) -> MySeat | None:
    """The player's seat in the event's newest round, their sheet versions and their table's verdict."""
    seat = (
        Seat.objects.filter(player__user=user, table__round__event=event)
        .select_related("table__round", "table__result", "player")
        .order_by("-table__round__number")
        .first()
    )
    if seat is None:
        return None
    sheets = list(seat.sheets.select_related("entered_by__player").order_by("-version")[:5])
    others = [s for s in seat.table.seats.select_related("player").order_by("position") if s.pk != seat.pk]
    verdict = seat.table.result.table_verdict
    problems = verdict.problems_of(seat.player.handle)
    mine = MySeat(seat, sheets, seat.table.result.status, problems, others)
    if seat.table.result.can.count:
        mine.result = verdict.seat_of(seat.player.handle)
        mine.table_size = len(verdict.seats)
        mine.rating_change = changes_of_source(source=table_source(seat.table_id)).get(user.pk)
    draft = PadDraft.objects.filter(table_id=seat.table_id).select_related("updated_by__player").first()
    if draft is not None and draft.updated_by_id not in (None, user.pk):
        content = PadDraftContent.read(draft.data)
        mine.pad_rows = content.rounds.get(seat.player.handle)
        mine.pad_keeper = getattr(getattr(draft.updated_by, "player", None), "handle", None)
        mine.contest = content.contests.get(seat.player.handle)
    return mine


def table_rating_changes(*, table: Table) -> dict[str, GameChange]:
    """How the table moved each seated player's rating, by handle (empty until it is rated; one query)."""
    handles = {seat.player.user_id: seat.player.handle for seat in table.seats.all()}
    changes = changes_of_source(source=table_source(table.pk))
    return {handles[user_id]: change for user_id, change in changes.items() if user_id in handles}


def player_by_handle(*, handle: str) -> Player:
    return get_object_or_404(Player.objects.select_related("user"), handle=handle)


@dataclass
class PlayedEvent:
    registration: Registration
    place: int | None  # in a finished event's standings; None while it runs or if the player never sat
    of: int


def events_played(*, player: Player, limit: int = 50) -> list[PlayedEvent]:
    """The player's newest events with their place in each finished one (selectors.player_events)."""
    return [PlayedEvent(*line) for line in player_events(player=player, limit=limit)]


@dataclass(frozen=True)
class RatedGame:
    """A rated table as the player's page lists it: where it was played and how it moved their rating."""

    table: int
    table_number: int
    round_number: int
    event_name: str
    timezone: str
    change: GameChange
    place: int | None


def rated_games(*, player: Player, limit: int = 20, games_by_pool: dict[int, int] | None = None) -> list[RatedGame]:
    """The player's latest rated tables, newest first, with how each moved their rating (three queries of
    plain values, two given the games by pool: the same cost after 5 games or 5,000)."""
    changes = recent_changes(player_id=player.user_id, games_by_pool=games_by_pool)
    recent = [(table_of_source(source), change) for source, change in changes]
    wanted = [t for t, _ in recent[:limit] if t is not None]
    tables = {
        row[0]: row[1:]
        for row in Table.objects.filter(pk__in=wanted).values_list(
            "pk", "number", "round__number", "round__event__name", "round__event__timezone"
        )
    }
    return [RatedGame(t, *tables[t], change, change.rank) for t, change in recent[:limit] if t in tables]
