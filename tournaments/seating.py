"""Swiss seating for multiplayer tables: a pure module (no Django), deterministic for a seed.

Round 1 shuffles the players with `random.Random(seed)`. Later rounds take the players in standing order,
cut them into tables of the game's preferred sizes, then swap players between neighbouring tables while
that lowers the number of repeat opponents. Swaps are only kept when they lower it, so the result never
has more repeats than plainly cutting the standings (the greedy baseline).
"""

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
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


def _best_split(players: int, sizes: tuple[int, ...]) -> list[int] | None:
    if players == 0:
        return []
    best: tuple[tuple[int, ...], list[int]] | None = None
    for split in _splits(players, sizes):
        counts = [split.count(size) for size in sizes]
        key = (*reversed(counts[1:]), -counts[0])  # fewest worst-size tables, then most best-size tables
        if best is None or key < best[0]:
            best = (key, split)
    return best[1] if best else None


def _splits(players: int, sizes: tuple[int, ...]) -> list[list[int]]:
    if not sizes:
        return [[]] if players == 0 else []
    first, rest = sizes[0], sizes[1:]
    return [[first] * k + tail for k in range(players // first + 1) for tail in _splits(players - k * first, rest)]


def first_round(
    players: Sequence[str], sizes_by_preference: Sequence[int], seed: int, byes_had: Mapping[str, int] | None = None
) -> Seating:
    order = list(players)
    random.Random(seed).shuffle(order)
    return _cut(order, sizes_by_preference, byes_had or {})


def swiss_round(
    ranked: Sequence[str],
    sizes_by_preference: Sequence[int],
    met: Mapping[Pair, int],
    max_passes: int = 20,
    byes_had: Mapping[str, int] | None = None,
) -> Seating:
    """Seat players given best first; lower repeat opponents by swapping between neighbouring tables."""
    seating = _cut(list(ranked), sizes_by_preference, byes_had or {})
    tables = [list(table) for table in seating.tables]
    for _ in range(max_passes):
        if not _improve_once(tables, met):
            break
    return Seating(tuple(tuple(table) for table in tables), seating.byes)


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


def _improve_once(tables: list[list[str]], met: Mapping[Pair, int]) -> bool:
    """Make the first swap between neighbouring tables that lowers repeats; say whether one was made."""
    for t in range(len(tables) - 1):
        upper, lower = tables[t], tables[t + 1]
        before = repeats([upper, lower], met)
        if before == 0:
            continue
        for a in range(len(upper)):
            for b in range(len(lower)):
                upper[a], lower[b] = lower[b], upper[a]
                if repeats([upper, lower], met) < before:
                    return True
                upper[a], lower[b] = lower[b], upper[a]
    return False


def meetings(rounds: Sequence[Sequence[Sequence[str]]]) -> dict[Pair, int]:
    """Count how often each pair of players sat at one table in the given rounds."""
    met: dict[Pair, int] = {}
    for tables in rounds:
        for table in tables:
            for pair in combinations(table, 2):
                key = frozenset(pair)
                met[key] = met.get(key, 0) + 1
    return met
