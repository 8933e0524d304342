"""Feed verified table results to the ratings app (tournaments -> ratings, never the reverse)."""

from collections import defaultdict
from collections.abc import Iterable
from datetime import datetime
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import CharField, OuterRef, Value
from django.db.models.functions import Cast, Concat

from config.errors import DomainError, NotAllowed
from games import GAMES
from ratings.lab.services import pool_parameters_adopt as adopt_fitted_parameters
from ratings.lab.services import pool_quality_report
from ratings.selectors.leaderboards import source_rated
from ratings.selectors.lists import may_steward_pool
from ratings.services.lists import list_publish
from ratings.services.pools import (
    Match,
    Placing,
    match_record,
    match_remove,
    matches_record,
    player_merge,
    player_rename,
    pool_get,
    pools_lock,
)
from ratings.services.titles import TitleRefused, title_rule_define
from tournaments.models import Player, Sanction, ScoreSheet, Table, TableResult
from tournaments.results.models import HeldResult
from tournaments.results.sources import CASUAL_SOURCE, TABLE_SOURCE, table_source


def casual_pool_key(game: str) -> str:
    """A game's casual pool (issue 70, item 4): its own list, apart from the pool of sanctioned events."""
    return f"{game}-casual"


def casual_table_rate(*, game: str, table_id: int, played_at: datetime, ranks: list[tuple[int, str, int]]) -> None:
    """Rate a casual table, confirmed by its players and found valid, in its game's casual pool; `ranks`:
    (user id, handle, rank) a seat. Rating it again changes nothing (one rating event a source)."""
    placings = [Placing(user_id, handle, rank) for user_id, handle, rank in ranks]
    match_record(game=casual_pool_key(game), source=f"{CASUAL_SOURCE}{table_id}", order_at=played_at,
                 placings=placings, actor="casual", pool_name=f"{GAMES[game].name} (casual)")  # fmt: skip


def tables_unrated(*, before: datetime) -> list[int]:
    """Tables that should be rated but are not (a lost worker): final results of rated events, last changed
    before `before`, played by two players or more, with no rating event. One anti-join in the database."""
    source = Concat(Value(TABLE_SOURCE), Cast(OuterRef("table_id"), CharField()))
    rated_events = {"table__round__event__rated": True, "table__round__event__sanction": Sanction.SANCTIONED}
    live = (
        TableResult.objects.filter(status__in=TableResult.COUNTS, updated_at__lt=before, **rated_events)
        .exclude(table__held__isnull=False)  # a held table is judged by its held result, below
        .exclude(verdict__has_key="forfeit")  # a table won by forfeit is never rated
        .exclude(source_rated(source))
        .values_list("table_id", flat=True)
    )
    held = (
        HeldResult.objects.filter(status__in=TableResult.COUNTS, held_at__lt=before, **rated_events)
        .exclude(verdict__has_key="forfeit")
        .exclude(source_rated(source))
        .values_list("table_id", flat=True)
    )
    return sorted({*live, *held})


def tables_rate(*, table_ids: list[int]) -> list[TableResult]:
    """Rate each table whose result counts and unrate each whose result no longer does; safe to run any number
    of times. The matches of one game go into its pool under one lock.

    The pools are locked before the results are read, so two tasks rating one table (after a correction and
    a re-verification, say) are serialised and the later one reads the newer verdict: a rating never
    carries an older attempt's verdict or time. Tables are rated in the documented order: verified time,
    then table id. Answers the results as read under the locks.
    """
    with transaction.atomic():
        game_of = dict(
            TableResult.objects.filter(table_id__in=table_ids).values_list("table_id", "table__round__event__game")
        )
        pools_lock(games={game: GAMES[game].name for game in set(game_of.values())})
        return _rate_read_under_lock(table_ids)


def _rate_read_under_lock(table_ids: list[int]) -> list[TableResult]:
    live = list(TableResult.objects.select_related("table__round__event", "override_by").filter(table_id__in=table_ids))
    results = sorted(as_held(live), key=lambda held: (held.verified_at is None, held.verified_at, held.table_id))
    actors = _last_actors(results)
    counting: list[TableResult] = []
    not_counting: list[TableResult] = []
    for result in results:
        (counting if rated(result) else not_counting).append(result)
    for result in not_counting:
        game = result.table.round.event.game
        match_remove(game=game, source=table_source(result.table_id), actor=actors[result.table_id])
    handles = {seat.player for result in counting for seat in result.table_verdict.seats}
    users = dict(Player.objects.filter(handle__in=handles).values_list("handle", "user_id"))
    matches: dict[str, list[Match]] = defaultdict(list)
    for result in counting:
        assert result.verified_at is not None
        placings = [Placing(users[s.player], s.player, s.rank) for s in result.table_verdict.seats if not s.forfeited]
        matches[result.table.round.event.game].append(
            Match(table_source(result.table_id), result.verified_at, placings, actors[result.table_id])
        )
    for game, game_matches in matches.items():
        matches_record(game=game, matches=game_matches, pool_name=GAMES[game].name)
    return live


def as_held(results: Iterable[TableResult]) -> list[TableResult]:
    """The results the pools rate: a table of an event that holds its results (sanctioned and finished,
    services/held_results.py) as it was held, not as it may have changed since: copies, never saved."""
    results = list(results)
    held = {h.table_id: h for h in HeldResult.objects.filter(table_id__in=[r.table_id for r in results])}
    return [_held_copy(result, held[result.table_id]) if result.table_id in held else result for result in results]


def _held_copy(result: TableResult, hold: HeldResult) -> TableResult:
    copy = TableResult(pk=result.pk, table=result.table, status=hold.status, verdict=hold.verdict,
                       verified_at=hold.verified_at, attempt=result.attempt, override_by=result.override_by,
                       override_reason=result.override_reason)  # fmt: skip
    return copy


def tables_unrate(*, table_ids: list[int], actor: str) -> int:
    """Remove these tables' matches from their pools (whatever their results say); returns how many were rated."""
    games_of = Table.objects.filter(pk__in=table_ids).values_list("round__event__game", "pk")
    return sum(match_remove(game=game, source=table_source(table_id), actor=actor) for game, table_id in games_of)


def rated(result: TableResult) -> bool:
    """Whether the table goes into the ratings: its result counts, its event is rated, and at least two
    players played it (forfeited seats are never rated; a table won by forfeit is not a match)."""
    if result.status not in TableResult.COUNTS or not result.table.round.event.is_rated:
        return False
    return result.table_verdict.players_who_played >= 2


def _last_actors(results: list[TableResult]) -> dict[int, str]:
    """Who last changed each table's result: the organiser who accepted it, or who entered the newest sheet."""
    newest: dict[int, str] = {}
    for table_id, username in (
        ScoreSheet.objects.filter(seat__table_id__in=[r.table_id for r in results])
        .order_by("seat__table_id", "-entered_at", "-id")
        .values_list("seat__table_id", "entered_by__username")
    ):
        newest.setdefault(table_id, username or "")
    actors = {}
    for result in results:
        if result.status == TableResult.Status.OVERRIDDEN and result.override_by:
            actors[result.table_id] = f"{result.override_by.get_username()} (override: {result.override_reason})"[:150]
        else:
            actors[result.table_id] = newest.get(result.table_id, "")
    return actors


def player_ratings_merge(
    *, tables: set[int], games: set[str], old: Player, new: Player, inactivity: bool = True
) -> None:
    """A claimed guest's rated tables become the claimer's, and those games' pools are replayed (`inactivity`:
    the old record's inactivity widenings too; an undone merge leaves them where they are)."""
    player_merge(
        games=games, sources=[table_source(table) for table in tables], old=old.user_id, new=new.user_id,
        name=new.handle, actor=f"claim of {old.handle} by {new.handle}", inactivity=inactivity,
    )  # fmt: skip


def official_list_publish(
    *, game: str, by: User, name: str, min_games: int = 0, leave_out_provisional: bool = False
) -> int:
    """A steward of the game publishes its official list under these rules (ratings.services.list_publish);
    returns the list's id."""
    if not may_steward_pool(user=by, game=game):
        raise NotAllowed("only a steward of this game's rating pool publishes its lists", "not_steward")
    published = list_publish(game=game, name=name, actor=by.get_username(), min_games=min_games,
                                     leave_out_provisional=leave_out_provisional)  # fmt: skip
    return published.pk


def title_define(
    *, game: str, by: User, name: str, abbreviation: str, min_rating: float, min_games: int, held_for_games: int,
    reason: str,
) -> Any:  # fmt: skip
    """A steward of the game defines a title of its pool (ratings.services.titles): it is awarded at once to
    everyone whose rated history meets it, then as ratings move; returns the rule."""
    if not may_steward_pool(user=by, game=game):
        raise NotAllowed("only a steward of this game's rating pool defines its titles", "not_steward")
    with transaction.atomic():
        pools_lock(games={game: GAMES[game].name})
        try:
            return title_rule_define(
                pool=pool_get(game=game), name=name, abbreviation=abbreviation, min_rating=min_rating,
                min_games=min_games, held_for_games=held_for_games, actor=by.get_username(), reason=reason,
            )  # fmt: skip
        except TitleRefused as refused:
            raise DomainError(str(refused), "invalid_title", refused.field) from None


def pool_parameters_adopt(*, game: str, by: User, reason: str) -> int:
    """A steward of the game adopts the parameters the pool's quality report fitted (ratings.services.
    pool_parameters_adopt): the pool is replayed under them; returns the decision's id."""
    if not may_steward_pool(user=by, game=game):
        raise NotAllowed("only a steward of this game's rating pool changes its parameters", "not_steward")
    return adopt_fitted_parameters(game=game, actor=by.get_username(), reason=reason).pk


def player_ratings_rename(*, user_id: int, name: str) -> int:
    """The player's ratings, placings and list lines show `name` (an erased account's pseudonym)."""
    return player_rename(player=user_id, name=name)


def game_pools_ensure() -> None:
    """Each game's pool exists (the bootstrap): its leaderboard and its quality report answer on a fresh install."""
    for game in GAMES.values():
        pool_get(game=game.id, name=game.name)


def pool_quality_now(*, pool: Any) -> Any:
    """The pool's quality report (or None) as a reader asks for it (ratings.lab.services.pool_quality_report: a
    small pool's is computed then). Typed loosely: the core names no ratings model."""
    return pool_quality_report(pool=pool)
