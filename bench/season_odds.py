"""A season's odds at 200 players and 30 events (issue 69, item 2): the seconds `season_odds` takes for its
200 simulated seasons, 25 events played and 5 to come (the pure simulation; the reads around it are a few
queries), and `season_tonight` (what each player needs at the next event: a bound, not sampled). Prints the
calibration beside the figures.

    .venv/bin/python bench/season_odds.py [--players 200] [--played 25] [--coming 5]
"""

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.calibrate import calibration_ns
from tournaments.seasons.odds import ComingEvent, season_odds
from tournaments.seasons.points import EventResult
from tournaments.seasons.tonight import season_tonight


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--played", type=int, default=25)
    parser.add_argument("--coming", type=int, default=5)
    args = parser.parse_args()
    rng = random.Random(1)
    players = [f"p{n}" for n in range(args.players)]
    played = []
    for event in range(args.played):
        field = rng.sample(players, k=args.players * 2 // 3)
        played.append(EventResult(event, 1, {p: place for place, p in enumerate(field, start=1)}))
    coming = [ComingEvent(args.played + n, 1, ()) for n in range(args.coming)]
    skills = {p: (rng.gauss(25, 5), rng.uniform(1, 8)) for p in players}
    started = time.perf_counter()
    season_odds(played=played, coming=coming, skills=skills, default=(25.0, 8.3), beta=25 / 6, best_of=5,
                table=None, slots=16, taken=set(), declined=set(), samples=200, seed=1)  # fmt: skip
    seconds = time.perf_counter() - started
    started = time.perf_counter()
    needs = season_tonight(played=played, coming=coming, best_of=5, table=None, slots=16, taken=set(), declined=set())
    tonight = time.perf_counter() - started
    print(f"calibration: an empty call {calibration_ns():.1f} ns")
    print(f"{args.players} players, {args.played} events played, {args.coming} to come, 200 seasons: {seconds:.2f} s")
    kinds = sorted({need.need.value for need in needs})
    print(f"what each of the {len(needs)} players needs at the next event ({', '.join(kinds)}): {tonight:.3f} s")


if __name__ == "__main__":
    main()
