"""Every model of the rating lab on both ground truths (issue 69, item 6): the circular one (players pick by the
statistic the choice model is given) and an independent one (players pick by what a card adds to their own
row; part of the skill is the activity scored). ratings/lab/generators.py.

    .venv/bin/python bench/lab_generators.py [--players 48 --events 6 --rounds 3 --seeds 1 2]

Printed for each generator and seed: each model's rank correlation with the hidden skill after 1, 3 and 5
events, its held-out log-likelihood, winner accuracy and pairwise Brier score (the later 20% of the tables),
and TrueSkill's calibration (predicted chance to win by tenths, against how often those players won). Pure
Python.
"""

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.calibrate import calibration_ns
from ratings.lab.generators import GENERATORS, generator_report
from ratings.trueskill_step import Environment

DEFAULTS = Environment(25.0, 25 / 3, 25 / 6, 25 / 300, 0.1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=48)
    parser.add_argument("--events", type=int, default=6)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2])
    args = parser.parse_args()
    print(f"calibration {calibration_ns():.1f} ns; {args.players} players, {args.events} Swiss events of {args.rounds}")
    for name, make in GENERATORS.items():
        for seed in args.seeds:
            started = time.perf_counter()
            report = generator_report(name, make(args.players, args.events, args.rounds, seed), DEFAULTS)
            print(f"\n== generator {report['generator']}, seed {seed}: {report['tables']} tables "
                  f"({time.perf_counter() - started:.0f} s)")  # fmt: skip
            for model, by_events in report["correlations"].items():
                held = report["held_out"][model]
                rhos = ", ".join(f"{events}: {rho:.3f}" for events, rho in by_events.items())
                print(f"  {model:<17} rho after events {rhos} | held out: log-likelihood "
                      f"{held['log_likelihood']:.3f}, winner {held['winner_accuracy']:.1%}, "
                      f"pairwise Brier {held['pairwise_error']:.3f}")  # fmt: skip
            print("  TrueSkill's calibration (chance to win -> how often won, players):")
            for line in report["calibration"]:
                print(f"    {line['low']:.1f}-{line['high']:.1f}: {line['predicted']:.2f} -> {line['observed']:.2f} "
                      f"({line['count']})")  # fmt: skip


if __name__ == "__main__":
    main()
