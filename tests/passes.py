"""Which of .ci/run's passes runs a test whose work is a process of its own, set up by the test whatever the
suite's database and Redis (an embedded site on its own SQLite database, `manage.py check` in a clean
environment): the first pass only, since the second would run it again unchanged."""

import os

import pytest

embedded_pass_only = pytest.mark.skipif(
    os.environ.get("DATABASE_URL", "").startswith("postgres"),
    reason="the embedded pass (.ci/run's first) runs it: its process has settings of its own, whatever the suite's",
)
