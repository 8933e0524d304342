"""A freshly migrated SQLite database for the tests that start an embedded site of their own (the bootstrap's,
`make run`'s: tests/test_foundation.py, tests/test_venue_laptop.py). Migrating one costs ~22 s of CPU (Django
renders the models' states through ~140 migrations), and both tests did it side by side at the start of CI's
first pass. .ci/run migrates one while its set-up's other work runs (mypy, npm) and names it in
FRESH_SQLITE_DATABASE; each test then takes a copy of it. Without it (the README's `make test`) each test
migrates its own, with the same `manage.py migrate --noinput`.

.ci/run does not wait for that database before its first pass: the file appears whole once migrated (or a
`.failed` file beside it, with migrate's output), and a test that copies it waits for it. Those tests are
marked `fresh_sqlite`; where .ci/run makes the database, they start after the pass's first minute of tests
(tests/durations.py, `later_while_migrating`), not first as the longest would, so nobody waits while a core idles."""

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

from tests.workers import ROOT

MADE_BY_CI = "FRESH_SQLITE_DATABASE"
WAITED_AT_MOST_SECONDS = 600


def copy_of_the_ci_database(path: Path) -> bool:
    """Copy .ci/run's freshly migrated database to `path`; whether there was one."""
    made = os.environ.get(MADE_BY_CI, "")
    if not made:
        return False
    failed = Path(f"{made}.failed")
    deadline = time.monotonic() + WAITED_AT_MOST_SECONDS
    while not Path(made).exists():
        assert not failed.exists(), (
            f".ci/run's migrate of a fresh SQLite database failed:\n{failed.read_text()[-4000:]}"
        )
        assert time.monotonic() < deadline, f"{made} did not appear within {WAITED_AT_MOST_SECONDS} s"
        time.sleep(0.2)
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
