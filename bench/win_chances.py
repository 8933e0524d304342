"""Each seat's chance to win for a round's TV (issue 69, item 1): the seconds `win_chances` takes for 500
four-player tables of players with random ratings (the pure integration; the TV reads the ratings once for
all the tables and keeps the chances for the round). Prints the calibration beside the figure.

    .venv/bin/python bench/win_chances.py [--tables 500]
"""

import argparse
import os
import random
import sys
import time
from pathlib import Path

import django

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django.setup()

from bench.calibrate import calibration_ns  # noqa: E402
from ratings.selectors.chances import win_chances  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=500)
    args = parser.parse_args()
    rng = random.Random(1)
    tables = [[(rng.gauss(25, 5), rng.uniform(1, 8)) for _ in range(4)] for _ in range(args.tables)]
    started = time.perf_counter()
    for skills in tables:
        win_chances(skills, 25 / 6)
    seconds = time.perf_counter() - started
    print(f"calibration: an empty call {calibration_ns():.1f} ns")
    print(f"{args.tables} four-player tables: {seconds:.2f} s")


if __name__ == "__main__":
    main()
