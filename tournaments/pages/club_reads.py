"""What the club and steward pages read: a club's events, staff, players and their leaderboard per game, and
the steward's queue with the signals that help judge an event (docs/rules.md, "Sanctions")."""

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import timedelta
from fractions import Fraction
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import Max, Min, Q
from django.shortcuts import get_object_or_404
from django.utils import timezone
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

import games
from config.paging import page_count
from ratings.selectors.leaderboards import pools_of_games
from ratings.selectors.within import leaderboards_within
from tournaments.models import (
    Event,
    JoinRequest,
    Membership,
    Organisation,
    Player,
    ResultChange,
    Sanction,
    SanctionDecision,
    ScoreSheet,
    Season,
    SeasonEvent,
    SeasonStanding,
    Seat,
    Staff,
    TableResult,
)
from tournaments.pages.text import points_text
from tournaments.seasons import SeasonRow
from tournaments.selectors.draft_hints import FeedingHint, PerfectHint, event_draft_hints
from tournaments.selectors.permissions import is_a_steward, stewarded_games
from tournaments.selectors.seasons import (
    club_member_periods,
    player_season_rows,
    season_events,
    season_places,
    season_qualified,
    season_standings,
)

NEW_ACCOUNT = timedelta(days=30)
# A steward's heuristic, not a rule of any game: no table of these games is played in under ten minutes.
TOO_FAST = timedelta(minutes=10)
Board = list[tuple[str, float, int]]  # (handle, conservative rating, games)


@dataclass
class ClubPage:
    organisation: Organisation
    staff: list[Staff]
    coming: list[Event]  # the next CLUB_COMING
    past: list[Event]  # the last RECENT_PAST finished events, or one page of PAST_PAGE of them when asked
    more_past: bool  # finished events left out
    members: list[Membership]  # the first CLUB_MEMBERS by handle
    seasons: list[Season]  # the newest CLUB_SEASONS
    leaderboards: dict[str, Board]  # by game
    is_staff: bool
    is_owner: bool
    members_count: int = 0
    join_requests: list[JoinRequest] = field(default_factory=list)  # waiting, for the staff to decide
    can_ask_to_join: bool = False  # a signed-in player, neither a member nor waiting
    asked_to_join: bool = False
    past_page: int = 0  # 0: the recent ones; else this page of every past event
    past_pages: int = 1
    is_steward: bool = False  # may trust its corrections of sanctioned results


RECENT_PAST = 20  # a club's page lists its last 20 finished events; `?events=1` (2, ...) pages through them all
PAST_PAGE = 100
CLUB_COMING, CLUB_MEMBERS, CLUB_SEASONS = 50, 500, 50  # every list of the page is bounded


def club_page(*, slug: str, user: User | AnonymousUser, past_page: int = 0) -> ClubPage:
    """The club's page: the events to come, its last finished ones (or a page of all of them), seasons, its
    members' leaderboards and its members, each list bounded. The same cost after 5 events or 500
    (bench/pages.py club)."""
    organisation = get_object_or_404(Organisation, slug=slug)
    finished = Event.machine.sources("show_results")
    by_date = organisation.events.order_by("-starts_at", "-created_at")
    past_events = by_date.filter(status__in=finished)
    if past_page:
        past_pages = page_count(past_events.count(), PAST_PAGE)
        past_page = min(past_page, past_pages)
        past = list(past_events[(past_page - 1) * PAST_PAGE : past_page * PAST_PAGE])
        more_past = False
    else:
        past_pages = 1
        past = list(past_events[: RECENT_PAST + 1])  # one more: are there more?
        more_past = len(past) > RECENT_PAST
        past = past[:RECENT_PAST]
    staff = list(organisation.staff.select_related("user__player").order_by("role", "id"))
    current = organisation.memberships.filter(left_on=None)
    members = list(current.select_related("player").order_by("player__handle")[:CLUB_MEMBERS])
    coming = by_date.exclude(status__in=finished)
    if not _staff(staff, user):
        coming = coming.exclude(status=Event.Status.DRAFT)
    return ClubPage(
        organisation=organisation,
        staff=staff,
        coming=list(coming[:CLUB_COMING]),
        past=past,
        more_past=more_past,
        members=members,
        seasons=list(organisation.seasons.order_by("-starts_on")[:CLUB_SEASONS]),
        members_count=len(members) if len(members) < CLUB_MEMBERS else current.count(),
        past_page=past_page,
        past_pages=past_pages,
        **_joining(organisation, user, staff, current),
        leaderboards=_club_leaderboards(organisation),
        is_staff=_staff(staff, user),
        is_owner=any(s.user_id == user.pk and s.role == Staff.Role.OWNER for s in staff),
        is_steward=is_a_steward(user=user),
    )


def _joining(
    organisation: Organisation, user: User | AnonymousUser, staff: list[Staff], current: Any
) -> dict[str, Any]:
    """The join requests waiting (for the staff) and whether this visitor may ask, or asked already."""
    waiting = organisation.join_requests.filter(status=JoinRequest.Status.PENDING)
    requests = list(waiting.select_related("player")[:CLUB_MEMBERS]) if _staff(staff, user) else []
    player = Player.objects.filter(user_id=user.pk).first() if user.is_authenticated else None
    if player is None or player.guest:
        return {"join_requests": requests}
    asked = waiting.filter(player=player).exists()
    member = current.filter(player=player).exists()
    return {"join_requests": requests, "asked_to_join": asked, "can_ask_to_join": not (asked or member)}


def _staff(staff: list[Staff], user: User | AnonymousUser) -> bool:
    return bool(user.is_authenticated and any(s.user_id == user.pk for s in staff))


def _club_leaderboards(organisation: Organisation, top: int = 10) -> dict[str, Board]:
    """Per game, its members' ratings counting the tables each played as a member, best first (one query
    for every game's board)."""
    periods = club_member_periods(organisation.slug)
    pools = pools_of_games(games=games.GAMES) if periods else []
    boards = leaderboards_within(pools=pools, periods=periods)
    return {
        pool.game: [(r.name, r.conservative, r.games) for r in boards[pool.pk][:top]]
        for pool in sorted(pools, key=lambda pool: list(games.GAMES).index(pool.game))
        if boards[pool.pk]
    }


@dataclass
class Signals:
    """What a steward looks at before sanctioning an event."""

    players: int = 0
    new_accounts: list[str] = field(default_factory=list)  # created in the last 30 days
    closed_circle: list[str] = field(default_factory=list)  # players who have only ever met each other
    fast_tables: list[tuple[int, int, int]] = field(default_factory=list)  # (round, table, minutes)
    one_keeper_tables: list[tuple[int, int, str]] = field(default_factory=list)  # (round, table, who entered all)
    overridden_tables: list[tuple[int, int, str]] = field(default_factory=list)  # (round, table, the reason)
    imported_from: str = ""  # an imported event: where its archive came from
    feeding: list[FeedingHint] = field(default_factory=list)  # a player passing a neighbour points
    perfect_picks: list[PerfectHint] = field(default_factory=list)  # every pick the best, unlike before


@dataclass
class Waiting:
    event: Event
    signals: Signals
    can_sanction: bool  # not while it runs: before its start or after its finish
    last_decision: SanctionDecision | None


@dataclass
class ChangeShown:
    """A change of a sanctioned event's results as the stewards' queue shows it: its steps and the places of
    the players whose place moved, before and after."""

    change: ResultChange
    moved: list[tuple[str, int | None, int | None]]  # (handle, place before, place after)

    @classmethod
    def of(cls, change: ResultChange) -> "ChangeShown":
        before, after = dict(map(tuple, change.before)), dict(map(tuple, change.after))
        moved = [(handle, before.get(handle), after.get(handle)) for handle in sorted(set(before) | set(after))
                 if before.get(handle) != after.get(handle)]  # fmt: skip
        return cls(change, sorted(moved, key=lambda row: (row[2] or 0, row[0])))


def steward_queue(*, user: User | AnonymousUser) -> list[Waiting]:
    """Events waiting for a sanction in the games the user stewards, oldest first."""
    mine = stewarded_games(user=user)
    events = Event.objects.filter(sanction=Sanction.WAITING, game__in=mine, rated=True).select_related("organisation")
    return [
        Waiting(event, event_signals(event=event), event.can.sanction, event.sanction_decisions.first())
        for event in events.order_by("created_at")[:100]
    ]


def event_signals(*, event: Event) -> Signals:
    seats = list(Seat.objects.filter(table__round__event=event).select_related("player__user", "table__round"))
    people = {s.player for s in seats} or {r.player for r in event.registrations.select_related("player__user")}
    since = timezone.now() - NEW_ACCOUNT
    feeding, perfect_picks = event_draft_hints(event=event)
    return Signals(
        players=len(people),
        new_accounts=sorted(p.handle for p in people if p.user.date_joined >= since),
        closed_circle=_closed_circle({p.pk for p in people}),
        fast_tables=_fast_tables(event),
        one_keeper_tables=_one_keeper_tables(event),
        overridden_tables=_overridden_tables(event),
        imported_from=event.imported_from or ("an archive" if event.results_hash else ""),
        feeding=feeding,
        perfect_picks=perfect_picks,
    )


def _overridden_tables(event: Event) -> list[tuple[int, int, str]]:
    """Tables whose result an organiser set by hand, with the reason they gave (an imported archive's too)."""
    rows = TableResult.objects.filter(table__round__event=event, status="overridden").values_list(
        "table__round__number", "table__number", "override_reason"
    )
    return sorted(rows)


def _closed_circle(player_ids: set[int]) -> list[str]:
    """The players whose every opponent, at every table they ever sat, is one of these players."""
    if not player_ids:
        return []
    tables = Seat.objects.filter(player_id__in=player_ids).values_list("table_id", flat=True)
    met: dict[int, set[int]] = defaultdict(set)
    at_table: dict[int, set[int]] = defaultdict(set)
    for table_id, player_id in Seat.objects.filter(table_id__in=tables).values_list("table_id", "player_id"):
        at_table[table_id].add(player_id)
    for players in at_table.values():
        for player in players & player_ids:
            met[player] |= players - {player}
    closed = [player for player, others in met.items() if others and others <= player_ids]
    return sorted(Player.objects.filter(pk__in=closed).values_list("handle", flat=True))


def _fast_tables(event: Event) -> list[tuple[int, int, int]]:
    """Tables whose last sheet came in less than TOO_FAST after the round was seated (or started)."""
    rows = (
        ScoreSheet.objects.filter(seat__table__round__event=event)
        .values("seat__table__round__number", "seat__table__number", "seat__table__round__created_at",
                "seat__table__round__started_at")
        .annotate(last=Max("entered_at"))
    )  # fmt: skip
    fast = []
    for row in rows:
        began = row["seat__table__round__started_at"] or row["seat__table__round__created_at"]
        took = row["last"] - began
        if took < TOO_FAST:
            fast.append(
                (row["seat__table__round__number"], row["seat__table__number"], int(took.total_seconds() // 60))
            )
    return sorted(fast)


def _one_keeper_tables(event: Event) -> list[tuple[int, int, str]]:
    """Tables of three or more seats whose every sheet one account entered (a pad, or one person typing all)."""
    rows = (
        ScoreSheet.objects.filter(seat__table__round__event=event)
        .values("seat__table__round__number", "seat__table__number")
        .annotate(first=Min("entered_by__username"), last=Max("entered_by__username"), seats=Max("seat__position"))
    )
    return sorted(
        (row["seat__table__round__number"], row["seat__table__number"], row["first"])
        for row in rows
        if row["first"] and row["first"] == row["last"] and row["seats"] >= 3
    )


@dataclass
class SeasonPage:
    season: Season
    lines: list[tuple[SeasonRow, SafeString]]  # this page's players, their cells one per column shown
    columns: list[Event]  # this page's columns: events that counted so far, in the order played
    coming: list[Event]  # the next events still to play (the first COMING_SHOWN)
    qualified: set[str]
    players: int  # in the standings
    page: int = 1  # of players
    pages: int = 1
    events_page: int = 1  # of columns
    events_pages: int = 1
    first_column: int = 0  # how many columns earlier pages hold
    more_coming: int = 0

    @property
    def players_query(self) -> str:
        """What a link to another page of players keeps: this page of columns."""
        return f"events={self.events_page}&"

    @property
    def events_query(self) -> str:
        return f"page={self.page}&"


SEASON_ROWS = 100  # players a page
SEASON_COLUMNS = 20  # events a page of columns: the matrix stays readable and bounded at any season's size
COMING_SHOWN = 20


def season_page(*, season_id: int, page: int = 1, events_page: int = 1) -> SeasonPage:
    """One page of the season's stored standings (SEASON_ROWS players) by one page of its events
    (SEASON_COLUMNS columns), read as stored, not computed: bounded whatever the season's size."""
    season = get_object_or_404(Season.objects.select_related("organisation"), pk=season_id)
    counting, coming = season_events(season=season)
    places = season_places(season=season)
    pages, events_pages = page_count(len(places), SEASON_ROWS), page_count(len(counting), SEASON_COLUMNS)
    page, events_page = min(page, pages), min(events_page, events_pages)
    first = (events_page - 1) * SEASON_COLUMNS
    columns = [event for event, _tier in counting[first : first + SEASON_COLUMNS]]
    shown = season_standings(season=season, limit=SEASON_ROWS, offset=(page - 1) * SEASON_ROWS)
    not_counted, texts = escape(_("not counted")), dict[Fraction | int, str]()
    column_of = {event.pk: i for i, event in enumerate(columns)}
    lines = [(row, _cells(row, column_of, texts, not_counted)) for row in shown]
    qualified = set(season_qualified(season=season, standings=places))
    return SeasonPage(season, lines, columns, coming[:COMING_SHOWN], qualified, len(places), page, pages,
                      events_page, events_pages, first, max(0, len(coming) - COMING_SHOWN))  # fmt: skip


def _cells(row: SeasonRow, column_of: dict[int, int], texts: dict[Fraction | int, str], not_counted: str) -> SafeString:
    """The row's cells, one per column: its points there, struck through when they do not count. Built here
    rather than by the template (a hundred rows of forty columns cost the page more than all the rest), each
    distinct number written once a page (`texts`)."""
    cells = ['<td class="num"></td>'] * len(column_of)
    for i, (event, points) in enumerate(row.played):
        column = column_of.get(event)
        if column is None:
            continue
        text = texts.get(points)
        if text is None:  # digits, a sign, the language's decimal mark
            text = texts[points] = str(points) if isinstance(points, int) else points_text(points)
        counted = i in row.counted
        cells[column] = (
            f'<td class="num">{text}</td>' if counted else f'<td class="num"><s title="{not_counted}">{text}</s></td>'
        )
    return mark_safe("".join(cells))


def seasons_of(*, player: Player, limit: int = 5) -> list[tuple[Season, SeasonRow | None]]:
    """The newest seasons the player stands in or has entered an event of still to be played, with their row
    (place and points) where they have one. Read from their stored rows and their unfinished entries, not by
    joining every event they ever played: the same cost after 5 events or 500."""
    standing = SeasonStanding.objects.filter(player=player).values("season_id")
    unfinished = Event.objects.exclude(status__in=Event.machine.sources("show_results"))
    entered = SeasonEvent.objects.filter(event__in=unfinished.filter(registrations__player=player).values("pk")).values(
        "season_id"
    )
    older = SeasonEvent.objects.filter(  # seasons whose standings were never stored (computed when read)
        season__standings_at__isnull=True, event__registrations__player=player
    ).values("season_id")
    found = Season.objects.filter(Q(pk__in=standing) | Q(pk__in=entered) | Q(pk__in=older))
    newest = list(found.select_related("organisation").order_by("-starts_on", "-pk")[:limit])
    rows = player_season_rows(player=player, seasons_in=newest)
    return [(season, rows.get(season.pk)) for season in newest]
