"""Swiss seating against a greedy fill and the plain cut, on simulated events (issue 18).

    .venv/bin/python bench/seating.py [--sizes 12 16 24 32 64 128 256 512] [--rounds 5] [--events 3]

Each event: players with random results (ranks at random at every table, the default points scheme),
tables of 4 preferred, then 3, then 2. Every strategy plays its own event from the same seed. Printed per
size: repeat meetings per event (sum over rounds of earlier meetings of the pairs seated together), the
Swiss spread (mean over tables of max minus min standings points brought to the table) and the slowest
round's seating time. Plus the adversarial case where the standings line up with the last rounds' tables.
No Django: the seating module is pure.
"""

import argparse
import random
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tournaments import seating

POINTS = {2: [4, 0], 3: [4, 2, 0], 4: [4, 2, 1, 0], 5: [4, 3, 2, 1, 0]}
PREFERENCE = (4, 3, 2)


def strategy(name: str):
    return {
        "module": lambda ranked, met, points: seating.swiss_round(ranked, PREFERENCE, met, points=points),
        "greedy": lambda ranked, met, points: seating.greedy_fill(ranked, PREFERENCE, met),
        "cut": lambda ranked, met, points: seating.swiss_round(ranked, PREFERENCE, met, max_passes=0),
    }[name]


def play(name: str, players: int, rounds: int, seed: int) -> tuple[int, float, float]:
    rng = random.Random(seed)
    field = [f"p{i}" for i in range(players)]
    points: dict[str, float] = defaultdict(float)
    history: list[list[tuple[str, ...]]] = [list(seating.first_round(field, PREFERENCE, seed).tables)]
    for table in history[0]:
        _score(table, points, rng)
    repeats, spreads, slowest = 0, [], 0.0
    for _ in range(rounds - 1):
        ranked = sorted(field, key=lambda p: (-points[p], p))
        met = seating.meetings(history)
        start = time.perf_counter()
        seated = strategy(name)(ranked, met, {p: points[p] for p in field})
        slowest = max(slowest, time.perf_counter() - start)
        repeats += seating.repeats(seated.tables, met)
        spreads.append(seating.spread(seated.tables, {p: points[p] for p in field}))
        history.append(list(seated.tables))
        for table in seated.tables:
            _score(table, points, rng)
    return repeats, statistics.mean(spreads), slowest * 1000


def _score(table: tuple[str, ...], points: dict[str, float], rng: random.Random) -> None:
    order = list(table)
    rng.shuffle(order)
    for place, player in enumerate(order):
        points[player] += POINTS[len(table)][place]


def aligned(players: int) -> None:
    """The standings line up with the last round's tables: cutting them seats the same tables again."""
    field = [f"p{i}" for i in range(players)]
    tables = [tuple(field[i : i + 4]) for i in range(0, players, 4)]
    met = seating.meetings([tables, tables])
    points = {p: float(players - i) for i, p in enumerate(field)}
    print(f"aligned standings, {players} players (repeats, spread):")
    for name in ("module", "greedy", "cut"):
        seated = strategy(name)(field, met, points)
        print(f"  {name:<7} {seating.repeats(seated.tables, met):5d}  {seating.spread(seated.tables, points):6.2f}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", type=int, nargs="+", default=[12, 16, 24, 32, 64, 128, 256, 512])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--events", type=int, default=3)
    args = parser.parse_args()
    print(f"{args.rounds} rounds, {args.events} events per size; repeats per event, mean spread, slowest round (ms)")
    print(f"{'players':>7} | {'module':^22} | {'greedy':^22} | {'cut':^22}")
    for players in args.sizes:
        row = []
        for name in ("module", "greedy", "cut"):
            runs = [play(name, players, args.rounds, seed) for seed in range(args.events)]
            row.append(tuple(statistics.mean(values) for values in zip(*runs, strict=True)))
        cells = " | ".join(f"{r:6.1f} {s:6.2f} {t:7.1f}" for r, s, t in row)
        print(f"{players:>7} | {cells}")
    aligned(64)


if __name__ == "__main__":
    main()
