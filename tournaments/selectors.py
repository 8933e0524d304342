"""Read queries for tournaments; each owns its select_related / prefetch_related."""

from collections import defaultdict
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from fractions import Fraction
from functools import cached_property, lru_cache
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser, User
from django.db import connection
from django.db.models import Count, Exists, JSONField, OuterRef, Prefetch, QuerySet, Subquery, Sum
from django.db.models.expressions import RawSQL
from rest_framework.exceptions import NotFound

import games
from config.errors import DomainError, NotAllowed
from games import card_stats, rebuild
from games.deal import Deal, seeded_deal
from games.rebuild import RoundDraft
from tournaments import drafted, seasons
from tournaments.models import (
    Bye,
    CardStat,
    Edition,
    Event,
    EventPlace,
    Membership,
    Organisation,
    PadDraft,
    Player,
    RatingBody,
    Registration,
    Round,
    Sanction,
    ScoreSheet,
    Season,
    SeasonStanding,
    Seat,
    SeatPickAccuracy,
    SheetCheck,
    Staff,
    Table,
    TableResult,
)
from tournaments.seasons import EventResult, SeasonRow
from tournaments.standings import StandingRow, TableOutcome, place_of, standings
from tournaments.verdicts import TableVerdict


def edition_active(*, game: str) -> Edition | None:
    # The deck data is read once per process by `_parsed_edition`; each verification needs only the id.
    return Edition.objects.filter(game=game, is_active=True).defer("data").first()


def edition_rules_data(*, game: str, edition: Edition | int | None) -> Any:
    """The engine's edition object: the stored edition (a row or its id), or the game's shipped default when
    none is stored."""
    if edition is None:
        return games.GAMES[game].default_edition()
    return _parsed_edition(edition if isinstance(edition, int) else edition.pk, game)


@lru_cache(maxsize=64)
def _parsed_edition(edition_id: int, game: str) -> Any:
    """Edition rows are never edited in place (a new file is a new row), so the id is a safe cache key."""
    return games.GAMES[game].load_edition(Edition.objects.get(pk=edition_id).data)


def table_deal(*, event: Event, round_number: int, players: int, deck: Any) -> Deal | None:
    """The hands every table of `players` seats is dealt in the event's round, when the event deals them
    (docs/rules.md, "Duplicate deals"); None otherwise. Follows from the event's secret seed alone."""
    if not event.duplicate_deals or games.GAMES[event.game].drafting is None:
        return None
    return seeded_deal(deck, players, f"{event.deal_seed}:{round_number}:{players}", event.draft_direction)


def table_preview(*, game: str, sheet: Any) -> dict[str, Any]:
    """The score pad's live scoring with the game's active edition: points per category and round, running
    totals, ranks so far, `complete`, and the problems found so far. A read: nothing is stored."""
    if game not in games.GAMES:
        raise NotFound(f"unknown game {game!r}; known games: {', '.join(games.GAMES)}")
    active = edition_active(game=game)
    try:
        return games.preview_table(game, sheet, edition_rules_data(game=game, edition=active)).to_json()
    except games.MalformedInput as error:
        raise DomainError(str(error), "malformed_sheet", field=error.field) from error


def table_rebuild(*, game: str, table: Any, direction: str) -> dict[str, Any]:
    """The draft behind a drafting table (games/rebuild.py); a read: nothing is stored."""
    if game not in games.GAMES:
        raise NotFound(f"unknown game {game!r}; known games: {', '.join(games.GAMES)}")
    try:
        return rebuild.to_json(rebuild.rebuild_table(games.GAMES[game], table, direction))
    except games.MalformedInput as error:
        raise DomainError(str(error), "malformed_sheet", field=error.field) from error


def game_catalogue() -> list[dict[str, Any]]:
    """The five games, their player counts and the edition data that verifies each (practice or printed)."""
    active = {edition.game: edition for edition in Edition.objects.filter(is_active=True)}
    rows = []
    for game in games.GAMES.values():
        data = edition_rules_data(game=game.id, edition=active.get(game.id))
        rows.append(
            {
                "id": game.id,
                "name": game.name,
                "min_players": game.player_counts[0],
                "max_players": game.player_counts[-1],
                "edition": data.name,
                "practice_data": data.is_practice,
            }
        )
    return rows


def sheet_check_list() -> QuerySet[SheetCheck]:
    return SheetCheck.objects.select_related("edition", "submitted_by")


def is_organiser(*, user: User | AnonymousUser, event: Event) -> bool:
    """Whether the user runs this event: staff of its organisation, a co-organiser it named, or site staff."""
    if not user.is_authenticated:
        return False
    if getattr(user, "is_staff", False) or event.organisers.filter(pk=user.pk).exists():
        return True
    return is_staff_of(user=user, organisation=event.organisation_id)


def is_staff_of(*, user: User | AnonymousUser, organisation: Organisation | int, roles: Sequence[str] = ()) -> bool:
    """Whether the user has a role in the organisation (one of `roles` when given)."""
    if not user.is_authenticated:
        return False
    pk = organisation if isinstance(organisation, int) else organisation.pk
    found = Staff.objects.filter(organisation_id=pk, user_id=user.pk)
    return found.filter(role__in=roles).exists() if roles else found.exists()


def require_staff(*, user: User | AnonymousUser, organisation: Organisation, owner: bool = False) -> None:
    roles = [Staff.Role.OWNER] if owner else []
    if not (getattr(user, "is_superuser", False) or is_staff_of(user=user, organisation=organisation, roles=roles)):
        who = "an owner" if owner else "its staff"
        raise NotAllowed(f"only {who} of {organisation.slug} can do this", "not_staff", "organisation")


def stewarding_body(*, game: str) -> Organisation | None:
    """The organisation whose staff steward the game's rating pool: the game's own body, else the body of
    every game (on a fresh install, the bootstrap's federation)."""
    body = RatingBody.objects.filter(game__in=[game, ""]).select_related("organisation").order_by("-game").first()
    return body.organisation if body else None


def is_steward(*, user: User | AnonymousUser, game: str) -> bool:
    if not user.is_authenticated:
        return False
    if getattr(user, "is_superuser", False):
        return True
    body = stewarding_body(game=game)
    return body is not None and is_staff_of(user=user, organisation=body)


def is_a_steward(*, user: User | AnonymousUser) -> bool:
    """Whether the user stewards some game's pool (one query): the menu then links to the stewards' queue."""
    if not user.is_authenticated:
        return False
    bodies = RatingBody.objects.values("organisation_id")
    return (
        bool(getattr(user, "is_superuser", False)) or Staff.objects.filter(user=user, organisation__in=bodies).exists()
    )


def stewarded_games(*, user: User | AnonymousUser) -> list[str]:
    """The games whose pools the user stewards (every game for a superuser)."""
    return [game for game in games.GAMES if is_steward(user=user, game=game)]


def require_steward(*, user: User | AnonymousUser, game: str) -> None:
    if not is_steward(user=user, game=game):
        raise NotAllowed("only a steward of this game's rating pool can do this", "not_steward")


def organisations_of(*, user: User | AnonymousUser) -> QuerySet[Organisation]:
    """The organisations the user is staff of (the ones whose events they may create)."""
    if not user.is_authenticated:
        return Organisation.objects.none()
    return Organisation.objects.filter(staff__user_id=user.pk).distinct()


def require_organiser(*, user: User | AnonymousUser, event: Event) -> None:
    if not is_organiser(user=user, event=event):
        raise NotAllowed("only an organiser of this event can do this", "not_organiser")


def waitlist_position(*, registration: Registration) -> int | None:
    if registration.status != Registration.Status.WAITLISTED:
        return None
    ahead = Registration.objects.filter(event_id=registration.event_id, status=Registration.Status.WAITLISTED)
    return (
        ahead.filter(created_at__lt=registration.created_at).count()
        + ahead.filter(created_at=registration.created_at, id__lte=registration.id).count()
    )


def table_current_sheets(*, table: Table) -> list[ScoreSheet]:
    """The newest version of each seat's sheet, in seating order."""
    return tables_current_sheets(table_ids=[table.pk]).get(table.pk, [])


def results_to_verify(*, table_ids: list[int]) -> QuerySet[TableResult]:
    """The tables' results with their event, the id of their game's active edition (None: the shipped
    default) and whether a seat was forfeited, read in one query: the edition that verifies is the one active
    when the task runs, and the forfeited seats are read only where there are some (rarely)."""
    active = Edition.objects.filter(game=OuterRef("table__round__event__game"), is_active=True)
    return (
        TableResult.objects.select_related("table__round__event")
        .filter(table_id__in=table_ids)
        .annotate(
            active_edition_id=Subquery(active.values("pk")[:1]),
            has_forfeit=Exists(Seat.objects.filter(table_id=OuterRef("table_id"), forfeited=True)),
        )
    )


def tables_current_sheets(*, table_ids: list[int]) -> dict[int, list[ScoreSheet]]:
    """Per table, the newest version of each seat's sheet in seating order, in one query."""
    newest: dict[int, dict[int, ScoreSheet]] = defaultdict(dict)
    for sheet in (
        ScoreSheet.objects.filter(seat__table_id__in=table_ids)
        .select_related("seat")
        .order_by("seat__table_id", "seat__position", "-version")
    ):
        newest[sheet.seat.table_id].setdefault(sheet.seat_id, sheet)
    return {table_id: list(seats.values()) for table_id, seats in newest.items()}


@dataclass(frozen=True)
class ResultToDraft:
    """What finding a table's draft needs of its result: a TableResult row holds more than a rebuild of
    100,000 tables should build objects for."""

    table_id: int
    verdict: TableVerdict
    game: str
    direction: str  # the event's draft_direction

    @classmethod
    def of(cls, result: TableResult) -> "ResultToDraft":
        """From a result loaded with its event."""
        event = result.table.round.event
        return cls(result.table_id, result.table_verdict, event.game, event.draft_direction)


def verdicts_of(*, table_ids: list[int]) -> list[tuple[int, Any]]:
    """(table id, stored verdict) of the tables, as plain values."""
    return list(TableResult.objects.filter(table_id__in=table_ids).values_list("table_id", "verdict"))


@dataclass
class DraftedTable:
    """A drafting table whose whole draft is known: its result, its players and rows in seating order
    (rows[round][seat]) and, built when asked, the draft (games/rebuild.py)."""

    result: ResultToDraft
    players: list[str]
    rows: list[list[list[str]]]

    @cached_property
    def drafts(self) -> list[RoundDraft]:
        return rebuild.rebuild(self.rows, self.result.direction)


def tables_drafted(*, results: Sequence[ResultToDraft]) -> Iterator[DraftedTable]:
    """The results' tables whose draft is known (tournaments/drafted.py, `known_rows`)."""
    sheets = tables_current_rows(table_ids=[r.table_id for r in results])
    for result in results:
        known = drafted.known_rows(result.verdict, sheets.get(result.table_id, []))
        if known is not None:
            yield DraftedTable(result, *known)


def tables_current_rows(*, table_ids: list[int]) -> dict[int, list[tuple[str, list[list[str]]]]]:
    """Per table, each seat's newest sheet in seating order as (player, its four rows of cards). On
    PostgreSQL only those are read out of the stored JSON (a rebuild of the card statistics reads hundreds of
    thousands of sheets); elsewhere the whole sheet. The sheets were read when submitted: their shape is the
    sheet format's."""
    sheets = ScoreSheet.objects.filter(seat__table_id__in=table_ids).order_by(
        "seat__table_id", "seat__position", "-version"
    )
    read: Iterable[tuple[int, int, str, list[list[str]]]]
    if connection.vendor == "postgresql":
        cards = RawSQL("jsonb_path_query_array(data, '$.rounds[*].cards')", (), output_field=JSONField())
        read = sheets.annotate(cards=cards).values_list("seat__table_id", "seat_id", "data__player", "cards")
    else:
        read = (
            (table_id, seat_id, data["player"], [row["cards"] for row in data["rounds"]])
            for table_id, seat_id, data in sheets.values_list("seat__table_id", "seat_id", "data")
        )
    newest: dict[int, dict[int, tuple[str, list[list[str]]]]] = defaultdict(dict)
    for table_id, seat_id, player, rows in read:
        newest[table_id].setdefault(seat_id, (player, rows))
    return {table_id: list(seats.values()) for table_id, seats in newest.items()}


def tables_forfeited_players(*, table_ids: list[int]) -> dict[int, list[str]]:
    """Per table, the handles of its forfeited seats in seating order (one query)."""
    gone: dict[int, list[str]] = defaultdict(list)
    for table_id, handle in (
        Seat.objects.filter(table_id__in=table_ids, forfeited=True)
        .order_by("table_id", "position")
        .values_list("table_id", "player__handle")
    ):
        gone[table_id].append(handle)
    return gone


def event_bye_counts(*, event: Event) -> dict[str, int]:
    counts: dict[str, int] = defaultdict(int)
    for handle in Bye.objects.filter(round__event=event).values_list("player__handle", flat=True):
        counts[handle] += 1
    return counts


def tables_queued() -> QuerySet[TableResult]:
    """Tables waiting for a verification task, oldest first (read through the `tableresult_queue` index)."""
    return TableResult.objects.filter(status=TableResult.Status.PENDING).order_by("updated_at")


def tables_stuck(*, before: datetime) -> QuerySet[TableResult]:
    """Tables still queued or being verified since before `before` (read through the same index)."""
    return TableResult.objects.filter(status__in=TableResult.QUEUED, updated_at__lt=before)


def tables_missing_pick_accuracy(*, before: datetime, since: datetime, limit: int = 500) -> list[int]:
    """Drafting tables whose result counts since between `since` and `before` and that have no pick accuracy
    stored: a task the broker lost. (A table whose draft cannot be rebuilt never has any: the window keeps
    the sweep from sending it for ever.)"""
    drafting = [game.id for game in games.GAMES.values() if game.drafting]
    stored = SeatPickAccuracy.objects.filter(table_id=OuterRef("table_id"))
    missing = TableResult.objects.filter(
        status__in=TableResult.COUNTS, verified_at__lt=before, verified_at__gte=since,
        table__round__event__game__in=drafting,
    ).exclude(Exists(stored))  # fmt: skip
    return list(missing.order_by("table_id").values_list("table_id", flat=True)[:limit])


def rounds_complete_but_running() -> list[int]:
    """Ids of running rounds whose every table has a result that counts: rounds a lost commit left open."""
    open_table = TableResult.objects.filter(table__round=OuterRef("pk")).exclude(status__in=TableResult.COUNTS)
    return list(
        Round.objects.filter(status=Round.Status.RUNNING, tables__isnull=False)
        .exclude(Exists(open_table))
        .distinct()
        .values_list("pk", flat=True)
    )


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


def events_standings(*, events: Sequence[Event]) -> dict[int, list[StandingRow]]:
    """The standings of each event, by event id: three queries however many events."""
    ids = [event.pk for event in events]
    tables: dict[int, list[TableOutcome]] = defaultdict(list)
    results = TableResult.objects.filter(table__round__event_id__in=ids, status__in=TableResult.COUNTS)
    dealt = {event.pk for event in events if event.duplicate_deals}
    rows = results.order_by("table_id").values_list(
        "table__round__event_id", "verdict", "table__round__is_final", "table__round__number"
    )
    for event_id, verdict, is_final, number in rows:  # a result that counts has a verdict
        dealt_round = number if event_id in dealt else None
        outcome = TableOutcome.from_verdict(TableVerdict.read(verdict), is_final=is_final, dealt_round=dealt_round)
        tables[event_id].append(outcome)
    byes = _handles_by_event(
        Bye.objects.filter(round__event_id__in=ids).values_list("round__event_id", "player__handle")
    )
    dropped = _handles_by_event(
        Registration.objects.filter(event_id__in=ids, status=Registration.Status.DROPPED).values_list(
            "event_id", "player__handle"
        )
    )
    return {
        event.pk: standings(
            tables[event.pk],
            points_by_table_size=event.points_by_table_size,
            tie_breaks=event.tie_breaks,
            byes=byes[event.pk],
            bye_worth=Fraction(bye_points(event)).limit_denominator(1000),
            dropped=dropped[event.pk],
        )
        for event in events
    }


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
    """Events; with their organisers' handles (one query more) when they are shown."""
    if not with_organisers:
        return Event.objects.select_related("organisation")
    users = get_user_model().objects.select_related("player").order_by()
    return Event.objects.select_related("organisation").prefetch_related(Prefetch("organisers", queryset=users))


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
    """Registrations in order, each with its `waitlist_position` (None when not waitlisted)."""
    registrations = list(event.registrations.select_related("player").order_by("created_at", "id"))
    position = 0
    for registration in registrations:
        waiting = registration.status == Registration.Status.WAITLISTED
        position += waiting
        registration.waitlist_position = position if waiting else None  # type: ignore[attr-defined]
    return registrations


def event_rounds(*, event: Event) -> QuerySet[Any]:
    return event.rounds.prefetch_related(
        "tables__seats__player", "tables__result", "tables__round", "byes__player"
    ).order_by("number")


def table_list() -> QuerySet[Table]:
    return Table.objects.select_related("round__event", "result").prefetch_related("seats__player")


def table_for_sheets() -> QuerySet[Table]:
    """What a score pad needs: the round, the event and the seated players (two queries)."""
    return Table.objects.select_related("round__event").prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("player"))
    )


def require_at_table_or_organiser(*, user: User | AnonymousUser, table: Table, doing: str) -> None:
    """Refuse (403 `not_at_table`) anyone but a player seated at the table or an organiser of its event."""
    seated = user.is_authenticated and any(seat.player.user_id == user.pk for seat in table.seats.all())
    if not seated and not (user.is_authenticated and is_organiser(user=user, event=table.round.event)):
        raise NotAllowed(f"only a player at this table or an organiser can {doing}", "not_at_table")


def pad_draft(*, table: Table, user: User | AnonymousUser) -> PadDraft:
    """The table's pad draft (an empty one, version 0, before any save), for a player at the table or an
    organiser."""
    require_at_table_or_organiser(user=user, table=table, doing="keep its score pad")
    return PadDraft.objects.select_related("updated_by__player").filter(table=table).first() or PadDraft(table=table)


def pad_submitted_seats(*, table: Table) -> list[dict[str, Any]]:
    """Each seat's newest submitted sheet (a seat object of the sheet format), for a pad to start a
    correction from."""
    newest: dict[int, ScoreSheet] = {}
    for sheet in ScoreSheet.objects.filter(seat__table=table).order_by("seat_id", "-version"):
        newest.setdefault(sheet.seat_id, sheet)
    handles = {seat.pk: seat.player.handle for seat in table.seats.all()}
    return [
        {**sheet.data, "player": handles[seat_id]} for seat_id, sheet in newest.items() if isinstance(sheet.data, dict)
    ]


def newest_sheet_authors(*, seats: Sequence[Seat]) -> dict[int, int | None]:
    """Who entered each seat's newest sheet (user id by seat id; seats without a sheet are absent)."""
    newest: dict[int, int | None] = {}
    rows = (
        ScoreSheet.objects.filter(seat__in=seats)
        .order_by("seat_id", "-version")
        .values_list("seat_id", "entered_by_id")
    )
    for seat_id, entered_by in rows:
        newest.setdefault(seat_id, entered_by)
    return newest


def pad_writable_seats(*, table: Table, user: User) -> list[str]:
    """The seats this person may store from the table's pad: all of them for an organiser; else their own,
    and those whose newest sheet its own player did not enter (the pad keeper's), as
    services.sheets refuses the rest."""
    seats = [seat for seat in table.seats.all() if not seat.forfeited]
    if is_organiser(user=user, event=table.round.event):
        return [seat.player.handle for seat in seats]
    newest = newest_sheet_authors(seats=seats)
    return [
        seat.player.handle for seat in seats
        if seat.player.user_id == user.pk or newest.get(seat.pk) != seat.player.user_id
    ]  # fmt: skip


def seat_sheets(*, seat_id: int) -> QuerySet[ScoreSheet]:
    return ScoreSheet.objects.filter(seat_id=seat_id).select_related("entered_by__player").order_by("-version")


@dataclass
class SubmittedSheets:
    sheets: list[ScoreSheet]
    table_status: str


def sheets_with_table_status(*, sheet_ids: list[int], table_id: int) -> SubmittedSheets:
    """Sheets just stored, re-read (an in-process verification may have marked them) with their table's
    status, in one query."""
    status = TableResult.objects.filter(table_id=table_id).values("status")
    rows = (
        ScoreSheet.objects.filter(pk__in=sheet_ids)
        .select_related("entered_by__player")
        .annotate(table_status=Subquery(status[:1]))
        .order_by("pk")
    )
    sheets: list[ScoreSheet] = list(rows)
    return SubmittedSheets(sheets, str(getattr(sheets[0], "table_status")))  # noqa: B009 (an annotation)


def event_ready_to_close(*, event: Event) -> bool:
    """Whether the running event has played its last round: finished, and the final (or the last planned
    round when the event has no final table)."""
    last = event.rounds.order_by("-number").first()
    if not event.can.close or last is None or not last.can.seat_next:
        return False
    return bool(last.is_final or (last.number >= event.rounds_planned and not event.final_table_size))


def club_member_periods(slug: str) -> dict[int, list[tuple[date, date | None]]]:
    """The club's members (by user id) with the days they were members: a club's leaderboard counts a table
    when the player was a member on the day it was played."""
    periods: dict[int, list[tuple[date, date | None]]] = defaultdict(list)
    for user_id, joined, left in Membership.objects.filter(organisation__slug=slug).values_list(
        "player__user_id", "joined_on", "left_on"
    ):
        periods[user_id].append((joined, left))
    return dict(periods)


def country_player_periods(country: str) -> dict[int, list[tuple[date, date | None]]]:
    """The players of a country (by user id), every table counting."""
    users = Player.objects.filter(country=country.strip().upper()).values_list("user_id", flat=True)
    return {user_id: [(date.min, None)] for user_id in users}


def season_events(*, season: Season) -> tuple[list[tuple[Event, int]], list[Event]]:
    """The season's events in the order played: those that count, with their tier (finished and sanctioned:
    a refused or revoked event does not), and those still to come."""
    tiers = dict(season.season_events.values_list("event_id", "tier"))
    events = Event.objects.filter(pk__in=tiers).order_by("starts_at", "created_at")
    counting = [(e, tiers[e.pk]) for e in events if e.can.show_results and e.sanction == Sanction.SANCTIONED]
    coming = [e for e in events if not e.can.show_results]
    return counting, coming


def season_results(*, season: Season) -> list[EventResult]:
    """The final places of the season's counting events, from the stored results (events_standings): a
    player who dropped keeps the place they reached."""
    counting, _coming = season_events(season=season)
    places = final_places(events=[event for event, _tier in counting])
    return [EventResult(event.pk, tier, places[event.pk]) for event, tier in counting]


def season_computed(*, season: Season) -> list[SeasonRow]:
    """The season's standings computed from its events' final places (what services store)."""
    return seasons.season_standings(season_results(season=season), season.best_of, season.points_table)


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


def demo_user_ids() -> QuerySet[Player, int]:
    """The accounts of the demo's players (official lists and seasons leave them out)."""
    return Player.objects.filter(demo=True).values_list("user_id", flat=True)


def demo_handles(*, handles: Iterable[str]) -> set[str]:
    """Which of these handles are demo players' (one query): the pages mark them."""
    return set(Player.objects.filter(demo=True, handle__in=list(handles)).values_list("handle", flat=True))


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


SEASON_CANDIDATES = 50  # the club's latest events of the season's game offered to join it


def season_candidates(*, season: Season, user: User | AnonymousUser) -> list[Event]:
    """The club's latest events of the season's game not in it yet, for its staff; none for anyone else."""
    if not is_staff_of(user=user, organisation=season.organisation_id):
        return []
    joined = season.season_events.values("event_id")
    events = season.organisation.events.filter(game=season.game).exclude(pk__in=joined)
    return list(events.order_by("-starts_at", "-created_at")[:SEASON_CANDIDATES])


def season_version(*, season_id: int) -> Any:
    """What a season's page shows changes with its stored standings: their time names its state."""
    return Season.objects.filter(pk=season_id).values_list("standings_at", flat=True).first()


def season_standings(*, season: Season, limit: int | None = None, offset: int = 0) -> list[SeasonRow]:
    """The season's standings in order (`limit` rows from `offset`), as stored (services/seasons.py); a
    season from before they were stored is computed."""
    end = None if limit is None else offset + limit
    if season.standings_at is None:
        return season_computed(season=season)[offset:end]
    stored = season.standings.order_by("position").values_list("player__handle", "place", "points", "played", "counted")
    return [_season_row(*values) for values in stored[offset:end]]


def _season_row(player: str, place: int, points: str, played: list[list[Any]], counted: list[int]) -> SeasonRow:
    events = [(event, seasons.exact(p)) for event, p in played]
    return SeasonRow(player, place, seasons.exact(points), events, frozenset(counted))


def season_places(*, season: Season) -> list[SeasonRow]:
    """Every row of the season's standings with its player and place only (no points): enough to count the
    rows and to hand out qualifier slots."""
    if season.standings_at is None:
        return season_computed(season=season)
    stored = season.standings.order_by("position").values_list("player__handle", "place")
    return [SeasonRow(player, place) for player, place in stored]


def player_season_rows(*, player: Player, seasons_in: Sequence[Season]) -> dict[int, SeasonRow]:
    """The player's row in each of these seasons where they have one, by season id (one query)."""
    stored = SeasonStanding.objects.filter(player=player, season__in=[s for s in seasons_in if s.standings_at])
    rows = {
        season_id: _season_row(player.handle, *values)
        for season_id, *values in stored.values_list("season_id", "place", "points", "played", "counted")
    }
    for season in seasons_in:
        if season.standings_at is None:
            row = next((r for r in season_computed(season=season) if r.player == player.handle), None)
            if row is not None:
                rows[season.pk] = row
    return rows


def season_qualified(*, season: Season, standings: list[SeasonRow] | None = None) -> list[str]:
    """The handles holding the season's qualifier slots: by place, minus those who declined and those who
    qualified in an earlier season of the same circuit (one organisation's seasons sharing a circuit name,
    earlier by end date)."""
    if not season.qualifiers:
        return []
    taken: set[str] = set()
    if season.circuit:
        earlier = (
            Season.objects.filter(
                organisation_id=season.organisation_id, circuit=season.circuit, ends_on__lte=season.ends_on
            )
            .exclude(pk=season.pk)
            .exclude(ends_on=season.ends_on, pk__gt=season.pk)
        )
        for other in earlier.order_by("ends_on", "pk"):
            taken |= set(season_qualified(season=other))
    declined = set(season.declines.values_list("player__handle", flat=True))
    rows = standings if standings is not None else season_places(season=season)
    return seasons.qualifiers(rows, season.qualifiers, taken, declined)


CARD_SORTS = ("card", "taken", "take_rate", "mean_pick", "uplift", "seats")


@dataclass(frozen=True)
class CardRow:
    """One card's line on the statistics page: its name in the edition and its figures."""

    name: str
    figures: card_stats.CardFigures

    def to_json(self) -> dict[str, Any]:
        f = self.figures
        return {
            "card": f.card, "name": self.name, "taken": f.taken, "offered": f.offered, "take_rate": f.take_rate,
            "mean_pick": f.mean_pick, "points": f.points, "seats": f.seats, "uplift": f.uplift,
            "uplift_low": f.uplift_low, "uplift_high": f.uplift_high,
        }  # fmt: skip


def card_statistics(*, game: str, players: int | None = None, sort: str = "mean_pick") -> list[CardRow]:
    """Every card of the game's edition with its figures over the verified tables of sanctioned events (all
    player counts, or one), read from the lines kept up to date (services/card_stats.py): one query."""
    if game not in games.GAMES:
        raise NotFound(f"unknown game {game!r}; known games: {', '.join(games.GAMES)}")
    rules = games.GAMES[game]
    if rules.drafting is None:
        raise DomainError(f"{rules.name} is not drafted: it has no card statistics", "not_drafted", "game")
    if sort not in CARD_SORTS:
        raise DomainError(f"sort is one of {', '.join(CARD_SORTS)}", "invalid_sort", "sort")
    stored = CardStat.objects.filter(game=game)
    stored = stored if players is None else stored.filter(players=players)
    tally = card_stats.Tally(
        {(row.players, card): card_stats.CardLine.from_json(line) for row in stored for card, line in row.lines.items()}
    )
    counts = sorted({p for p, _card in tally.lines}) if players is None else [players]
    deck = rules.default_edition()
    rows = [CardRow(card.name, card_stats.figures(tally, card.id, counts)) for card in deck.cards]
    return sorted(rows, key=_card_order(sort))


def card_statistics_tables(*, game: str) -> int:
    """How many tables the game's card statistics are made of, from the kept lines (a table of N players adds
    N seats to its player count's every-seat line), not a count of the stored tallies."""
    every_seat = (
        card_stats.CardLine.from_json(lines[card_stats.ALL_SEATS]).seats // players
        for players, lines in CardStat.objects.filter(game=game).values_list("players", "lines")
        if card_stats.ALL_SEATS in lines
    )
    return sum(every_seat)


def _card_order(sort: str) -> Any:
    """Missing figures (a card never seen) last; the most wanted first (an earlier pick, a higher rate)."""

    def key(row: CardRow) -> tuple[Any, ...]:
        if sort == "card":
            return (0, row.name.casefold(), row.name)
        value = getattr(row.figures, sort)
        if value is None:
            return (1, 0, row.name)
        return (0, value if sort == "mean_pick" else -value, row.name)

    return key


@dataclass(frozen=True)
class RoundPicks:
    """One round of a seat's picks: how many of its choices were the best, and the costliest pick."""

    round: int
    choices: int
    best_picks: int
    points_lost: int
    costliest_card: str | None  # the card's name as the edition names it; None when every pick was the best
    costliest_cost: int


@dataclass(frozen=True)
class SeatPicks:
    player: str
    choices: int
    best_picks: int
    points_lost: int
    rounds: list[RoundPicks]


def table_pick_accuracy(*, table: Table) -> list[SeatPicks]:
    """Each seat's pick accuracy at a table whose result counts, in seating order (docs/rules.md, "Pick
    accuracy"); empty before the task has stored it, or for a table whose draft is not known."""
    position = dict(Seat.objects.filter(table=table).values_list("player_id", "position"))
    rows = sorted(
        SeatPickAccuracy.objects.filter(table=table, table__result__status__in=TableResult.COUNTS).select_related(
            "player"
        ),
        key=lambda row: position.get(row.player_id, 0),
    )
    if not rows:
        return []
    game = table.round.event.game
    names = {card.id: card.name for card in edition_rules_data(game=game, edition=edition_active(game=game)).cards}
    return [
        SeatPicks(row.player.handle, row.choices, row.best_picks, row.points_lost, _round_picks(row.rounds, names))
        for row in rows
    ]


def _round_picks(rounds: list[list[list[Any]]], names: dict[str, str]) -> list[RoundPicks]:
    lines = []
    for number, picks in enumerate(rounds, start=1):
        costs = [(best - points, taken) for _pick, taken, points, best, _best_card in picks]
        cost, card = max(costs, key=lambda c: c[0], default=(0, None))
        lines.append(
            RoundPicks(
                number, len(picks), sum(c == 0 for c, _ in costs), sum(c for c, _ in costs),
                names.get(card, card) if card and cost else None, cost,
            )
        )  # fmt: skip
    return lines


@dataclass(frozen=True)
class EventPicks:
    event_id: int
    name: str
    when: date | None
    choices: int
    best_picks: int
    points_lost: int
    tables: int


@dataclass(frozen=True)
class GamePicks:
    """A player's pick accuracy in one drafting edition: over every counted table, and event by event for
    their last PICK_EVENTS events."""

    game: str
    choices: int
    best_picks: int
    points_lost: int
    tables: int
    events: list[EventPicks]  # oldest first

    @property
    def best_rate(self) -> float:
        return self.best_picks / self.choices if self.choices else 0.0

    @property
    def lost_per_round(self) -> float:
        return self.points_lost / (self.tables * 4) if self.tables else 0.0


PICK_EVENTS = 20


def player_pick_accuracy(*, player: Player) -> list[GamePicks]:
    """The player's pick accuracy by drafting edition: totals in one grouped query, and their last
    PICK_EVENTS events' in another (so the page costs the same after 500 events as after 5)."""
    counted = SeatPickAccuracy.objects.filter(player=player, table__result__status__in=TableResult.COUNTS)
    sums = {"choices": Sum("choices"), "best": Sum("best_picks"), "lost": Sum("points_lost"), "tables": Count("id")}
    totals = counted.values("table__round__event__game").annotate(**sums).order_by("table__round__event__game")
    recent = (
        counted.values("table__round__event_id", "table__round__event__name", "table__round__event__game",
                       "table__round__event__starts_at", "table__round__event__created_at")
        .annotate(**sums)
        .order_by("-table__round__event__created_at", "-table__round__event_id")[:PICK_EVENTS]
    )  # fmt: skip
    games_of: dict[str, list[EventPicks]] = defaultdict(list)
    for row in reversed(list(recent)):
        moment = row["table__round__event__starts_at"] or row["table__round__event__created_at"]
        games_of[row["table__round__event__game"]].append(
            EventPicks(
                row["table__round__event_id"], row["table__round__event__name"], moment.date() if moment else None,
                row["choices"], row["best"], row["lost"], row["tables"],
            )
        )  # fmt: skip
    return [
        GamePicks(row["table__round__event__game"], row["choices"], row["best"], row["lost"], row["tables"],
                  games_of[row["table__round__event__game"]])
        for row in totals
    ]  # fmt: skip


def player_of_handle(*, handle: str) -> Player:
    """The player with this handle, or a 404 naming it."""
    player = Player.objects.filter(handle=handle).first()
    if player is None:
        raise NotFound(f"no player has the handle {handle!r}")
    return player


def player_pick_accuracy_tables(*, player: Player, game: str | None = None) -> QuerySet[SeatPickAccuracy]:
    """The player's stored pick accuracy a table, newest first, for the API."""
    rows = SeatPickAccuracy.objects.filter(player=player, table__result__status__in=TableResult.COUNTS)
    if game:
        rows = rows.filter(table__round__event__game=game)
    return rows.select_related("table__round__event").order_by("-table__round__event__created_at", "-table_id")


def counting_table_ids(*, game: str, rated_only: bool = False) -> list[int]:
    """The ids of the game's tables whose result counts (`rated_only`: of sanctioned, rated events), oldest
    first."""
    results = TableResult.objects.filter(status__in=TableResult.COUNTS, table__round__event__game=game)
    if rated_only:
        results = results.filter(table__round__event__rated=True, table__round__event__sanction=Sanction.SANCTIONED)
    return list(results.order_by("table_id").values_list("table_id", flat=True))
