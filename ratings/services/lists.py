"""Official rating lists: published under their rules, monthly or by a steward."""

from datetime import datetime, timedelta

from django.db import IntegrityError, connection, transaction
from django.db.models import BooleanField, Case, F, Q, When, Window
from django.db.models.functions import Floor, Rank
from django.utils import timezone
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy

from config.errors import Conflict, DomainError
from ratings.models import (
    RatingList,
    RatingListEntry,
    RatingPool,
)
from ratings.selectors.lists import PublishedList, list_listeners, listed_ratings
from ratings.services.pools import pool_get

INACTIVE_AFTER = timedelta(days=365)  # a player without a rated game for a year is marked inactive on a list


def list_publish(
    *, game: str, name: str, actor: str, at: datetime | None = None, min_games: int = 0,
    leave_out_provisional: bool = False,
) -> RatingList:  # fmt: skip
    """Freeze the pool's ratings as an official list `name`, as FIDE's lists are made: players with fewer
    than `min_games` rated games left out, provisional players too when asked, a player without a rated game
    in the year before marked inactive, and players whose ratings show the same (to one decimal) sharing a
    rank. The entries are copied by one statement, which reads one committed moment of the pool (every
    rating change commits whole), so no lock is held and rating goes on meanwhile."""
    name = " ".join(name.split())
    if not name:
        raise DomainError("a list needs a name", "invalid_name", "name")
    if not 0 <= min_games <= 10_000:
        raise DomainError("a minimum of games is 0 to 10000", "invalid_min_games", "min_games")
    pool = pool_get(game=game)
    try:
        with transaction.atomic():
            rating_list = RatingList.objects.create(
                pool=pool, name=name, published_at=at or timezone.now(), published_by=actor[:150],
                min_games=min_games, provisional_left_out=leave_out_provisional,
            )  # fmt: skip
            players = _list_entries_copy(rating_list)
            published = PublishedList(rating_list.pk, name, game, rating_list.published_at, players)
            for listener in list_listeners():
                listener(published)
    except IntegrityError:
        if pool.lists.filter(name=name).exists():
            message = format_lazy(gettext_lazy("the list {name!r} is already published"), name=name)
            raise Conflict(message, "list_exists", "name") from None
        raise
    return rating_list


def _list_entries_copy(rating_list: RatingList) -> int:
    """INSERT ... SELECT of the pool's ratings with their shared ranks (SQL's RANK() over the rating as shown,
    to one decimal: 1, 1, 3), in player order so every index of the entries grows at its end; the SELECT is
    the ORM's. The list's rules and `list_exclusions` (demo players) leave players out before ranking.
    Returns the rows."""
    rated = listed_ratings(pool_id=rating_list.pool_id, min_games=rating_list.min_games,
                           provisional_left_out=rating_list.provisional_left_out)  # fmt: skip
    idle_since = rating_list.published_at - INACTIVE_AFTER
    columns = ("player_id", "name", "list_rank", "conservative", "mu", "sigma", "games", "list_inactive")
    ranked = rated.annotate(
        list_rank=Window(Rank(), order_by=[Floor(F("conservative") * 10 + 0.5).desc()]),  # to one decimal, as shown
        list_inactive=Case(When(Q(last_played_at__lt=idle_since) | Q(last_played_at__isnull=True), then=True),
                           default=False, output_field=BooleanField()),
    ).values_list(*columns)  # fmt: skip
    select, params = ranked.query.sql_with_params()
    table, quote = RatingListEntry._meta.db_table, connection.ops.quote_name
    targets = ", ".join(
        quote(column)
        for column in (
            "rating_list_id",
            "player_id",
            "name",
            "rank",
            "conservative",
            "mu",
            "sigma",
            "games",
            "inactive",
        )
    )
    picked = ", ".join(f"ranked.{quote(column)}" for column in columns)
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {quote(table)} ({targets}) SELECT {int(rating_list.pk)}, {picked} "
            f"FROM ({select}) ranked ORDER BY ranked.{quote('player_id')}",
            params,
        )
        return int(cursor.rowcount)


def lists_publish_monthly(*, now: datetime) -> int:
    """The schedule's list of every pool with ratings for the month just ended (named YYYY-MM), once."""
    month = (now.replace(day=1) - timedelta(days=1)).strftime("%Y-%m")
    published = 0
    for pool in RatingPool.objects.exclude(lists__name=month).filter(ratings__isnull=False).distinct():
        list_publish(game=pool.game, name=month, actor="schedule (monthly)", at=now)
        published += 1
    return published
