"""The migrations build exactly the models: the suite's databases are made from the models
(tests/conftest.py, `django_db_use_migrations`), so a change to a model without its migration would pass every
other test here and fail on the first `make run` of an existing install."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.passes import embedded_pass_only

pytestmark = pytest.mark.embedded

ROOT = Path(__file__).resolve().parents[1]


@embedded_pass_only
def test_the_migrations_build_exactly_the_models(tmp_path) -> None:
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path / 'empty.sqlite3'}"}
    done = subprocess.run([sys.executable, "manage.py", "makemigrations", "--check", "--dry-run"], cwd=ROOT, env=env,
                          capture_output=True, text=True, check=False)  # fmt: skip
    assert done.returncode == 0, f"a model differs from its migrations:\n{done.stdout[-3000:]}{done.stderr[-3000:]}"
