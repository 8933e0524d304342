"""The copy of .ci/run's fresh SQLite database (tests/fresh_sqlite.py): waited for while it is being made."""

import threading

import pytest

from tests import fresh_sqlite


def test_the_copy_waits_for_the_database_to_appear_whole(monkeypatch, tmp_path) -> None:
    made = tmp_path / "fresh.sqlite3"
    monkeypatch.setenv(fresh_sqlite.MADE_BY_CI, str(made))
    threading.Timer(0.5, made.write_bytes, [b"migrated"]).start()
    assert fresh_sqlite.copy_of_the_ci_database(tmp_path / "copy.sqlite3")
    assert (tmp_path / "copy.sqlite3").read_bytes() == b"migrated"


def test_a_failed_migrate_fails_the_copy_with_its_output(monkeypatch, tmp_path) -> None:
    made = tmp_path / "fresh.sqlite3"
    monkeypatch.setenv(fresh_sqlite.MADE_BY_CI, str(made))
    (tmp_path / "fresh.sqlite3.failed").write_text("django.db.utils.OperationalError: no such table")
    with pytest.raises(AssertionError, match="no such table"):
        fresh_sqlite.copy_of_the_ci_database(tmp_path / "copy.sqlite3")


def test_without_ci_there_is_nothing_to_copy(monkeypatch, tmp_path) -> None:
    monkeypatch.delenv(fresh_sqlite.MADE_BY_CI, raising=False)
    assert not fresh_sqlite.copy_of_the_ci_database(tmp_path / "copy.sqlite3")
