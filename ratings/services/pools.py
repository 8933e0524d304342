"""Rating pools: recording matches, the TrueSkill step, replays, inactivity and merges."""

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import Q

from config.bulk import bulk_insert
from ratings import trueskill_chain
from ratings.buckets import buckets_clear, buckets_move
from ratings.models import (
    Rating,
    RatingAudit,
    RatingChange,
    RatingEvent,
    RatingListEntry,
    RatingPool,
    TitleAward,
)
from ratings.services.titles import titles_award
from ratings.trueskill_step import Environment, widen

BATCH = 2000


@dataclass(frozen=True, slots=True)
class Placing:
    """One player's place in a rated match: what the tournaments app hands over, stored as JSON in
    `RatingEvent.placings`. `rank` is None in an inactivity event (which ranks nobody)."""

    player: int  # the user id
    name: str  # the handle shown on the leaderboard
    rank: int | None

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "name": self.name, "rank": self.rank}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Placing":
        return cls(data["player"], data["name"], data["rank"])


def placings_of(event: RatingEvent) -> list[Placing]:
    return [Placing.from_json(p) for p in event.placings]


@dataclass
class PlayerState:
    name: str
    mu: float
    sigma: float
    games: int = 0
    last_played_at: datetime | None = None


def pool_get(*, game: str, name: str | None = None) -> RatingPool:
    pool, _ = RatingPool.objects.get_or_create(game=game, defaults={"name": name or game})
    return pool


def pool_locked(game: str, name: str | None = None) -> RatingPool:
    """The game's pool row, locked until the transaction ends (created first if the game has none yet)."""
    try:
        return RatingPool.objects.select_for_update().get(game=game)
    except RatingPool.DoesNotExist:
        return RatingPool.objects.select_for_update().get(pk=pool_get(game=game, name=name).pk)


def pools_lock(*, games: dict[str, str]) -> None:
    """Lock the pools of these games ({game: pool name}) in one order, until the transaction ends.

    A caller that must read what it rates under the lock (so that it never rates a stale read) takes
    the locks first; the writes below take them again, which costs nothing inside the same transaction.
    """
    for game in sorted(games):
        pool_locked(game, games[game])


def match_record(
    *,
    game: str,
    source: str,
    order_at: datetime,
    placings: Sequence[Placing],
    actor: str = "",
    pool_name: str | None = None,
) -> RatingEvent:
    """Rate a match once; a changed or earlier-slotted match replays the pool from the earliest point."""
    with transaction.atomic():
        pool = pool_locked(game, pool_name)
        event = RatingEvent.objects.filter(pool=pool, source=source).first()
        stored = [p.to_json() for p in placings]
        if event and event.order_at == order_at and event.placings == stored:
            return event
        start = min(event.order_at, order_at) if event else order_at
        rewind = event is not None or pool.events.filter(order_at__gt=order_at).exists()
        state = _rewind(pool, start) if rewind else {}
        if event:
            event.order_at, event.placings = order_at, stored
            event.save(update_fields=["order_at", "placings"])
        else:
            event = RatingEvent.objects.create(
                pool=pool, kind=RatingEvent.Kind.MATCH, source=source, order_at=order_at, placings=stored
            )
        replayed = list(pool.events.filter(order_at__gte=start).order_by("order_at", "id")) if rewind else [event]
        _apply(pool, replayed, state)
        action = RatingAudit.Action.RERATED if rewind else RatingAudit.Action.RECORDED
        RatingAudit.objects.create(pool=pool, action=action, source=source, actor=actor, events_replayed=len(replayed))
    return event


@dataclass(frozen=True)
class Match:
    source: str
    order_at: datetime
    placings: Sequence[Placing]
    actor: str = ""


def matches_record(*, game: str, matches: Sequence[Match], pool_name: str | None = None) -> None:
    """Rate several matches under one lock of the pool.

    New matches that come after everything the pool holds, the usual case, are appended in one pass
    (one insert of events, one of history rows, one upsert of ratings); a match already rated or
    slotted earlier goes through `match_record`, which rewinds and replays. The result is the same as
    recording each match on its own in order.

    No savepoint of its own: nothing here is retried after a failure inside a caller's transaction, which
    rolls back whole; a rating of one table then costs two statements less.
    """
    with transaction.atomic(savepoint=False):
        pool = pool_locked(game, pool_name)
        known = set(
            RatingEvent.objects.filter(pool=pool, source__in=[m.source for m in matches]).values_list(
                "source", flat=True
            )
        )
        for match in (m for m in matches if m.source in known):
            _record_one(game, match)
        fresh = sorted((m for m in matches if m.source not in known), key=lambda m: m.order_at)
        latest = pool.events.order_by("-order_at").values_list("order_at", flat=True).first()
        late = [m for m in fresh if latest is not None and m.order_at < latest]
        for match in late:
            _record_one(game, match)
        appended = fresh[len(late) :]
        events = RatingEvent.objects.bulk_create(
            RatingEvent(pool=pool, kind=RatingEvent.Kind.MATCH, source=m.source, order_at=m.order_at,
                        placings=[p.to_json() for p in m.placings])
            for m in appended
        )  # fmt: skip
        _apply(pool, events, {})
        RatingAudit.objects.bulk_create(
            RatingAudit(pool=pool, action=RatingAudit.Action.RECORDED, source=m.source, actor=m.actor,
                        events_replayed=1)
            for m in appended
        )  # fmt: skip


def _record_one(game: str, match: Match) -> None:
    match_record(game=game, source=match.source, order_at=match.order_at, placings=match.placings, actor=match.actor)


def match_remove(*, game: str, source: str, actor: str = "") -> bool:
    """Unrate a match whose result no longer counts, replaying the pool from where it stood."""
    with transaction.atomic():
        pool = pool_locked(game)
        event = RatingEvent.objects.filter(pool=pool, source=source).first()
        if event is None:
            return False
        state = _rewind(pool, event.order_at)
        event.delete()
        later = list(pool.events.filter(order_at__gte=event.order_at).order_by("order_at", "id"))
        _apply(pool, later, state)
        RatingAudit.objects.create(
            pool=pool, action=RatingAudit.Action.REMOVED, source=source, actor=actor, events_replayed=len(later)
        )
    return True


def pool_replay(*, pool: RatingPool, start: datetime | None = None, actor: str = "") -> int:
    """Recompute every event from `start` on (all when None). Call with the pool row locked."""
    state = _rewind(pool, start)
    events = pool.events.order_by("order_at", "id")
    event_list = list(events if start is None else events.filter(order_at__gte=start))
    _apply(pool, event_list, state)
    RatingAudit.objects.create(
        pool=pool, action=RatingAudit.Action.REPLAYED, actor=actor, events_replayed=len(event_list)
    )
    return len(event_list)


def _rewind(pool: RatingPool, start: datetime | None) -> dict[int, PlayerState]:
    """Undo every change from `start` on, as the history stood; return the affected players' ratings before it."""
    if start is None:
        pool.changes.all().delete()
        pool.ratings.all().delete()
        buckets_clear(pool=pool)
        return {}
    undone = RatingChange.objects.filter(pool=pool, event__order_at__gte=start)
    state = _state_before(pool, start, set(undone.values_list("player_id", flat=True)))
    undone.delete()
    return state


def inactivity_widen(*, now: datetime) -> int:
    """Widen sigma once per inactivity period for players who have not played (docs: README, Ratings)."""
    window = timedelta(days=settings.RATINGS_INACTIVITY_DAYS)
    widened = 0
    for pool in RatingPool.objects.all():
        with transaction.atomic():
            pool = RatingPool.objects.select_for_update().get(pk=pool.pk)
            idle = pool.ratings.filter(last_played_at__lt=now - window, sigma__lt=pool.sigma)
            for rating in idle:
                last = (
                    RatingChange.objects.filter(pool=pool, player_id=rating.player_id)
                    .select_related("event")
                    .order_by("-event__order_at")
                    .first()
                )
                if last and last.event.order_at >= now - window:
                    continue  # widened within this period already
                source = f"inactivity:{rating.player_id}:{now.date().isoformat()}"
                placings = [Placing(rating.player_id, rating.name, None).to_json()]
                event = RatingEvent.objects.create(
                    pool=pool, kind=RatingEvent.Kind.INACTIVITY, source=source, order_at=now, placings=placings
                )
                _apply(pool, [event], {})
                RatingAudit.objects.create(
                    pool=pool, action=RatingAudit.Action.INACTIVITY, source=source, actor="inactivity task"
                )
                widened += 1
    return widened


def _current_state(pool: RatingPool, players: Iterable[int]) -> dict[int, PlayerState]:
    return {
        r.player_id: PlayerState(r.name, r.mu, r.sigma, r.games, r.last_played_at)
        for r in pool.ratings.filter(player_id__in=list(players))
    }


def _state_before(pool: RatingPool, start: datetime | None, players: set[int]) -> dict[int, PlayerState]:
    """Each player's rating just before `start`: the `before` side of their first change from there on."""
    if start is None:
        return {}
    state = _current_state(pool, players)
    firsts: dict[int, RatingChange] = {}
    for change in (
        RatingChange.objects.filter(pool=pool, player_id__in=players, event__order_at__gte=start)
        .select_related("event")
        .order_by("event__order_at", "event_id")
    ):
        firsts.setdefault(change.player_id, change)
    earlier = (
        RatingChange.objects.filter(pool=pool, player_id__in=players, event__order_at__lt=start, event__kind="match")
        .values_list("player_id", "event__order_at")
        .order_by("event__order_at")
    )
    played: dict[int, tuple[int, datetime]] = {}
    for player, at in earlier:
        played[player] = (played.get(player, (0, at))[0] + 1, at)
    for player, change in firsts.items():
        games, last = played.get(player, (0, None))
        name = state[player].name if player in state else ""
        state[player] = PlayerState(name, change.mu_before, change.sigma_before, games, last)
    return state


def _apply(pool: RatingPool, events: Sequence[RatingEvent], state: dict[int, PlayerState]) -> None:
    """Run events in order over `state`, write their changes in batches, then every rating in `state`."""
    env = pool.environment()
    placed = [(event, placings_of(event)) for event in events]
    unknown = {p.player for _, placings in placed for p in placings} - state.keys()
    state.update(_current_state(pool, unknown))  # untouched since before the events: their rating is current
    changes: list[ChangeRow] = []
    for event, placings in placed:
        for placing in placings:
            if placing.player not in state:
                state[placing.player] = PlayerState(placing.name, pool.mu, pool.sigma)
            state[placing.player].name = placing.name or state[placing.player].name
        changes += _event_changes(pool, env, event, placings, state)
        if len(changes) >= BATCH:
            _insert_changes(changes)
            changes = []
    _insert_changes(changes)
    _write_ratings(pool, state)
    if pool.titled:
        titles_award(pool=pool, players=state.keys())


ChangeRow = tuple[int, int, int, int | None, float, float, float, float]


CHANGE_COLUMNS = ("event_id", "pool_id", "player_id", "rank", "mu_before", "sigma_before", "mu_after", "sigma_after")


def _insert_changes(rows: list[ChangeRow]) -> None:
    """Write history rows (a replay writes hundreds of thousands: COPY on PostgreSQL)."""
    bulk_insert(RatingChange, CHANGE_COLUMNS, rows)


def _event_changes(
    pool: RatingPool, env: Environment, event: RatingEvent, placings: list[Placing], state: dict[int, PlayerState]
) -> list[ChangeRow]:
    before = [(state[p.player].mu, state[p.player].sigma) for p in placings]
    if event.kind == RatingEvent.Kind.INACTIVITY:
        after = [(mu, widen(sigma, settings.RATINGS_INACTIVITY_SIGMA_STEP, pool.sigma)) for mu, sigma in before]
    else:
        after = trueskill_chain.rate(env, before, [p.rank or 0 for p in placings])  # a match ranks every player
    changes = []
    for placing, (mu0, s0), (mu1, s1) in zip(placings, before, after, strict=True):
        player = state[placing.player]
        player.mu, player.sigma = mu1, s1
        if event.kind == RatingEvent.Kind.MATCH:
            player.games, player.last_played_at = player.games + 1, event.order_at
        changes.append((event.pk, pool.pk, placing.player, placing.rank, mu0, s0, mu1, s1))
    return changes


def _write_ratings(pool: RatingPool, state: dict[int, PlayerState]) -> None:
    """Insert or update every rating in `state` in one statement (upsert on the pool-player constraint).
    A player left with no game (their only matches were removed) has no rating, as if never rated."""
    before = _conservatives(pool, state.keys())
    unrated = [player for player, s in state.items() if s.games == 0]
    if unrated:
        Rating.objects.filter(pool=pool, player_id__in=unrated).delete()
    ratings = [
        Rating(
            pool=pool,
            player_id=player,
            name=s.name,
            mu=s.mu,
            sigma=s.sigma,
            games=s.games,
            last_played_at=s.last_played_at,
            conservative=s.mu - 3 * s.sigma,
        )
        for player, s in state.items()
        if s.games
    ]
    Rating.objects.bulk_create(
        ratings,
        batch_size=BATCH,
        update_conflicts=True,
        unique_fields=["pool", "player"],
        update_fields=["name", "mu", "sigma", "conservative", "games", "last_played_at"],
    )
    buckets_move(pool=pool, before=before, after=[rating.conservative for rating in ratings])


def _conservatives(pool: RatingPool, players: Collection[int]) -> list[float]:
    """The players' conservative ratings as stored now (for the rank buckets); a replay touching many players
    reads the pool once rather than sending each id."""
    rows = pool.ratings.values_list("player_id", "conservative")
    if len(players) <= 5000:
        return [c for _player, c in rows.filter(player_id__in=list(players))]
    wanted = set(players)
    return [c for player, c in rows.iterator(chunk_size=20000) if player in wanted]


def player_merge(
    *, games: Iterable[str], sources: Iterable[str], old: int, new: int, name: str, actor: str, inactivity: bool = True
) -> None:
    """Give player `old`'s placings in these games' matches (`sources`) and inactivity events to player `new`
    (shown as `name`), then replay those pools: `old` keeps no rating, `new` has both histories. The two
    never shared a match (the caller checks)."""
    pools = list(RatingPool.objects.select_for_update().filter(game__in=list(games)).order_by("pk"))
    moving = Q(source__in=list(sources))
    events = RatingEvent.objects.filter(pool__in=pools).filter(
        moving | Q(kind=RatingEvent.Kind.INACTIVITY) if inactivity else moving
    )
    for event in events.only("pk", "placings"):
        placings = [{**p, "player": new, "name": name} if p.get("player") == old else p for p in event.placings]
        if placings != event.placings:
            RatingEvent.objects.filter(pk=event.pk).update(placings=placings)
    TitleAward.objects.filter(rule__pool__in=pools, player_id=old).delete()  # `new` earns them from both histories
    for pool in pools:
        pool_replay(pool=pool, actor=actor)


def player_rename(*, player: int, name: str) -> int:
    """Show player `player` as `name` wherever a pool or a list wrote their name (their ratings, their placings
    in every rated event, their lines of published lists); nothing is rated again. Returns the events renamed."""
    Rating.objects.filter(player_id=player).update(name=name)
    RatingListEntry.objects.filter(player_id=player).update(name=name)
    TitleAward.objects.filter(player_id=player).update(name=name)
    renamed = 0
    for event in RatingEvent.objects.filter(changes__player_id=player).distinct().only("pk", "placings"):
        placings = [{**p, "name": name} if p.get("player") == player else p for p in event.placings]
        if placings != event.placings:
            RatingEvent.objects.filter(pk=event.pk).update(placings=placings)
            renamed += 1
    return renamed
