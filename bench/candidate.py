"""The draft-aware candidate's cost in a pool's nightly quality report (issue 69, item 6;
ratings/lab/candidate.py): `candidate_figures` over a pool of `--tables` tables, the choice model reading the
picks of the latest 5,000 (the window), on the lab's ground truth (every table's picks known). Prints the
seconds, the fitted weight and scale, the three models' held-out log-likelihood, and the calibration.

    .venv/bin/python bench/candidate.py [--players 96 --events 70 --rounds 3]
"""

import argparse
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.calibrate import calibration_ns
from ratings.lab.candidate import PoolDrafts, candidate_figures
from ratings.lab.ground_truth import swiss_events
from ratings.trueskill_step import Environment


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=96)
    parser.add_argument("--events", type=int, default=70)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    started = time.perf_counter()
    played = swiss_events(args.players, args.events, args.rounds, seed=args.seed)
    made = time.perf_counter() - started
    tables = [replace(table, source=f"table:{n}") for n, table in enumerate(played.tables)]
    drafts = PoolDrafts({t.source: p for t, p in zip(tables, played.picks, strict=True)}, played.statistics)
    started = time.perf_counter()
    found = candidate_figures(tables, Environment(25.0, 25 / 3, 25 / 6, 25 / 300, 0.1), drafts)
    seconds = time.perf_counter() - started
    assert found is not None
    print(f"calibration: an empty call {calibration_ns():.1f} ns")
    print(f"{len(tables)} tables (ground truth made in {made:.1f} s): candidate_figures {seconds:.2f} s, "
          f"window {found.tables}, held out {found.held_out}")  # fmt: skip
    print(f"fitted: TrueSkill weight {found.weight}, pick scale {found.scale}; TrueSkill alone {found.baseline_weight}")
    for name, scores in found.models.items():
        print(f"  {name:17} log-likelihood {scores.log_likelihood:.3f}  winner {scores.winner_accuracy:.3f}")
    print(f"  knowing nothing   log-likelihood {found.uniform_log_likelihood:.3f}")


if __name__ == "__main__":
    main()
