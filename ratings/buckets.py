"""Ranks at scale: a pool's ratings counted by conservative rating in buckets a tenth of a point wide
(RatingBucket), kept in the transaction that writes the ratings. A player's rank, the leaderboard's size and
where a deep page starts then add up a few hundred bucket rows and count within one bucket, instead of
counting up to a million ratings, which grows with the pool (docs/rules.md, "Ranks at scale").

Bucket f holds the conservative ratings c with f / 10 <= c < (f + 1) / 10. The bounds are computed the same
way in Python and passed to the database as the same floats, so a bucket and a range query always agree.
"""

import math
from collections import Counter
from collections.abc import Iterable, Mapping

from django.db import connection

from ratings.models import Rating, RatingBucket, RatingPool


def bucket_of(conservative: float) -> int:
    floor = math.floor(conservative * 10)
    while conservative < floor / 10:  # float rounding in the product: the bounds decide
        floor -= 1
    while conservative >= (floor + 1) / 10:
        floor += 1
    return floor


def upper_bound(floor: int) -> float:
    """The first conservative rating above bucket `floor`."""
    return (floor + 1) / 10


def buckets_move(*, pool: RatingPool, before: Iterable[float], after: Iterable[float]) -> None:
    """Ratings that had the conservative ratings `before` now have `after` (a removed rating is in `before`
    only, a new one in `after` only): one statement adding each bucket's difference. Call in the
    transaction that writes the ratings, under the pool's lock."""
    delta: Counter[int] = Counter(bucket_of(c) for c in after)
    delta.subtract(bucket_of(c) for c in before)
    changes = [(pool.pk, floor, n) for floor, n in delta.items() if n]
    if not changes:
        return
    table = connection.ops.quote_name(RatingBucket._meta.db_table)
    values = ", ".join(["(%s, %s, %s)"] * len(changes))
    with connection.cursor() as cursor:  # PostgreSQL and SQLite share this upsert
        cursor.execute(
            f"INSERT INTO {table} (pool_id, floor, players) VALUES {values} "
            f"ON CONFLICT (pool_id, floor) DO UPDATE SET players = {table}.players + excluded.players",
            [value for change in changes for value in change],
        )


def buckets_clear(*, pool: RatingPool) -> None:
    RatingBucket.objects.filter(pool=pool).delete()


def buckets_recount(*, pool: RatingPool) -> dict[int, int]:
    """The buckets as the ratings now are, counted from scratch (for the tests and a check)."""
    counts = Counter(bucket_of(c) for c in pool.ratings.values_list("conservative", flat=True).iterator())
    return {floor: n for floor, n in counts.items() if n}


def stored_buckets(*, pool: RatingPool) -> dict[int, int]:
    return dict(RatingBucket.objects.filter(pool=pool, players__gt=0).values_list("floor", "players"))


def rank_and_size(*, rating: Rating) -> tuple[int, int]:
    """The rating's place on the pool's leaderboard (best conservative first, equal ones by id) and how many
    the pool rates, in one statement: the buckets above it and in all, and the ratings ahead of it in its own
    bucket, one range of the (pool, -conservative, id) index read without the table (an equal rating is
    ahead when its id is smaller). Written as SQL: the ORM took longer to compile it than the database to run
    it."""
    floor, c = bucket_of(rating.conservative), rating.conservative
    buckets, ratings = (connection.ops.quote_name(m._meta.db_table) for m in (RatingBucket, Rating))
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT (SELECT COALESCE(SUM(players), 0) FROM {buckets} WHERE pool_id = %s AND floor > %s), "
            f"(SELECT COALESCE(SUM(players), 0) FROM {buckets} WHERE pool_id = %s), "
            f"(SELECT COUNT(*) FROM {ratings} WHERE pool_id = %s AND conservative >= %s AND conservative < %s "
            f"AND (conservative > %s OR id < %s))",
            [rating.pool_id, floor, rating.pool_id, rating.pool_id, c, upper_bound(floor), c, rating.pk],
        )
        above, size, ahead = cursor.fetchone()
    return int(above) + int(ahead) + 1, int(size)


def page_start(*, buckets: Mapping[int, int], position: int) -> tuple[int, int] | None:
    """Where the rating at `position` (0 for the best) is: (its bucket, how many of that bucket come before
    it); None past the end. `buckets` as `stored_buckets` gives them."""
    seen = 0
    for floor in sorted(buckets, reverse=True):
        if position < seen + buckets[floor]:
            return floor, position - seen
        seen += buckets[floor]
    return None
