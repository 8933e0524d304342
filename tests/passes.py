"""Which of .ci/run's passes runs a test that starts its own embedded site (its own SQLite database, whatever
the suite's): the first pass only, since the second would run it again unchanged."""

import os

import pytest

embedded_pass_only = pytest.mark.skipif(
    os.environ.get("DATABASE_URL", "").startswith("postgres"),
    reason="the embedded pass (.ci/run's first) runs it: it uses a SQLite database of its own, whatever the suite's",
)
