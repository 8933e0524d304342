"""The ordering of CI's tests by their recorded seconds (tests/durations.py)."""

from types import SimpleNamespace

import pytest

from tests import durations


def test_a_junit_report_gives_pytests_ids_of_the_long_tests_only(tmp_path) -> None:
    report = tmp_path / "junit.xml"
    report.write_text(
        '<testsuites><testsuite name="pytest">'
        '<testcase classname="tests.tournaments.archive.test_archive" name="test_a[x y]" time="5.61"/>'
        '<testcase classname="tests.test_durations" name="test_short" time="1.2"/>'
        '<testcase classname="tests.games.test_usa.TestScoring" name="test_b" time="2.0"/>'
        "</testsuite></testsuites>"
    )
    assert durations.recorded(report) == {
        "tests/tournaments/archive/test_archive.py::test_a[x y]": 5.6,
        "tests/games/test_usa.py::TestScoring::test_b": 2.0,
    }


def test_the_recorded_tests_go_first_longest_first_and_the_rest_keep_their_order(monkeypatch, tmp_path) -> None:
    recorded = tmp_path / "durations.json"
    recorded.write_text('{"b": 3.0, "d": 9.0}')
    monkeypatch.setattr(durations, "DURATIONS", recorded)
    items = [SimpleNamespace(nodeid=name) for name in "abcde"]
    durations.longest_first(items)  # type: ignore[arg-type]
    assert [item.nodeid for item in items] == ["d", "b", "a", "c", "e"]


def test_the_tests_that_use_no_database_join_the_first_group_longest_first_the_transactional_ones_stay_last(
    monkeypatch, tmp_path
) -> None:
    recorded = tmp_path / "durations.json"
    recorded.write_text('{"make run": 80.0, "bootstrap": 60.0, "browser": 90.0}')
    monkeypatch.setattr(durations, "DURATIONS", recorded)

    def item(name: str, fixtures: tuple[str, ...] = (), marked: bool = False) -> SimpleNamespace:
        marker = pytest.mark.django_db.mark if marked else None
        return SimpleNamespace(nodeid=name, cls=None, fixturenames=fixtures, get_closest_marker=lambda _name: marker)

    # as pytest-django leaves them: the database tests, the transactional ones, those with no database
    items = [item("bootstrap", marked=True), item("uses a user", ("user", "db")), item("browser", ("live_server",)),
             item("schema", ("django_db_setup",)), item("pure"), item("make run", ("tmp_path",))]  # fmt: skip
    durations.database_free_among_the_first(items)  # type: ignore[arg-type]
    assert [i.nodeid for i in items] == ["make run", "bootstrap", "uses a user", "pure", "browser", "schema"]
