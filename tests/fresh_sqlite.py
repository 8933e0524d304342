"""A freshly migrated SQLite database for the tests that start an embedded site of their own (the bootstrap's,
`make run`'s: tests/test_foundation.py, tests/test_venue_laptop.py). Migrating one costs ~22 s of CPU (Django
renders the models' states through ~140 migrations), and both tests did it side by side at the start of CI's
first pass. .ci/run migrates one while its set-up's other work runs (mypy, npm) and names it in
FRESH_SQLITE_DATABASE; each test then takes a copy of it. Without it (the README's `make test`) each test
migrates its own, with the same `manage.py migrate --noinput`."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

from tests.workers import ROOT

MADE_BY_CI = "FRESH_SQLITE_DATABASE"


def copy_of_the_ci_database(path: Path) -> bool:
    """Copy .ci/run's freshly migrated database to `path`; whether there was one."""
    made = os.environ.get(MADE_BY_CI, "")
    if not made:
        return False
    shutil.copyfile(made, path)
    return True


def fresh_sqlite_database(path: Path, environment: dict[str, str]) -> None:
    """A freshly migrated SQLite database at `path`: .ci/run's copied, or migrated here in `environment`."""
    if copy_of_the_ci_database(path):
        return
    done = subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput"],
        cwd=ROOT, env={**environment, "DATABASE_URL": f"sqlite:///{path}"}, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 0, f"manage.py migrate: {done.stderr[-4000:]}"
