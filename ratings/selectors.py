"""Rating reads: leaderboards and a player's history."""

from datetime import datetime, timedelta

from django.conf import settings
from django.db.models import Q, QuerySet

from ratings.models import Rating, RatingChange, RatingPool


def provisional_condition() -> Q:
    return Q(games__lt=settings.RATINGS_PROVISIONAL_GAMES) | Q(sigma__gt=settings.RATINGS_PROVISIONAL_SIGMA)


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
