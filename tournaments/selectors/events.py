"""Events, their rounds and registrations, and their standings and final places."""

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import replace
from datetime import datetime
from fractions import Fraction
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.db import connection
from django.db.models import Count, F, Prefetch, Q, QuerySet
from django.shortcuts import get_object_or_404

import games
from tournaments.models import (
    Bye,
    Event,
    EventPlace,
    Player,
    Registration,
    Round,
    Seat,
    Table,
    TableResult,
)
from tournaments.standings import (
    StandingRow,
    TableOutcome,
    place_of,
    qualified_by_cut,
    ranked_within,
    standings,
    with_cut,
)
from tournaments.verdicts import TableVerdict


def places_left(*, event: Event) -> int:
    """The event's places not yet held by a registration (the waitlist waits for these)."""
    return max(event.capacity - event.registrations.filter(status__in=Registration.HOLDS_A_PLACE).count(), 0)


def waitlist_position(*, registration: Registration) -> int | None:
    if registration.status != Registration.Status.WAITLISTED:
        return None
    ahead = Registration.objects.filter(event_id=registration.event_id, status=Registration.Status.WAITLISTED)
    return (
        ahead.filter(created_at__lt=registration.created_at).count()
        + ahead.filter(created_at=registration.created_at, id__lte=registration.id).count()
    )


def event_bye_counts(*, event: Event) -> dict[str, int]:
    counts: dict[str, int] = defaultdict(int)
    for handle in Bye.objects.filter(round__event=event).values_list("player__handle", flat=True):
        counts[handle] += 1
    return counts


def event_tables(*, event: Event) -> list[list[list[str]]]:
    """Handles at each table of each round, for counting repeat opponents."""
    rounds: dict[int, dict[int, list[str]]] = defaultdict(lambda: defaultdict(list))
    tables = Table.objects.filter(round__event=event).prefetch_related("seats__player").select_related("round")
    for table in tables:
        rounds[table.round.number][table.number] = [seat.player.handle for seat in table.seats.all()]
    return [list(by_table.values()) for _, by_table in sorted(rounds.items())]


def event_standings(*, event: Event) -> list[StandingRow]:
    """The event's standings (tournaments/standings.py) from its results that count, byes and drops."""
    return events_standings(events=[event])[event.pk]


def division_standings(*, event: Event, division: str) -> list[StandingRow]:
    """One division's standings (services/divisions.py): the event's rows of its players, ranked among them."""
    members = set(event.registrations.filter(division=division).values_list("player__handle", flat=True))
    return [replace(row, rank=rank) for rank, row in ranked_within(event_standings(event=event), members)]


def events_standings(*, events: Sequence[Event]) -> dict[int, list[StandingRow]]:
    """The standings of each event, by event id: three queries however many events."""
    tables, byes, dropped = _standings_inputs(events)
    return {event.pk: _phased(event, tables[event.pk], byes[event.pk], dropped[event.pk]) for event in events}


Numbered = list[tuple[int, TableOutcome]]  # an event's tables that count, each with its round's number


def _standings_inputs(
    events: Sequence[Event],
) -> tuple[dict[int, Numbered], dict[int, list[tuple[int, str]]], dict[int, list[str]]]:
    """Each event's tables that count, byes (with their round's number) and players dropped out."""
    ids = [event.pk for event in events]
    tables: dict[int, Numbered] = defaultdict(list)
    results = TableResult.objects.filter(table__round__event_id__in=ids, status__in=TableResult.COUNTS)
    dealt = {event.pk for event in events if event.duplicate_deals}
    rows = results.order_by("table_id").values_list(
        "table__round__event_id", "verdict", "table__round__is_final", "table__round__number"
    )
    for event_id, verdict, is_final, number in rows:  # a result that counts has a verdict
        dealt_round = number if event_id in dealt else None
        outcome = TableOutcome.from_verdict(TableVerdict.read(verdict), is_final=is_final, dealt_round=dealt_round)
        tables[event_id].append((number, outcome))
    byes: dict[int, list[tuple[int, str]]] = defaultdict(list)
    for event_id, number, handle in Bye.objects.filter(round__event_id__in=ids).values_list(
        "round__event_id", "round__number", "player__handle"
    ):
        byes[event_id].append((number, handle))
    dropped = _handles_by_event(
        Registration.objects.filter(event_id__in=ids, status=Registration.Status.DROPPED).values_list(
            "event_id", "player__handle"
        )
    )
    return tables, byes, dropped


def _of_rounds(
    event: Event, tables: Numbered, byes: list[tuple[int, str]], dropped: list[str], rounds: range | None = None
) -> list[StandingRow]:
    """The standings of the event's rounds in `rounds` (None: every round)."""
    return standings(
        [table for number, table in tables if rounds is None or number in rounds],
        points_by_table_size=event.points_by_table_size,
        tie_breaks=event.tie_breaks,
        byes=[handle for number, handle in byes if rounds is None or number in rounds],
        bye_worth=Fraction(bye_points(event)).limit_denominator(1000),
        dropped=dropped,
        ranked_by=event.ranked_by,
    )


def _phased(event: Event, tables: Numbered, byes: list[tuple[int, str]], dropped: list[str]) -> list[StandingRow]:
    """An event with a cut (issue 57, item 3), once its later phase began: the qualified players by that
    phase's own rounds and points, then the others as the first phase left them."""
    if not event.cut_size or not any(number > event.cut_after_round for number, _table in tables):
        return _of_rounds(event, tables, byes, dropped)
    first = _of_rounds(event, tables, byes, dropped, range(1, event.cut_after_round + 1))
    seated = max(number for number, _table in tables)
    later = _of_rounds(event, tables, byes, dropped, range(event.cut_after_round + 1, seated + 1))
    return with_cut(first, later, qualified_by_cut(first, event.cut_size), event.tie_breaks, event.ranked_by)


def later_phase_begun(*, event: Event) -> bool:
    """Whether an event with a cut has seated a round after the cut."""
    return bool(event.cut_size) and event.rounds.filter(number__gt=event.cut_after_round).exists()


def first_phase_standings(*, event: Event) -> list[StandingRow]:
    """An event with a cut: the standings of its first phase (rounds 1..cut_after_round) as the cut read them;
    empty for an event without one. Three queries."""
    if not event.cut_size:
        return []
    tables, byes, dropped = _standings_inputs([event])
    return _of_rounds(event, tables[event.pk], byes[event.pk], dropped[event.pk], range(1, event.cut_after_round + 1))


def cut_qualified(*, event: Event) -> list[str]:
    """The players an event's cut keeps, in the first phase's order (its standings of rounds 1..cut)."""
    return qualified_by_cut(first_phase_standings(event=event), event.cut_size)


def _handles_by_event(pairs: Iterable[tuple[int, str]]) -> dict[int, list[str]]:
    by_event: dict[int, list[str]] = defaultdict(list)
    for event_id, handle in pairs:
        by_event[event_id].append(handle)
    return by_event


def bye_points(event: Event) -> float:
    """A bye is worth the event's `bye_points`, or by default: a win in a two-player game (as FIDE's Swiss
    gives a full point for a pairing bye), else the mean of the places at the game's preferred table (an
    average result: neither a reward nor a penalty for not being seated). docs/rules.md, "Attendance"."""
    if event.bye_points is not None:
        return event.bye_points
    size = games.GAMES[event.game].table_sizes_by_preference[0]
    points = event.points_by_table_size.get(str(size)) or [0]
    return float(points[0]) if size == 2 else sum(points) / len(points)


def event_list(*, with_organisers: bool = True) -> QuerySet[Event]:
    """Events; with their organisers' handles (one query more) when they are shown. With whether each was kept
    on practice data when its game's printed edition came (`pinned_edition`, the catalogue's: named, not
    imported), which its `practice` answers."""
    events = Event.objects.select_related("organisation", "pinned_edition")
    if not with_organisers:
        return events
    users = get_user_model().objects.select_related("player").order_by()
    return events.prefetch_related(Prefetch("organisers", queryset=users))


def player_overview(*, user: User) -> dict[str, Any]:
    """What `GET /api/me/` shows: my handle, my registrations (newest event first), my seat in the newest
    round that is seated or running, with its table's id and the other players."""
    player = Player.objects.filter(user=user).first()
    if player is None:
        return {"handle": None, "country": "", "registrations": [], "current_seat": None}
    registrations = [
        {"id": r.pk, "event": r.event_id, "event_name": r.event.name, "status": r.status}
        for r in player.registrations.select_related("event").order_by("-event__created_at", "-id")
    ]
    seat = (
        Seat.objects.filter(player=player, table__round__status__in=[Round.Status.SEATED, Round.Status.RUNNING])
        .select_related("table__round__event")
        .order_by("-table__round__created_at")
        .first()
    )
    current = None
    if seat is not None:
        round_ = seat.table.round
        current = {
            "event": round_.event_id, "round": round_.number, "round_status": round_.status, "table": seat.table_id,
            "table_number": seat.table.number, "seat": seat.pk, "position": seat.position,
        }  # fmt: skip
    return {"handle": player.handle, "country": player.country, "registrations": registrations, "current_seat": current}


def event_registrations(*, event: Event) -> list[Registration]:
    """Registrations in order, each with its `waitlist_position` (None when not waitlisted); a declined one is
    between its player and the organisers (`registrations_under_review` and the player's own read)."""
    shown = event.registrations.exclude(status=Registration.Status.DECLINED).select_related("player")
    registrations = list(shown.order_by("created_at", "id"))
    position = 0
    for registration in registrations:
        waiting = registration.status == Registration.Status.WAITLISTED
        position += waiting
        registration.waitlist_position = position if waiting else None  # type: ignore[attr-defined]
    return registrations


def registrations_under_review(*, event: Event) -> QuerySet[Registration]:
    """The registrations awaiting the organisers (services/review.py), oldest first, those sent back for a
    change after those waiting for a decision."""
    waiting = event.registrations.filter(status__in=Registration.UNDER_REVIEW).select_related("player")
    return waiting.order_by("status", "created_at", "id")  # "awaiting" before "changes"


def event_rounds(*, event: Event) -> QuerySet[Any]:
    return event.rounds.prefetch_related(
        "tables__seats__player", "tables__result", "tables__round", "byes__player"
    ).order_by("number")


def events_changed(*, since: datetime | None) -> QuerySet[Event]:
    """Events changed at or after `since` (all when None), as `changed_at`: the order a sync follows."""
    found = event_list().annotate(changed_at=F("updated_at"))
    return found.filter(updated_at__gte=since) if since else found


def tables_changed(*, event: Event, since: datetime | None) -> QuerySet[Table]:
    """The event's tables whose result changed at or after `since` (all when None), as `changed_at`."""
    found = table_list().filter(round__event=event).annotate(changed_at=F("result__updated_at"))
    return found.filter(result__updated_at__gte=since) if since else found


def table_list() -> QuerySet[Table]:
    return Table.objects.select_related("round__event", "result").prefetch_related("seats__player")


def table_for_sheets() -> QuerySet[Table]:
    """What a score pad needs: the round, the event and the seated players (two queries)."""
    return Table.objects.select_related("round__event").prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("player"))
    )


def event_ready_to_close(*, event: Event) -> bool:
    """Whether the running event has played its last round: finished, and the final (or the last planned
    round when the event has no final table)."""
    last = event.rounds.order_by("-number").first()
    if not event.can.close or last is None or not last.can.seat_next:
        return False
    return bool(last.is_final or (last.number >= event.rounds_planned and not event.final_table_size))


def event_closable(*, event: Event, rounds: Sequence[Round] | None = None) -> bool:
    """Whether the running event can end now (docs/organisers.md, "Ending a night early"): its newest round is
    finished, or only seated (not started, no result entered) after a finished one, which closing cancels;
    and no table waits for its verdict (a correction being checked). `rounds`: the event's rounds when the
    caller has them already."""
    rounds = list(event.rounds.order_by("number")) if rounds is None else rounds
    if not event.can.close or not rounds:
        return False
    last = max(rounds, key=lambda round_: round_.number)
    if not (last.can.seat_next or (last.can.start and rounds_played(rounds=rounds) > 0)):
        return False
    return not _results_under_way(event=event, seated=None if last.can.seat_next else last)


def rounds_played(*, rounds: Sequence[Round]) -> int:
    """How many of these rounds are finished: the rounds an event's results count."""
    return sum(1 for round_ in rounds if round_.can.seat_next)


def _results_under_way(*, event: Event, seated: Round | None) -> bool:
    """Whether a table of the event waits for its verdict, or, when its newest round is only seated, a sheet
    or a verdict was entered there (cancelling the round would lose it): one query."""
    under_way = Q(status__in=TableResult.QUEUED)
    if seated is not None:
        entered = ~Q(status=TableResult.Status.WAITING) | Q(table__seats__sheets__isnull=False)
        under_way |= Q(table__round=seated) & entered
    return TableResult.objects.filter(under_way, table__round__event=event).exists()


def final_places(*, events: Sequence[Event]) -> dict[int, dict[str, int]]:
    """Each finished event's final places by handle: the stored ones (services/places.py), or, for an event
    closed before places were stored, computed from its results."""
    places: dict[int, dict[str, int]] = {event.pk: {} for event in events}
    if not events:
        return places
    stored = EventPlace.objects.filter(event__in=events).values_list("event_id", "player__handle", "place")
    with connection.cursor() as cursor:  # a season reads tens of thousands: plain tuples, no queryset per row
        cursor.execute(*stored.query.sql_with_params())
        for event_id, handle, place in cursor.fetchall():
            places[event_id][handle] = place
    missing = [event for event in events if not places[event.pk]]
    for event_id, rows in (events_standings(events=missing) if missing else {}).items():
        places[event_id] = {row.handle: row.rank for row in rows}
    return places


def event_guests(*, event: Event) -> list[Player]:
    """The guests entered in the event, with whoever claimed each."""
    return list(Player.objects.filter(guest=True, registrations__event=event).select_related("claimed_by"))


def player_places(*, player: Player, events: Sequence[Event]) -> dict[int, tuple[int | None, int]]:
    """The player's final place in each finished event and the event's field size: (place, of), from the
    stored places (two queries, whatever the player's history); an event closed before places were stored
    is computed."""
    ids = [event.pk for event in events]
    mine = dict(EventPlace.objects.filter(player=player, event_id__in=ids).values_list("event_id", "place"))
    sizes = dict(
        EventPlace.objects.filter(event_id__in=ids)
        .values("event_id")
        .annotate(n=Count("id"))
        .values_list("event_id", "n")
    )
    places = {event_id: (mine.get(event_id), size) for event_id, size in sizes.items()}
    missing = [event for event in events if event.pk not in sizes]
    for event_id, rows in (events_standings(events=missing) if missing else {}).items():
        places[event_id] = (place_of(rows, player.handle), len(rows))
    return places


def table_queryset() -> QuerySet[Table]:
    """Tables with their event, result and seats (players in seat order): what a table's pages read."""
    seats = Seat.objects.select_related("player").order_by("position")
    return Table.objects.select_related("round__event", "result").prefetch_related(Prefetch("seats", queryset=seats))


def table_page(*, table_id: int) -> Table:
    return get_object_or_404(table_queryset(), pk=table_id)


def finished_event_ids(*, table_ids: Sequence[int]) -> list[int]:
    """The events of these tables whose results are shown (finished), once each."""
    shown = Event.machine.sources("show_results")
    return sorted(
        set(Event.objects.filter(rounds__tables__in=table_ids, status__in=shown).values_list("pk", flat=True))
    )
