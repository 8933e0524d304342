"""Rating reads: leaderboards, a player's history, official lists."""

import math
import operator
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from functools import reduce
from typing import Any

from django.conf import settings
from django.db.models import Count, Exists, Expression, F, IntegerField, OuterRef, Q, QuerySet, Subquery, Window
from django.db.models.functions import RowNumber

from config.page_cache import remembered
from config.paging import page_count
from ratings import buckets
from ratings.models import Rating, RatingAudit, RatingChange, RatingEvent, RatingList, RatingListEntry, RatingPool


def provisional_condition() -> Q:
    return Q(games__lt=settings.RATINGS_PROVISIONAL_GAMES) | Q(sigma__gt=settings.RATINGS_PROVISIONAL_SIGMA)


def source_rated(source: Expression) -> Exists:
    """Whether a rating event exists for `source` (an expression, so that a caller can anti-join on it)."""
    return Exists(RatingEvent.objects.filter(source=source))


def pool_of_game(*, game: str) -> RatingPool | None:
    return RatingPool.objects.filter(game=game).first()


def pools_of_games(*, games: Iterable[str]) -> list[RatingPool]:
    """The pools of these games that exist (a pool is made with its game's first rated table)."""
    return list(RatingPool.objects.filter(game__in=list(games)))


def leaderboard(
    *, pool: RatingPool, established_only: bool = False, active_since: datetime | None = None
) -> QuerySet[Rating]:
    """Ratings by conservative rating (mu - 3 sigma), best first; ties by id for a stable order."""
    ratings = pool.ratings.order_by("-conservative", "id")
    if established_only:
        ratings = ratings.exclude(provisional_condition())
    if active_since is not None:
        ratings = ratings.filter(last_played_at__gte=active_since)
    return ratings


def active_since(*, now: datetime, days: int | None) -> datetime | None:
    return now - timedelta(days=days) if days else None


def is_provisional(rating: Rating) -> bool:
    return rating.games < settings.RATINGS_PROVISIONAL_GAMES or rating.sigma > settings.RATINGS_PROVISIONAL_SIGMA


def player_history(*, pool: RatingPool, player_id: int) -> QuerySet[RatingChange]:
    return (
        RatingChange.objects.filter(pool=pool, player_id=player_id)
        .select_related("event")
        .order_by("-event__order_at", "-event_id")
    )


@dataclass(frozen=True)
class Cursor:
    """Where a leaderboard page starts: after this (conservative, id), numbered from `position` + 1."""

    conservative: float
    rating_id: int
    position: int

    def encode(self) -> str:
        return f"{self.conservative!r}_{self.rating_id}_{self.position}"

    @classmethod
    def decode(cls, raw: str | None) -> "Cursor | None":
        """None for a missing or malformed cursor (the first page)."""
        try:
            conservative, rating_id, position = (raw or "").split("_")
            cursor = cls(float(conservative), int(rating_id), int(position))
        except ValueError:
            return None
        return cursor if math.isfinite(cursor.conservative) and cursor.position >= 0 else None


@dataclass
class LeaderboardPage:
    rows: list[tuple[int, Rating]]  # (place, rating)
    next: Cursor | None


def leaderboard_page(
    *, pool: RatingPool, established_only: bool, after: Cursor | None, size: int = 50
) -> LeaderboardPage:
    """One page by keyset on the (pool, -conservative, id) index: as fast on page 1,000 as on page 1, since
    no row before the cursor is read (OFFSET would read and skip them all). Places are numbered from the
    cursor, so no count of the rows above is needed either."""
    ratings = leaderboard(pool=pool, established_only=established_only)
    if after is not None:
        # A range condition the index can seek to (conservative <= x), then the few ties already shown are
        # dropped. Written as one OR, PostgreSQL filtered every row above the cursor: 19.6 ms against
        # 0.07 ms at row 50,000 of 100,000 (EXPLAIN ANALYZE, BENCHMARKS.md).
        ratings = ratings.filter(conservative__lte=after.conservative).exclude(
            conservative=after.conservative, id__lte=after.rating_id
        )
    chunk = list(ratings[: size + 1])
    start = after.position if after else 0
    rows = list(enumerate(chunk[:size], start=start + 1))
    last = rows[-1] if rows else None
    following = Cursor(last[1].conservative, last[1].pk, last[0]) if last and len(chunk) > size else None
    return LeaderboardPage(rows, following)


def rank_and_size(*, rating: Rating) -> tuple[int, int]:
    """The rating's place and how many the pool rates (ratings/buckets.py: no count of the ratings)."""
    return buckets.rank_and_size(rating=rating)


CHART_GAMES = 50  # a player's page charts their rating after each of their last fifty games, per pool


def player_ratings(*, player_id: int) -> list[tuple[Rating, list[tuple[datetime, float]]]]:
    """Each pool's rating of the player with its last CHART_GAMES values for the history chart, oldest first:
    (when, conservative rating after the game). One query a pool, plain tuples: the same cost after 50 games
    or 5,000."""
    ratings = list(Rating.objects.filter(player_id=player_id).select_related("pool").order_by("pool__name"))
    charts = []
    for rating in ratings:
        latest = (
            RatingChange.objects.filter(pool_id=rating.pool_id, player_id=player_id, event__kind=RatingEvent.Kind.MATCH)
            .order_by("-event__order_at", "-event_id")
            .values_list("event__order_at", "mu_after", "sigma_after")[:CHART_GAMES]
        )
        charts.append((rating, [(when, mu - 3 * sigma) for when, mu, sigma in reversed(latest)]))
    return charts


@dataclass(frozen=True)
class GameChange:
    """How one rated game moved a player's conservative rating (mu - 3 sigma), and whether the rating was
    still provisional after it (fewer games than RATINGS_PROVISIONAL_GAMES, or sigma above the bound)."""

    player_id: int
    delta: float
    after: float
    provisional: bool
    order_at: datetime
    rank: int | None


def changes_of_source(*, source: str) -> dict[int, GameChange]:
    """The rating changes one rated game (`table:<id>`) made, by player id (one query)."""
    changes = _with_games(RatingChange.objects.filter(event__source=source))
    return {change.player_id: _game_change(change) for change in changes}


def recent_changes(*, player_id: int, limit: int = 20) -> list[tuple[str, GameChange]]:
    """The player's latest rated games, newest first: (source, change) (two queries, plain tuples). How many
    games the player had after each comes from their rating's count, counting back: no scan of their whole
    history."""
    changes = (
        RatingChange.objects.filter(player_id=player_id, event__kind=RatingEvent.Kind.MATCH)
        .order_by("-event__order_at", "-event_id")
        .values_list(
            "event__source", "pool_id", "mu_before", "sigma_before", "mu_after", "sigma_after", "event__order_at",
            "rank",
        )[:limit]
    )  # fmt: skip
    games = dict(Rating.objects.filter(player_id=player_id).values_list("pool_id", "games"))
    recent = []
    for source, pool_id, mu_before, sigma_before, mu_after, sigma_after, order_at, rank in changes:
        count = games.get(pool_id, 0)
        games[pool_id] = count - 1
        change = _change(player_id, (mu_before, sigma_before), (mu_after, sigma_after), count, order_at, rank)
        recent.append((source, change))
    return recent


def _with_games(changes: QuerySet[RatingChange]) -> list[RatingChange]:
    """Each change with `games`: how many rated games its player had in its pool once it was made."""
    up_to_this_one = (
        RatingChange.objects.filter(
            pool_id=OuterRef("pool_id"), player_id=OuterRef("player_id"), event__kind=RatingEvent.Kind.MATCH
        )
        .filter(
            Q(event__order_at__lt=OuterRef("event__order_at"))
            | Q(event__order_at=OuterRef("event__order_at"), event_id__lte=OuterRef("event_id"))
        )
        .values("player_id")
        .annotate(count=Count("id"))
        .values("count")
    )
    return list(changes.select_related("event").annotate(games=Subquery(up_to_this_one, output_field=IntegerField())))


def _game_change(change: RatingChange) -> GameChange:
    games = getattr(change, "games", None) or 0
    return _change(
        change.player_id, (change.mu_before, change.sigma_before), (change.mu_after, change.sigma_after), games,
        change.event.order_at, change.rank,
    )  # fmt: skip


def _change(
    player_id: int, before: tuple[float, float], after: tuple[float, float], games: int, order_at: datetime,
    rank: int | None,
) -> GameChange:  # fmt: skip
    """A game's change of the conservative rating (mu - 3 sigma); provisional after it while the player has
    fewer games than the bound or sigma above its bound."""
    (mu_before, sigma_before), (mu_after, sigma_after) = before, after
    provisional = games < settings.RATINGS_PROVISIONAL_GAMES or sigma_after > settings.RATINGS_PROVISIONAL_SIGMA
    conservative = mu_after - 3 * sigma_after
    return GameChange(
        player_id, conservative - (mu_before - 3 * sigma_before), conservative, provisional, order_at, rank
    )


# Who counts on a filtered leaderboard: by player id, the periods (first day, last day or None: still) in
# which their matches count. Another app registers how to compute them for a name (a club's members while
# they were members, a country's players always); ratings knows nothing of clubs or countries.
Periods = dict[int, list[tuple[date, date | None]]]
_PLAYER_FILTERS: dict[str, Callable[[str], Periods]] = {}


_LIST_EXCLUSIONS: list[Callable[[], Any]] = []


def register_list_exclusion(users: Callable[[], Any]) -> None:
    """Players an official list leaves out (the tournaments app's demo players): `users()` gives their user
    ids, as a queryset of `user_id` values or a list."""
    _LIST_EXCLUSIONS.append(users)


def list_exclusions() -> list[Callable[[], Any]]:
    return list(_LIST_EXCLUSIONS)


def register_player_filter(name: str, periods: Callable[[str], Periods]) -> None:
    _PLAYER_FILTERS[name] = periods


def player_filters() -> list[str]:
    return sorted(_PLAYER_FILTERS)


def filtered_periods(filters: dict[str, str]) -> Periods:
    """The players every given filter admits, with the periods all of them admit (intersected)."""
    combined: Periods | None = None
    for name, value in filters.items():
        periods = _PLAYER_FILTERS[name](value)
        if combined is None:
            combined = periods
            continue
        combined = {
            player: overlap
            for player in combined.keys() & periods.keys()
            if (overlap := _overlaps(combined[player], periods[player]))
        }
    return combined or {}


def _overlaps(a: list[tuple[date, date | None]], b: list[tuple[date, date | None]]) -> list[tuple[date, date | None]]:
    found = []
    for start_a, end_a in a:
        for start_b, end_b in b:
            start = max(start_a, start_b)
            end = end_a if end_b is None else end_b if end_a is None else min(end_a, end_b)
            if end is None or start <= end:
                found.append((start, end))
    return found


def leaderboard_within(*, pool: RatingPool, periods: Periods) -> list[Rating]:
    """The players of `periods` by the rating their last match inside their periods left them with, counting
    only those matches (a club's board counts a table when the player was a member on the day it was played,
    the day in UTC). Unsaved Rating rows, best conservative rating first."""
    return leaderboards_within(pools=[pool], periods=periods)[pool.pk]


def leaderboards_within(*, pools: Sequence[RatingPool], periods: Periods) -> dict[int, list[Rating]]:
    """`leaderboard_within` of several pools at once, by pool id: one query that returns a row a player and
    pool (the database picks each one's last match inside and counts them; a club's 40 members after 500
    tables no longer bring 2,000 changes into Python) and one for the names."""
    boards: dict[int, list[Rating]] = {pool.pk: [] for pool in pools}
    if not periods or not pools:
        return boards
    by_player = [F("pool_id"), F("player_id")]
    last_inside = (
        RatingChange.objects.filter(pool__in=pools, event__kind=RatingEvent.Kind.MATCH)
        .filter(_inside(periods))
        .annotate(
            newest=Window(RowNumber(), partition_by=by_player, order_by=[F("event__order_at").desc(),
                                                                        F("event_id").desc()]),
            inside=Window(Count("id"), partition_by=by_player),
        )
        .filter(newest=1)
        .values_list("pool_id", "player_id", "mu_after", "sigma_after", "event__order_at", "inside")
    )  # fmt: skip
    ratings = Rating.objects.filter(pool__in=pools, player_id__in=list(periods))
    names = {(pool_id, player): name for pool_id, player, name in ratings.values_list("pool_id", "player_id", "name")}
    by_id = {pool.pk: pool for pool in pools}
    for pool_id, player_id, mu, sigma, order_at, games in last_inside:
        boards[pool_id].append(
            Rating(
                pool=by_id[pool_id], player_id=player_id, name=names.get((pool_id, player_id), ""), mu=mu,
                sigma=sigma, conservative=mu - 3 * sigma, games=games, last_played_at=order_at,
            )
        )  # fmt: skip
    for board in boards.values():
        board.sort(key=lambda r: (-r.conservative, r.player_id))
    return boards


def _inside(periods: Periods) -> Q:
    """The matches played inside their player's periods: players with the same periods share one condition
    (every player of a country shares "always")."""
    players_of: dict[tuple[tuple[date, date | None], ...], list[int]] = defaultdict(list)
    for player_id, own in periods.items():
        players_of[tuple(sorted(own, key=lambda span: (span[0], span[1] or date.max)))].append(player_id)
    conditions = []
    for spans, players in players_of.items():
        during = _during(spans)
        conditions.append(Q(player_id__in=players) if during is None else Q(player_id__in=players) & during)
    return reduce(operator.or_, conditions)


def _during(spans: Iterable[tuple[date, date | None]]) -> Q | None:
    """Matches on the days of these spans (UTC days, as `order_at.date()`), or None: every day."""
    conditions = []
    for start, end in spans:
        span = Q()
        if start > date.min:
            span &= Q(event__order_at__gte=datetime.combine(start, time.min, tzinfo=UTC))
        if end is not None and end < date.max:
            span &= Q(event__order_at__lt=datetime.combine(end + timedelta(days=1), time.min, tzinfo=UTC))
        if not span:
            return None
        conditions.append(span)
    return reduce(operator.or_, conditions)


# Who may publish an official list of a game's pool: by default a superuser; another app registers its own
# rule (the tournaments app: the game's stewards).
_list_publishers: list[Callable[[Any, str], bool]] = []


def register_list_publisher(check: Callable[[Any, str], bool]) -> None:
    _list_publishers.append(check)


def may_publish_list(*, user: Any, game: str) -> bool:
    if not getattr(user, "is_authenticated", False):
        return False
    return bool(getattr(user, "is_superuser", False)) or any(check(user, game) for check in _list_publishers)


@dataclass
class ListPage:
    rating_list: RatingList
    entries: list[RatingListEntry]
    moved_since: int  # players whose live rating is not the list's any more (a correction, a new game, a newcomer)
    entries_count: int = 0
    page: int = 1
    pages: int = 1


LIST_PAGE = 100  # entries a page of a list shows (the API's JSON shows LIST_API_PAGE)
LIST_API_PAGE = 1000


def list_detail(*, list_id: int, page: int = 1, per_page: int | None = None) -> ListPage | None:
    """One page of the list's entries by rank (LIST_PAGE unless `per_page`), and how many ratings moved since
    it was published."""
    per_page = per_page or LIST_PAGE
    rating_list = RatingList.objects.select_related("pool").filter(pk=list_id).first()
    if rating_list is None:
        return None
    count = rating_list.entries.count()
    pages = page_count(count, per_page)
    page = min(max(page, 1), pages)
    entries = list(rating_list.entries.order_by("rank", "id")[(page - 1) * per_page : page * per_page])
    return ListPage(rating_list, entries, list_moved_since(rating_list=rating_list), count, page, pages)


def pool_version(*, pool_id: int) -> int:
    """The pool's newest audit row: every rating change writes one, so it names the pool's state."""
    newest = RatingAudit.objects.filter(pool_id=pool_id).order_by("-pk").values_list("pk", flat=True).first()
    return newest or 0


def list_version(*, list_id: int) -> int:
    """What a list's page shows changes with its pool (the ratings moved since): the pool's version."""
    pool = RatingList.objects.filter(pk=list_id).values_list("pool_id", flat=True).first()
    return pool_version(pool_id=pool) if pool is not None else 0


def list_moved_since(*, rating_list: RatingList) -> int:
    """How many players' live ratings differ from the list's: counted once per change of the pool (the key
    holds the pool's newest audit row, which every rating change writes), not at every view."""
    key = f"list-moved:{rating_list.pk}:{pool_version(pool_id=rating_list.pool_id)}"
    return remembered(key, lambda: _moved_since(rating_list))


def _moved_since(rating_list: RatingList) -> int:
    frozen = dict(rating_list.entries.values_list("player_id", "conservative").iterator(chunk_size=20000))
    moved = 0
    for player, value in rating_list.pool.ratings.values_list("player_id", "conservative").iterator(chunk_size=20000):
        before = frozen.pop(player, None)
        moved += before is None or abs(before - value) > 1e-9
    return moved + len(frozen)  # players on the list who have no live rating any more


def list_rows(*, rating_list: RatingList) -> Iterator[tuple[Any, ...]]:
    """Every entry of the list by rank, as (rank, player id, handle, conservative, mu, sigma, games, inactive
    yes/no), read in chunks: for an export of any size."""
    columns = ("rank", "player_id", "name", "conservative", "mu", "sigma", "games", "inactive")
    rows = rating_list.entries.order_by("rank", "id").values_list(*columns).iterator(chunk_size=5000)
    return ((*row[:-1], "yes" if row[-1] else "no") for row in rows)


def list_ranks_of(*, player_id: int) -> list[RatingListEntry]:
    """The player's place on every published list, newest first."""
    return list(
        RatingListEntry.objects.filter(player_id=player_id)
        .select_related("rating_list__pool")
        .order_by("-rating_list__published_at", "-rating_list_id")
    )


def lists_of(*, pool: RatingPool) -> QuerySet[RatingList]:
    """The pool's official lists, newest first."""
    return pool.lists.order_by("-published_at", "-id")


@dataclass(frozen=True)
class PublishedList:
    """What a list's listeners hear: the list as plain data."""

    list_id: int
    name: str
    game: str
    published_at: datetime
    players: int


# Called with each list just published, inside its transaction (the tournaments app tells webhooks).
_list_listeners: list[Callable[[PublishedList], object]] = []


def on_list_published(listener: Callable[[PublishedList], object]) -> None:
    _list_listeners.append(listener)


def list_listeners() -> list[Callable[[PublishedList], object]]:
    return list(_list_listeners)
