"""Swiss seating: a pure module (no Django), deterministic for a seed.

Round 1 shuffles the players with `random.Random(seed)`. Later rounds seat the players in standing order
with as few repeat meetings as possible, then as little spread of standings points at each table as
possible (`swiss_round`). bench/seating.py measures it against a greedy fill and the plain cut.
"""

import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

Pair = frozenset[str]


@dataclass(frozen=True)
class Seating:
    tables: tuple[tuple[str, ...], ...]
    byes: tuple[str, ...] = ()


def table_sizes(players: int, sizes_by_preference: Sequence[int]) -> tuple[list[int], int]:
    """Split players into allowed sizes, fewest of the least preferred sizes first; return (sizes, byes).

    Byes are only needed when no split exists (one player left, or an odd number for a two-player game).
    """
    for byes in range(players + 1):
        split = _best_split(players - byes, tuple(sizes_by_preference))
        if split is not None:
            return sorted(split, reverse=True), byes
    return [], players


@lru_cache(maxsize=256)
def _best_split(players: int, sizes: tuple[int, ...]) -> list[int] | None:
    """The split with the fewest tables of the least preferred size, then of the next, ..., then the most of
    the best: the first split found when the counts of the other sizes are tried from the worst size up."""
    if players == 0:
        return []
    best, others = sizes[0], sizes[:0:-1]  # the other sizes, worst first
    for counts in _counts(players, others):
        rest = players - sum(count * size for count, size in zip(counts, others, strict=True))
        if rest % best == 0:
            split = [best] * (rest // best)
            for count, size in zip(reversed(counts), others[::-1], strict=True):
                split += [size] * count
            return split
    return None


def _counts(players: int, sizes: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """Counts of tables of these sizes using at most `players`, in lexicographic order (the first size's
    count smallest first)."""
    if not sizes:
        yield ()
        return
    for count in range(players // sizes[0] + 1):
        for rest in _counts(players - count * sizes[0], sizes[1:]):
            yield (count, *rest)


def first_round(
    players: Sequence[str], sizes_by_preference: Sequence[int], seed: int, byes_had: Mapping[str, int] | None = None
) -> Seating:
    return _cut(seeded_order(players, seed), sizes_by_preference, byes_had or {})


def seeded_order(players: Sequence[str], seed: int) -> list[str]:
    """Round 1's random order, replayable from the event's seed."""
    order = list(players)
    random.Random(seed).shuffle(order)
    return order


REPEAT_WEIGHT = 3  # one repeat meeting weighs as much as 3 tournament points of spread at a table (bench/seating.py)
WINDOW = 2  # tables compared with each table: the next few in standing order, so the seating stays Swiss
PAIRING_WINDOW = 12  # two-player games: each player may meet the next 12 in the standings


def swiss_round(
    ranked: Sequence[str],
    sizes_by_preference: Sequence[int],
    met: Mapping[Pair, int],
    max_passes: int = 20,
    byes_had: Mapping[str, int] | None = None,
    points: Mapping[str, float] | None = None,
    pinned: Mapping[str, int] | None = None,
) -> Seating:
    """Seat players given best first: fewest repeat meetings first, then the smallest spread of standings
    points at each table (docs/rules.md, "Swiss rounds").

    Multiplayer tables: a greedy fill (each seat to the best-placed player who has met nobody at the table)
    and the plain cut of the standings are both improved by local search over pairs of nearby tables
    (swap two players when it lowers REPEAT_WEIGHT x repeats + spread); the better result is kept, so it is
    never worse than either. Two-player games: a maximum-weight matching (Edmonds' blossom, networkx). With
    `max_passes=0`, the plain cut. Deterministic: no randomness. `pinned` {player: table number} puts a
    player at a given table (mobility needs).
    """
    base = _cut(list(ranked), sizes_by_preference, byes_had or {})
    if max_passes == 0:
        return base
    order = [player for player in ranked if player not in base.byes]
    worth = points if points is not None else {player: -float(i) for i, player in enumerate(ranked)}
    if tuple(sizes_by_preference) == (2,):
        tables = _matching(order, met, worth)
    else:
        sizes = [len(table) for table in base.tables]
        starts = [_greedy_fill(order, sizes, met), [list(table) for table in base.tables]]
        tables = min(
            (_local_search(start, met, worth, max_passes) for start in starts), key=lambda t: _cost(t, met, worth)
        )
    if pinned:
        _pin(tables, pinned, met, worth)
    return Seating(tuple(tuple(table) for table in tables), base.byes)


def greedy_fill(ranked: Sequence[str], sizes_by_preference: Sequence[int], met: Mapping[Pair, int]) -> Seating:
    """The baseline the seating must beat: fill each table from the top of the standings with the
    best-placed player who has met nobody already at it (the best-placed player when everyone has)."""
    base = _cut(list(ranked), sizes_by_preference, {})
    order = [player for player in ranked if player not in base.byes]
    tables = _greedy_fill(order, [len(table) for table in base.tables], met)
    return Seating(tuple(tuple(table) for table in tables), base.byes)


def spread(tables: Sequence[Sequence[str]], points: Mapping[str, float]) -> float:
    """Mean over tables of the highest minus the lowest standings points brought to the table."""
    if not tables:
        return 0.0
    return sum(max(points[p] for p in t) - min(points[p] for p in t) for t in tables) / len(tables)


def _greedy_fill(order: list[str], sizes: list[int], met: Mapping[Pair, int]) -> list[list[str]]:
    remaining, tables = list(order), []
    for size in sizes:
        table = [remaining.pop(0)]
        while len(table) < size:
            fresh = next((p for p in remaining if not any(frozenset((p, q)) in met for q in table)), remaining[0])
            remaining.remove(fresh)
            table.append(fresh)
        tables.append(table)
    return tables


def _table_cost(table: Sequence[str], met: Mapping[Pair, int], points: Mapping[str, float]) -> float:
    repeat = sum(met.get(frozenset(pair), 0) for pair in combinations(table, 2))
    values = [points[p] for p in table]
    return REPEAT_WEIGHT * repeat + max(values) - min(values)


def _cost(tables: Sequence[Sequence[str]], met: Mapping[Pair, int], points: Mapping[str, float]) -> float:
    return sum(_table_cost(table, met, points) for table in tables)


def _local_search(
    start: list[list[str]], met: Mapping[Pair, int], points: Mapping[str, float], max_passes: int
) -> list[list[str]]:
    """Swap players between a table and the next WINDOW tables while that lowers the pair's cost; only
    tables changed in a pass are looked at again."""
    tables = [list(table) for table in start]
    costs = [_table_cost(table, met, points) for table in tables]
    dirty = set(range(len(tables)))
    for _ in range(max_passes):
        changed: set[int] = set()
        for i in sorted(dirty):
            for j in range(max(0, i - WINDOW), min(len(tables), i + WINDOW + 1)):
                if j != i and _best_swap(tables, costs, min(i, j), max(i, j), met, points):
                    changed.update((i, j))
        if not changed:
            break
        dirty = changed
    return tables


def _best_swap(
    tables: list[list[str]], costs: list[float], i: int, j: int, met: Mapping[Pair, int], points: Mapping[str, float]
) -> bool:
    upper, lower, before = tables[i], tables[j], costs[i] + costs[j]
    best = None
    for a in range(len(upper)):
        for b in range(len(lower)):
            upper[a], lower[b] = lower[b], upper[a]
            after = (_table_cost(upper, met, points), _table_cost(lower, met, points))
            if sum(after) < before - 1e-9 and (best is None or sum(after) < sum(best[2])):
                best = (a, b, after)
            upper[a], lower[b] = lower[b], upper[a]
    if best is None:
        return False
    a, b, (costs[i], costs[j]) = best
    upper[a], lower[b] = lower[b], upper[a]
    return True


def _matching(order: list[str], met: Mapping[Pair, int], points: Mapping[str, float]) -> list[list[str]]:
    """Two-player tables: the maximum-weight perfect matching over pairs within PAIRING_WINDOW places, a pair
    weighing less for each earlier meeting and for the points between them; tables in standing order."""
    import networkx as nx

    graph = nx.Graph()
    graph.add_nodes_from(order)
    top = REPEAT_WEIGHT * 100.0
    for i, a in enumerate(order):
        for b in order[i + 1 : i + 1 + PAIRING_WINDOW]:
            weight = top - REPEAT_WEIGHT * met.get(frozenset((a, b)), 0) - abs(points[a] - points[b])
            graph.add_edge(a, b, weight=weight)
    place = {player: i for i, player in enumerate(order)}
    pairs = [sorted(pair, key=place.__getitem__) for pair in nx.max_weight_matching(graph, maxcardinality=True)]
    return sorted(pairs, key=lambda pair: place[pair[0]])


def _swap_cost(
    tables: list[list[str]],
    home: int,
    target: int,
    player: str,
    other: str,
    met: Mapping[Pair, int],
    points: Mapping[str, float],
) -> float:
    moved_home = [other if p == player else p for p in tables[home]]
    moved_there = [player if p == other else p for p in tables[target]]
    return _table_cost(moved_home, met, points) + _table_cost(moved_there, met, points)


def _pin(
    tables: list[list[str]], pinned: Mapping[str, int], met: Mapping[Pair, int], points: Mapping[str, float]
) -> None:
    """Move each pinned player to their table (1-based), swapping with the unpinned player there whose swap
    costs least; a pin to a table that does not exist this round is ignored."""
    for player, number in sorted(pinned.items(), key=lambda item: item[1]):
        where = next((i for i, table in enumerate(tables) if player in table), None)
        target = number - 1
        if where is None or where == target or not 0 <= target < len(tables):
            continue
        movable = [p for p in tables[target] if p not in pinned or pinned[p] != number]
        if not movable:
            continue

        other = min(movable, key=lambda o: _swap_cost(tables, where, target, player, o, met, points))
        a, b = tables[where].index(player), tables[target].index(other)
        tables[where][a], tables[target][b] = other, player


def repeats(tables: Sequence[Sequence[str]], met: Mapping[Pair, int]) -> int:
    """How many earlier meetings the tables' pairs of players have had, in all."""
    return sum(met.get(frozenset(pair), 0) for table in tables for pair in combinations(table, 2))


def _cut(order: list[str], sizes_by_preference: Sequence[int], byes_had: Mapping[str, int]) -> Seating:
    """Cut the order into tables; the byes go to the players with the fewest byes so far, the last in the
    order among them (the lowest-ranked in a Swiss round), so nobody has a second bye before everyone
    has had one."""
    sizes, byes = table_sizes(len(order), sizes_by_preference)
    by_need = sorted(range(len(order)), key=lambda i: (byes_had.get(order[i], 0), -i))
    chosen = {order[i] for i in by_need[:byes]}
    seated = [player for player in order if player not in chosen]
    bye_players = [player for player in order if player in chosen]
    tables, start = [], 0
    for size in sizes:
        tables.append(tuple(seated[start : start + size]))
        start += size
    return Seating(tuple(tables), tuple(bye_players))


def meetings(rounds: Sequence[Sequence[Sequence[str]]]) -> dict[Pair, int]:
    """Count how often each pair of players sat at one table in the given rounds."""
    met: dict[Pair, int] = {}
    for tables in rounds:
        for table in tables:
            for pair in combinations(table, 2):
                key = frozenset(pair)
                met[key] = met.get(key, 0) + 1
    return met
