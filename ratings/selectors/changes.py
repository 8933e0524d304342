"""Rating changes: per game and a player's recent ones."""

from dataclasses import dataclass
from datetime import datetime

from django.conf import settings
from django.db.models import Count, IntegerField, OuterRef, Q, QuerySet, Subquery

from ratings.models import Rating, RatingChange, RatingEvent


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


def recent_changes(
    *, player_id: int, limit: int = 20, games_by_pool: dict[int, int] | None = None
) -> list[tuple[str, GameChange]]:
    """The player's latest rated games, newest first: (source, change) (two queries, plain tuples; one when the
    caller has read the player's ratings already and passes their games by pool). How many games the player
    had after each comes from their rating's count, counting back: no scan of their whole history."""
    changes = (
        RatingChange.objects.filter(player_id=player_id, event__kind=RatingEvent.Kind.MATCH)
        .order_by("-event__order_at", "-event_id")
        .values_list(
            "event__source", "pool_id", "mu_before", "sigma_before", "mu_after", "sigma_after", "event__order_at",
            "rank",
        )[:limit]
    )  # fmt: skip
    games = (
        dict(games_by_pool)
        if games_by_pool is not None
        else dict(Rating.objects.filter(player_id=player_id).values_list("pool_id", "games"))
    )
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
