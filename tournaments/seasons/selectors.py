"""Seasons: their events, members' periods, computed and stored standings, who qualified."""

import hashlib
from collections import defaultdict
from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, overload

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import Count, Q, QuerySet

from config.page_cache import remembered
from ratings.selectors.chances import skills_of
from ratings.selectors.leaderboards import pool_of_game
from tournaments.models import Event, Player, Registration, Sanction
from tournaments.seasons import points as seasons
from tournaments.seasons.models import Season, SeasonScore, SeasonStanding
from tournaments.seasons.odds import ComingEvent, season_odds
from tournaments.seasons.points import EventResult, SeasonRow
from tournaments.seasons.tonight import Tonight, season_tonight
from tournaments.selectors.events import final_places
from tournaments.selectors.permissions import is_staff_of


def season_events(*, season: Season) -> tuple[list[tuple[Event, int]], list[Event]]:
    """The season's events in the order played: those that count, with their tier (finished and sanctioned:
    a refused or revoked event does not), and those still to come."""
    tiers = dict(season.season_events.values_list("event_id", "tier"))
    events = Event.objects.filter(pk__in=tiers).order_by("starts_at", "created_at", "pk")
    counting = [(e, tiers[e.pk]) for e in events if e.can.show_results and e.sanction == Sanction.SANCTIONED]
    coming = [e for e in events if not e.can.show_results]
    return counting, coming


def season_event_counts(*, season: Season) -> tuple[int, int, int]:
    """How many of the season's events count, how many are still to come, and how many are finished but wait
    for a steward's sanction before they count: counted by the database, so a season's page costs the same at
    ten events or ten thousand."""
    shown = Event.machine.sources("show_results")
    counts = Event.objects.filter(season_entries__season=season).aggregate(
        counting=Count("pk", filter=Q(status__in=shown, sanction=Sanction.SANCTIONED)),
        coming=Count("pk", filter=~Q(status__in=shown)),
        waiting=Count("pk", filter=Q(status__in=shown, sanction=Sanction.WAITING)),
    )
    return counts["counting"], counts["coming"], counts["waiting"]


def season_counting(*, season: Season) -> QuerySet[Event]:
    """The season's counting events (finished and sanctioned), in the order played."""
    return _season_events(season)[0]


def season_columns(*, season: Season, first: int, size: int) -> list[Event]:
    """`size` of the season's counting events from the `first`, in the order played."""
    return list(_season_events(season)[0][first : first + size])


def season_coming(*, season: Season, size: int) -> list[Event]:
    """The season's first `size` events still to come."""
    return list(_season_events(season)[1][:size])


def _season_events(season: Season) -> tuple[QuerySet[Event], QuerySet[Event]]:
    """The season's counting events (finished and sanctioned) and those still to come, in the order played."""
    events = Event.objects.filter(season_entries__season=season).order_by("starts_at", "created_at", "pk")
    shown = Event.machine.sources("show_results")
    return events.filter(status__in=shown, sanction=Sanction.SANCTIONED), events.exclude(status__in=shown)


def season_results(*, season: Season) -> list[EventResult]:
    """The final places of the season's counting events, from the stored results (events_standings): a
    player who dropped keeps the place they reached."""
    counting, _coming = season_events(season=season)
    places = final_places(events=[event for event, _tier in counting])
    return [EventResult(event.pk, tier, places[event.pk]) for event, tier in counting]


def season_computed(*, season: Season) -> list[SeasonRow]:
    """The season's standings computed from its events' final places (what services store)."""
    return seasons.season_standings(season_results(season=season), season.best_of, season.points_table)


SEASON_CANDIDATES = 50  # the club's latest events of the season's game offered to join it


def season_candidates(*, season: Season, user: User | AnonymousUser) -> list[Event]:
    """The latest events of the season's game not in it yet that its staff may add (the club's own; a
    federation's season: its member clubs' too, or any club's), for its staff; none for anyone else."""
    if not is_staff_of(user=user, organisation=season.organisation_id):
        return []
    joined = season.season_events.values("event_id")
    whose = Q(organisation=season.organisation_id)
    if season.takes_events_of == "members":
        whose |= Q(organisation__federation=season.organisation_id)
    elif season.takes_events_of == "any":
        whose = Q()
    events = Event.objects.filter(whose, game=season.game).exclude(pk__in=joined)
    return list(events.order_by("-starts_at", "-created_at")[:SEASON_CANDIDATES])


def season_version(*, season_id: int) -> Any:
    """What a season's page shows changes with its stored standings (their time names their state) and its
    final."""
    return Season.objects.filter(pk=season_id).values_list("standings_at", "final_id").first()


def season_standings(
    *, season: Season, limit: int | None = None, offset: int = 0, events: Collection[int] | None = None,
    counted_only: bool = False,
) -> list[SeasonRow]:  # fmt: skip
    """The season's standings in order (`limit` rows from `offset`), as stored (services.py), each row's
    `played` holding its points in `events` (None: in every event), or only those that count: a page of
    rows reads its own scores, never the whole season's. A season from before they were stored is computed."""
    end = None if limit is None else offset + limit
    if season.standings_at is None:
        return [_restricted(row, events, counted_only) for row in season_computed(season=season)[offset:end]]
    stored = season.standings.order_by("position").values_list("player__handle", "place", "points", "events_played")
    rows = [SeasonRow(h, place, seasons.exact(p), events_played=n) for h, place, p, n in stored[offset:end]]
    return season_scores(season=season, rows=rows, events=events, counted_only=counted_only)


def season_scores(
    *, season: Season, rows: list[SeasonRow], events: Collection[int] | None = None, counted_only: bool = False
) -> list[SeasonRow]:
    """These stored rows with their points in `events` (None: every event), or only those that count."""
    if season.standings_at is None:
        return rows  # computed: they hold their events already
    scores = SeasonScore.objects.filter(season=season, player__handle__in=[row.player for row in rows])
    if events is not None:
        scores = scores.filter(event_id__in=events)
    if counted_only:
        scores = scores.filter(counted=True)
    by_player: dict[str, list[tuple[int, str, bool]]] = defaultdict(list)
    order = ("event__starts_at", "event__created_at", "event_id")
    for handle, event, points, counted in scores.order_by(*order).values_list(
        "player__handle", "event_id", "points", "counted"
    ):
        by_player[handle].append((event, points, counted))
    for row in rows:
        mine = by_player[row.player]
        row.played = [(event, seasons.exact(points)) for event, points, _counted in mine]
        row.counted = frozenset(i for i, (_event, _points, counted) in enumerate(mine) if counted)
    return rows


def _restricted(row: SeasonRow, events: Collection[int] | None, counted_only: bool) -> SeasonRow:
    """A computed row with only the scores asked for."""
    kept = [
        (i, score) for i, score in enumerate(row.played)
        if (events is None or score[0] in events) and (not counted_only or i in row.counted)
    ]  # fmt: skip
    counted = frozenset(j for j, (i, _score) in enumerate(kept) if i in row.counted)
    return SeasonRow(row.player, row.place, row.points, [score for _i, score in kept], counted, len(row.played))


class StandingsPages(Sequence[SeasonRow]):
    """The season's standings as the API's paginator reads them: counted by the database, each page read
    with its own scores (`season_standings`)."""

    def __init__(self, season: Season, counted_only: bool) -> None:
        self.season, self.counted_only = season, counted_only

    def __len__(self) -> int:
        if self.season.standings_at is None:
            return len(season_computed(season=self.season))
        return self.season.standings.count()

    @overload
    def __getitem__(self, index: int) -> SeasonRow: ...
    @overload
    def __getitem__(self, index: slice) -> list[SeasonRow]: ...
    def __getitem__(self, index: int | slice) -> SeasonRow | list[SeasonRow]:
        if isinstance(index, int):
            return self[index : index + 1][0]
        start, stop = index.start or 0, index.stop
        return season_standings(season=self.season, limit=None if stop is None else stop - start, offset=start,
                                counted_only=self.counted_only)  # fmt: skip

    def __iter__(self) -> Iterator[SeasonRow]:
        return iter(self[0:])


def season_places(*, season: Season) -> list[SeasonRow]:
    """Every row of the season's standings with its totals, not its events: enough to count the rows, to
    hand out qualifier slots and to show a page of them (`season_scores` adds their events)."""
    if season.standings_at is None:
        return season_computed(season=season)
    stored = season.standings.order_by("position").values_list("player__handle", "place", "points", "events_played")
    return [SeasonRow(h, place, seasons.exact(points), events_played=n) for h, place, points, n in stored]


def player_season_rows(*, player: Player, seasons_in: Sequence[Season]) -> dict[int, SeasonRow]:
    """The player's row in each of these seasons where they have one, by season id (one query)."""
    stored = SeasonStanding.objects.filter(player=player, season__in=[s for s in seasons_in if s.standings_at])
    rows = {
        season_id: SeasonRow(player.handle, place, seasons.exact(points), events_played=played)
        for season_id, place, points, played in stored.values_list("season_id", "place", "points", "events_played")
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
    taken, declined = _circuit_taken(season), _declined(season)
    rows = standings if standings is not None else season_places(season=season)
    return seasons.qualifiers(rows, season.qualifiers, taken, declined)


def _declined(season: Season) -> set[str]:
    return set(season.declines.values_list("player__handle", flat=True))


def _circuit_taken(season: Season) -> set[str]:
    """The players who qualified in an earlier season of the same circuit: not in this one's slots."""
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
    return taken


ODDS_SAMPLES = 200  # simulated seasons: a chance is within about 3.5 points


@dataclass(frozen=True)
class PlayerOdds:
    """A player's chances (seasons/odds.py) and what they need at the season's next event (seasons/tonight.py:
    None when there is no coming event or no qualifier slot, or they qualified elsewhere or declined)."""

    player: str
    qualify: float
    win: float
    tonight: Tonight | None


def season_odds_now(*, season: Season, samples: int = ODDS_SAMPLES) -> list[PlayerOdds]:
    """Each player's chance to qualify and to win the season, its coming events simulated from the ratings
    (seasons/odds.py), and their need at its next event, in the order of the standings now."""
    _counting, coming = season_events(season=season)
    tiers = dict(season.season_events.values_list("event_id", "tier"))
    entrants: dict[int, list[str]] = {event.pk: [] for event in coming}
    for event_id, handle in Registration.objects.filter(event__in=coming, status__in=Registration.HOLDS_A_PLACE
                                                        ).values_list("event_id", "player__handle"):  # fmt: skip
        entrants[event_id].append(handle)
    played = season_results(season=season)
    handles = {p for r in played for p in r.places} | {h for names in entrants.values() for h in names}
    users = dict(Player.objects.filter(handle__in=handles).values_list("handle", "user_id"))
    pool = pool_of_game(game=season.game)
    skills = skills_of(pool=pool, player_ids=list(users.values())) if pool else {}
    default = (pool.mu, pool.sigma) if pool else (25.0, 25.0 / 3)
    events = [ComingEvent(e.pk, tiers.get(e.pk, 1), tuple(sorted(entrants[e.pk]))) for e in coming]
    rules: dict[str, Any] = {"best_of": season.best_of, "table": season.points_table, "slots": season.qualifiers,
             "taken": _circuit_taken(season), "declined": _declined(season)}  # fmt: skip
    odds = season_odds(
        played=played, coming=events, skills={handle: skills[user] for handle, user in users.items() if user in skills},
        default=default, beta=pool.beta if pool else 25.0 / 6, samples=samples, seed=season.pk, **rules,
    )  # fmt: skip
    tonight = {need.player: need for need in season_tonight(played=played, coming=events, **rules)}
    order = {row.player: row.place for row in season_places(season=season)}
    rows = [PlayerOdds(o.player, o.qualify, o.win, tonight.get(o.player)) for o in odds]
    return sorted(rows, key=lambda o: (order.get(o.player, len(order) + 1), -o.qualify, o.player))


def season_odds_kept(*, season: Season) -> list[PlayerOdds]:
    """`season_odds_now`, kept until a result counts (ten minutes at most: a registration to a coming event moves
    it then): the API and the season's odds page read the same copy."""
    version = hashlib.sha256(repr(season_version(season_id=season.pk)).encode()).hexdigest()[:16]
    return remembered(f"season-odds-2:{season.pk}:{version}", lambda: season_odds_now(season=season), seconds=600)
