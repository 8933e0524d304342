"""A venue laptop's crowd (issue 66, item 4): `make run` (SQLite in WAL mode, tasks in-process, uvicorn), 200
people signing up and logging in from one address while the organiser enters 40 door guests into the running
event. Prints the errors (answers of 500 or more; "database is locked" was one) and the seconds.

    .venv/bin/python bench/venue_crowd.py [--people 200] [--guests 40]
"""

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.calibrate import calibration_ns
from tests.venue_crowd import crowd_night, errors_logged, make_run


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--people", type=int, default=200)
    parser.add_argument("--guests", type=int, default=40)
    arguments = parser.parse_args()
    # 200 sign-ups and 200 log-ins within a minute from one address pass the venue's default write limit
    # (THROTTLE_WRITE_ANON, 300 a minute): a venue expecting such a crowd raises it (docs/operations.md).
    with tempfile.TemporaryDirectory() as folder:
        with make_run(Path(folder), THROTTLE_WRITE_ANON="2000/min") as venue:
            night = crowd_night(venue, people=arguments.people, guests=arguments.guests, threads=16)
        print(f"calibration: an empty call {calibration_ns():.1f} ns")
        print(f"{arguments.people} sign-ups and log-ins, {arguments.guests} door guests in {night.seconds:.1f} s:")
        print(f"{night.logged_in} logged in, {night.guests_entered} guests entered, {len(night.errors)} errors")
        for error in night.errors[:10]:
            print("  ", error)
        if night.errors:  # the server's own words on them: its tracebacks and error lines
            print(errors_logged((Path(folder) / "run.log").read_text()))


if __name__ == "__main__":
    main()
