"""Leaderboards within a club's or a country's players over their periods (filters other apps register)."""

import operator
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from datetime import UTC, date, datetime, time, timedelta
from functools import reduce

from django.db.models import Count, F, Q, Window
from django.db.models.functions import RowNumber

from ratings.models import Rating, RatingChange, RatingEvent, RatingPool

# Who counts on a filtered leaderboard: by player id, the periods (first day, last day or None: still) in
# which their matches count. Another app registers how to compute them for a name (a club's members while
# they were members, a country's players always); ratings knows nothing of clubs or countries.
Periods = dict[int, list[tuple[date, date | None]]]


_PLAYER_FILTERS: dict[str, Callable[[str], Periods]] = {}


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
