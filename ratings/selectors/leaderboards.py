"""Leaderboards, pages of them, a player's ratings and history."""

import math
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.db.models import Exists, Expression, F, OuterRef, Q, QuerySet, Subquery

from ratings import buckets
from ratings.models import Rating, RatingChange, RatingEvent, RatingPool


def provisional_condition() -> Q:
    return Q(games__lt=settings.RATINGS_PROVISIONAL_GAMES) | Q(sigma__gt=settings.RATINGS_PROVISIONAL_SIGMA)


def source_rated(source: Expression) -> Exists:
    """Whether a rating event exists for `source` (an expression, so that a caller can anti-join on it)."""
    return Exists(RatingEvent.objects.filter(source=source))


def pool_of_game(*, game: str) -> RatingPool | None:
    return RatingPool.objects.filter(game=game).first()


@dataclass(frozen=True)
class Standing:
    """A player's rating in one game's pool, as entry conditions read it."""

    conservative: float
    games: int
    peak: float | None = None  # the highest conservative rating after a rated game (none: never rated in a game)


def standing_in_game(*, game: str, user_id: int) -> Standing | None:
    """The player's conservative rating, rated games and peak in the game's pool; None when they have no rating."""
    row = (
        Rating.objects.filter(pool__game=game, player_id=user_id)
        .annotate(peak=_peak()["peak"])
        .values_list("conservative", "games", "peak")
        .first()
    )
    return Standing(*row) if row else None


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
        # dropped. Written as one OR, PostgreSQL filtered every row above the cursor instead of seeking to it
        # (EXPLAIN ANALYZE shows which).
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


def _peak() -> dict[str, Subquery]:
    """The player's highest conservative rating in the pool after a rated game (`peak`), first reached when
    (`peak_at`) and at which rated source (`peak_source`: "table:42"): in the ratings' own query."""
    changes = (
        RatingChange.objects.filter(
            pool_id=OuterRef("pool_id"), player_id=OuterRef("player_id"), event__kind=RatingEvent.Kind.MATCH
        )
        .annotate(after=F("mu_after") - 3 * F("sigma_after"))
        .order_by("-after", "event__order_at", "event_id")
    )
    return {
        "peak": Subquery(changes.values("after")[:1]),
        "peak_at": Subquery(changes.values("event__order_at")[:1]),
        "peak_source": Subquery(changes.values("event__source")[:1]),
    }


CHART_GAMES = 50  # a player's page charts their rating after each of their last fifty games, per pool


@dataclass(frozen=True)
class Peak:
    """A player's highest conservative rating in a pool after a rated game, first reached when and where."""

    conservative: float
    at: datetime
    source: str  # the rated table, as the pool names it ("table:42")


def player_ratings(*, player_id: int) -> list[tuple[Rating, list[tuple[datetime, float]], Peak | None]]:
    """Each pool's rating of the player with its last CHART_GAMES values for the history chart, oldest first:
    (when, conservative rating after the game). One query a pool, plain tuples: the same cost after 50 games
    or 5,000. With each, its peak (read in the ratings' own query: _peak)."""
    ratings = list(
        Rating.objects.filter(player_id=player_id).select_related("pool").annotate(**_peak()).order_by("pool__name")
    )
    charts = []
    for rating in ratings:
        latest = (
            RatingChange.objects.filter(pool_id=rating.pool_id, player_id=player_id, event__kind=RatingEvent.Kind.MATCH)
            .order_by("-event__order_at", "-event_id")
            .values_list("event__order_at", "mu_after", "sigma_after")[:CHART_GAMES]
        )
        peak = getattr(rating, "peak", None)  # annotated by _peak: None for a rating with no rated game
        found = Peak(peak, rating.peak_at, rating.peak_source) if peak is not None else None  # type: ignore[attr-defined]
        charts.append((rating, [(when, mu - 3 * sigma) for when, mu, sigma in reversed(latest)], found))
    return charts
