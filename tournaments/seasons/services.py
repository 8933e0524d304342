"""Seasons: an organisation's league or circuit over one game, and the events that join it."""

from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from fractions import Fraction
from typing import Any

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy

import games
from config.bulk import bulk_insert
from config.errors import Conflict, DomainError
from games.verdict import competition_ranks
from tournaments.models import Event, Organisation, Player
from tournaments.seasons.models import QualificationDecline, Season, SeasonEvent, SeasonScore, SeasonStanding
from tournaments.seasons.points import EventResult, best_counted, event_points, exact, stored_points
from tournaments.seasons.selectors import season_counting
from tournaments.selectors.events import final_places
from tournaments.selectors.permissions import require_staff

MOST_TIER = 10


def season_create(
    *, by: User, organisation: Organisation, name: str, game: str, starts_on: date, ends_on: date, best_of: int = 5,
    points_table: list[float] | None = None, qualifiers: int = 0, circuit: str = "", takes_events_of: str = "own",
) -> Season:  # fmt: skip
    """A season of the organisation (its staff), over one game and a date range; `best_of` events count.
    `takes_events_of`: whose events its staff add alone (own; members: a federation's member clubs'; any)."""
    require_staff(user=by, organisation=organisation)
    if takes_events_of not in TAKES:
        raise DomainError(
            format_lazy(gettext_lazy("takes_events_of is one of {choices}"), choices=", ".join(TAKES)),
            "invalid_choice",
            "takes_events_of",
        )
    if takes_events_of == "members" and organisation.kind != Organisation.Kind.FEDERATION:
        raise DomainError("only a federation has member clubs", "not_a_federation", "takes_events_of")
    _check_season(
        name=name, game=game, starts_on=starts_on, ends_on=ends_on, best_of=best_of, points_table=points_table
    )
    return Season.objects.create(
        organisation=organisation, name=name.strip(), game=game, starts_on=starts_on, ends_on=ends_on,
        best_of=best_of, points_table=points_table, qualifiers=qualifiers, circuit=circuit.strip(),
        takes_events_of=takes_events_of, standings_at=timezone.now(),  # no event yet: its (empty) standings
    )  # fmt: skip


def season_update(
    *, season: Season, by: User, name: str, starts_on: date, ends_on: date, best_of: int, qualifiers: int
) -> Season:
    """The club's staff change a season's name, dates, how many events count and how many qualify; its game
    stays (its events were played at it). Dates that would leave out one of its events are refused, and the
    standings are stored again (how many events count changes them)."""
    require_staff(user=by, organisation=season.organisation)
    _check_season(name=name, game=season.game, starts_on=starts_on, ends_on=ends_on, best_of=best_of,
                  points_table=season.points_table)  # fmt: skip
    if qualifiers < 0:
        raise DomainError("qualifiers are 0 or more", "invalid_qualifiers", "qualifiers")
    with transaction.atomic():
        locked = Season.objects.select_for_update().get(pk=season.pk)
        outside = locked.season_events.exclude(event__starts_at__isnull=True).exclude(
            event__starts_at__date__range=(starts_on, ends_on)
        )
        left_out = outside.select_related("event").first()
        if left_out is not None:
            message = format_lazy(
                gettext_lazy("{event!r} is played outside these dates; take it out of the season first"),
                event=left_out.event.name,
            )
            raise DomainError(message, "outside_season", "starts_on")
        locked.name, locked.starts_on, locked.ends_on = name.strip(), starts_on, ends_on
        locked.best_of, locked.qualifiers = best_of, qualifiers
        locked.save(update_fields=["name", "starts_on", "ends_on", "best_of", "qualifiers"])
        season_standings_refresh(season_ids=[locked.pk])
    return locked


def _check_season(**values: Any) -> None:
    if not values["name"].strip():
        raise DomainError("a season needs a name", "invalid_name", "name")
    if values["game"] not in games.GAMES:
        raise DomainError(
            format_lazy(gettext_lazy("unknown game {game!r}"), game=values["game"]), "unknown_game", "game"
        )
    if values["ends_on"] < values["starts_on"]:
        raise DomainError("a season ends after it starts", "invalid_dates", "ends_on")
    if values["best_of"] < 1:
        raise DomainError("at least one event counts", "invalid_best_of", "best_of")
    table = values["points_table"]
    if table is not None and (
        not isinstance(table, list)
        or not table
        or not all(isinstance(p, int | float) and 0 <= p <= 10_000 for p in table)
    ):
        raise DomainError(
            "points per place are numbers from 0 to 10000, first place first", "invalid_points", "points_table"
        )


def season_event_add(*, season: Season, by: User, event: Event, tier: int = 1) -> SeasonEvent:
    """An event of the season's game joins it with a tier (a multiplier of its points). The adder is staff of
    the season's organisation; another club's event needs its staff too, unless the season takes its events
    alone (a federation's season of its member clubs' events, or of any club's)."""
    require_staff(user=by, organisation=season.organisation)
    if event.organisation_id != season.organisation_id and not season_takes(season, event.organisation):
        require_staff(user=by, organisation=event.organisation)
    if event.game != season.game:
        raise DomainError(_other_game(season.game, event.game), "wrong_game", "event")
    if event.registrations.filter(player__demo=True).exists():
        raise DomainError("a demo event never counts in a season", "demo_event", "event")
    if not 1 <= tier <= MOST_TIER:
        raise DomainError(format_lazy(gettext_lazy("a tier is 1 to {most}"), most=MOST_TIER), "invalid_tier", "tier")
    if event.starts_at and not season.starts_on <= event.starts_at.date() <= season.ends_on:
        raise DomainError("the event is played outside the season's dates", "outside_season", "event")
    with transaction.atomic():
        try:
            with transaction.atomic():
                entry = SeasonEvent.objects.create(season=season, event=event, tier=tier)
        except IntegrityError as error:
            raise Conflict("the event is already in this season", "already_in_season", "event") from error
        locked = Season.objects.select_for_update().get(pk=season.pk)
        _store_events(locked, None if locked.standings_at is None else {event.pk})  # its players' rows only
    return entry


TAKES = ("own", "members", "any")


def season_takes(season: Season, organisation: Organisation) -> bool:
    """Whether the season's staff add this organisation's events alone."""
    member = season.takes_events_of == "members" and organisation.federation_id == season.organisation_id
    return member or season.takes_events_of == "any"


def season_standings_refresh(*, season_ids: Iterable[int]) -> int:
    """Store these seasons' standings again, every event's points computed from its final places; returns
    the rows written. For a change of the season itself (its events, its best-of); a result's change stores
    its own events only (`event_seasons_refresh`). Each season is locked before its places are read, so of
    two corrections in two of its events at once the second computes with the first's places committed."""
    written = 0
    with transaction.atomic():
        for season in Season.objects.select_for_update().filter(pk__in=set(season_ids)).order_by("pk"):
            written += _store_events(season, None)
    return written


def event_seasons_refresh(*, event_ids: Iterable[int]) -> int:
    """Store again these events' points in every season they count in, and the standings of the players
    who scored in them: the cost of one event's players, however many events the season holds."""
    by_season: dict[int, set[int]] = defaultdict(set)
    for season_id, event_id in SeasonEvent.objects.filter(event_id__in=set(event_ids)).values_list(
        "season_id", "event_id"
    ):
        by_season[season_id].add(event_id)
    written = 0
    with transaction.atomic():
        for season in Season.objects.select_for_update().filter(pk__in=by_season).order_by("pk"):
            written += _store_events(season, None if season.standings_at is None else by_season[season.pk])
    return written


def _store_events(season: Season, event_ids: set[int] | None) -> int:
    """Replace the season's scores of these events (None: of all its events) from their final places, then
    the standings of every player whose scores changed."""
    scores = SeasonScore.objects.filter(season=season)
    if event_ids is not None:
        scores = scores.filter(event_id__in=event_ids)
    old = list(scores.values_list("player_id", "counted"))
    scores.delete()
    counting = season_counting(season=season)
    tiers = season.season_events.all()
    if event_ids is not None:
        counting, tiers = counting.filter(pk__in=event_ids), tiers.filter(event_id__in=event_ids)
    tier_of = dict(tiers.values_list("event_id", "tier"))
    events = list(counting)
    places = final_places(events=events)
    players = dict(
        Player.objects.filter(handle__in={h for p in places.values() for h in p}).values_list("handle", "pk")
    )
    rows = []
    for event in events:
        result = EventResult(event.pk, tier_of[event.pk], places[event.pk])
        for handle, points in event_points(result, season.points_table).items():
            rows.append((season.pk, event.pk, players[handle], str(stored_points(points)), False))
    bulk_insert(SeasonScore, ["season_id", "event_id", "player_id", "points", "counted"], rows)
    if event_ids is None:
        return _store_standings(season, None)
    return _store_standings(season, Change(event_ids, Counter(p for p, _c in old), {p for p, c in old if c},
                                           {row[2] for row in rows}))  # fmt: skip


@dataclass(frozen=True)
class Change:
    """Which events' scores were replaced, and whose: how many of each player's went and whose counted."""

    events: set[int]
    removed: Counter[int]
    removed_counted: set[int]
    added: set[int]


def _store_standings(season: Season, change: Change | None) -> int:
    """The changed players' best `best_of` scores and totals (None: every player's), then every row's place
    and position: the cost of the season's players and of the changed events, not of the season's events. A
    player none of whose counted scores changed needs only those and the new ones (every other score of theirs
    was below them); the others read all of theirs."""
    standing = {
        player: (points, played) for player, points, played in SeasonStanding.objects.filter(season=season)
        .values_list("player_id", "points", "events_played")
    }  # fmt: skip
    touched, quick = _touched(standing, change)
    totals = {p: kept for p, kept in standing.items() if p not in touched} if change is not None else {}
    now_counted, now_not = [], []
    for player, played in _scores_of(season, change, touched, quick).items():
        best = set(best_counted([float(points) for _pk, _e, points, _c in played], season.best_of))
        counted, not_counted = _flags_changed(played, best)
        now_counted += counted
        now_not += not_counted
        count = _events_played(player, played, standing[player][1], change) if player in quick else len(played)
        totals[player] = (str(stored_points(sum(played[i][2] for i in best))), count)
    SeasonScore.objects.filter(pk__in=now_counted).update(counted=True)
    SeasonScore.objects.filter(pk__in=now_not).update(counted=False)
    return _standings_written(season, totals)


Scored = list[tuple[int, int, Fraction | int, bool]]  # a player's scores: (row, event, points, counted)


def _touched(standing: dict[int, tuple[str, int]], change: Change | None) -> tuple[set[int], set[int]]:
    """The players whose standing the change touches, and of those the `quick` ones: standing already and
    none of their counted scores gone (only their counted and changed scores need reading)."""
    if change is None:
        return set(), set()
    touched = set(change.removed) | change.added
    return touched, {p for p in touched if p in standing and p not in change.removed_counted}


def _flags_changed(played: Scored, best: set[int]) -> tuple[list[int], list[int]]:
    """The score rows that now count and did not, and those that no longer count."""
    now_counted = [pk for i, (pk, _e, _p, was) in enumerate(played) if i in best and not was]
    return now_counted, [pk for i, (pk, _e, _p, was) in enumerate(played) if i not in best and was]


def _events_played(player: int, played: Scored, before: int, change: Change | None) -> int:
    """A quick player's events (only their counted and changed scores were read): what they had, less what
    went, plus what came."""
    if change is None:
        return len(played)
    return before - change.removed[player] + sum(event in change.events for _pk, event, _p, _c in played)


def _scores_of(season: Season, change: Change | None, touched: set[int], quick: set[int]) -> dict[int, Scored]:
    """The scores to read, by player in the season's order of events: every player's (no `change`), else the
    touched players', only the counted and the changed events' of the `quick` ones."""
    scores = SeasonScore.objects.filter(season=season)
    if change is not None:
        scores = scores.filter(
            Q(player_id__in=touched - quick)
            | Q(player_id__in=quick) & (Q(counted=True) | Q(event_id__in=change.events))
        )
    order = ("player_id", "event__starts_at", "event__created_at", "event_id")
    by_player: dict[int, Scored] = defaultdict(list)
    for row in scores.order_by(*order).values_list("pk", "player_id", "event_id", "points", "counted"):
        by_player[row[1]].append((row[0], row[2], exact(row[3]), row[4]))
    return by_player


def _standings_written(season: Season, totals: dict[int, tuple[str, int]]) -> int:
    """Every player's row again, ranked by points (equal points share a place), then by handle."""
    handles = dict(Player.objects.filter(pk__in=totals).values_list("pk", "handle"))
    ranked = sorted(totals, key=lambda p: (-round(float(exact(totals[p][0])), 9), handles[p].casefold()))
    places = competition_ranks([(exact(totals[player][0]),) for player in ranked])
    SeasonStanding.objects.filter(season=season).delete()
    bulk_insert(
        SeasonStanding,
        ["season_id", "player_id", "position", "place", "points", "events_played"],
        ((season.pk, player, position, place, *totals[player])
         for position, (player, place) in enumerate(zip(ranked, places, strict=True), 1)),
    )  # fmt: skip
    Season.objects.filter(pk=season.pk).update(standings_at=timezone.now())
    return len(ranked)


def qualification_decline(*, season: Season, by: User, player: Player) -> QualificationDecline:
    """A player gives up their qualifier slot (they, or the season's staff for them): the next in line takes it."""
    if by.pk != player.user_id:
        require_staff(user=by, organisation=season.organisation)
    decline, _ = QualificationDecline.objects.get_or_create(season=season, player=player)
    return decline


def season_final_set(*, season: Season, by: User, event: Event | None) -> Season:
    """Make `event` the season's final (or none): only the season's qualifiers may then register for it (an
    entry condition, services/entry.py); players already registered stay. Its staff; the event is of the
    season's game and has not started."""
    require_staff(user=by, organisation=season.organisation)
    if event is not None:
        if event.organisation_id != season.organisation_id and not season_takes(season, event.organisation):
            require_staff(user=by, organisation=event.organisation)
        if event.game != season.game:
            raise DomainError(_other_game(season.game, event.game), "wrong_game", "event")
        if not season.qualifiers:
            raise DomainError("the season has no qualifier slots: set how many qualify first", "no_qualifiers",
                              "event")  # fmt: skip
        if event.status not in (Event.Status.DRAFT, Event.Status.REGISTRATION):
            raise Conflict("the final must not have started", "wrong_event_status", "event")
    with transaction.atomic():
        season = Season.objects.select_for_update().get(pk=season.pk)
        if event is not None and Season.objects.filter(final=event).exclude(pk=season.pk).exists():
            raise Conflict("the event is another season's final already", "final_elsewhere", "event")
        if season.final_id is not None:
            Event.objects.filter(pk=season.final_id).update(entry_qualified_only=False)
        season.final = event
        season.save(update_fields=["final"])
        if event is not None:
            Event.objects.filter(pk=event.pk).update(entry_qualified_only=True)
    return season


def _other_game(season: str, event: str) -> Any:
    """The refusal of an event of another game, in the reader's language."""
    return format_lazy(
        gettext_lazy("the season is played at {season}, the event at {event}"), season=season, event=event
    )
