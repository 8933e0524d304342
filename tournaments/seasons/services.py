"""Seasons: an organisation's league or circuit over one game, and the events that join it."""

from collections.abc import Iterable
from datetime import date
from typing import Any

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.utils import timezone

import games
from config.bulk import bulk_insert
from config.errors import Conflict, DomainError
from tournaments.models import Event, Organisation, Player
from tournaments.seasons.models import QualificationDecline, Season, SeasonEvent, SeasonStanding
from tournaments.seasons.points import stored_points
from tournaments.seasons.selectors import season_computed
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
        raise DomainError(f"takes_events_of is one of {', '.join(TAKES)}", "invalid_choice", "takes_events_of")
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
            message = f"{left_out.event.name!r} is played outside these dates; take it out of the season first"
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
        raise DomainError(f"unknown game {values['game']!r}", "unknown_game", "game")
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
        raise DomainError(f"the season is played at {season.game}, the event at {event.game}", "wrong_game", "event")
    if event.registrations.filter(player__demo=True).exists():
        raise DomainError("a demo event never counts in a season", "demo_event", "event")
    if not 1 <= tier <= MOST_TIER:
        raise DomainError(f"a tier is 1 to {MOST_TIER}", "invalid_tier", "tier")
    if event.starts_at and not season.starts_on <= event.starts_at.date() <= season.ends_on:
        raise DomainError("the event is played outside the season's dates", "outside_season", "event")
    with transaction.atomic():
        try:
            with transaction.atomic():
                entry = SeasonEvent.objects.create(season=season, event=event, tier=tier)
        except IntegrityError as error:
            raise Conflict("the event is already in this season", "already_in_season", "event") from error
        season_standings_refresh(season_ids=[season.pk])
    return entry


TAKES = ("own", "members", "any")


def season_takes(season: Season, organisation: Organisation) -> bool:
    """Whether the season's staff add this organisation's events alone."""
    member = season.takes_events_of == "members" and organisation.federation_id == season.organisation_id
    return member or season.takes_events_of == "any"


def season_standings_refresh(*, season_ids: Iterable[int]) -> int:
    """Store these seasons' standings again, computed from their events' final places; returns the rows
    written. Called inside the transaction that changed a place, a sanction or a season's events. Each season
    is locked before its places are read, so of two corrections in two of its events at once the second
    computes with the first's places committed."""
    written = 0
    with transaction.atomic():
        for season in Season.objects.select_for_update().filter(pk__in=set(season_ids)).order_by("pk"):
            written += _store_standings(season)
    return written


def event_seasons_refresh(*, event_ids: Iterable[int]) -> int:
    """Store again the standings of every season these events count in."""
    seasons = SeasonEvent.objects.filter(event_id__in=set(event_ids)).values_list("season_id", flat=True)
    return season_standings_refresh(season_ids=list(seasons))


def _store_standings(season: Season) -> int:
    rows = season_computed(season=season)
    players = dict(Player.objects.filter(handle__in=[row.player for row in rows]).values_list("handle", "pk"))
    SeasonStanding.objects.filter(season=season).delete()
    bulk_insert(
        SeasonStanding,
        ["season_id", "player_id", "position", "place", "points", "played", "counted"],
        (
            (season.pk, players[row.player], position, row.place, str(row.points),
             [[event, stored_points(points)] for event, points in row.played], sorted(row.counted))
            for position, row in enumerate(rows, 1)
        ),
    )  # fmt: skip
    Season.objects.filter(pk=season.pk).update(standings_at=timezone.now())
    return len(rows)


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
            raise DomainError(f"the season is played at {season.game}, the event at {event.game}", "wrong_game",
                              "event")  # fmt: skip
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
