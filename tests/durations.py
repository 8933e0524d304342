"""The longest tests run first, so that CI's last minutes are not one worker finishing a long test while the
other waits (the scheduling xdist leaves to the order of collection): the longest-first rule packs the two
workers' queues, the short tests filling the end.

`tests/durations.json` holds the seconds of the tests that took two or more in a CI run (setup and teardown
included); a test it does not name keeps its place after them. The file only orders: a stale one costs
minutes, never a result. Refresh it from a run's JUnit report:

    CI_JUNIT_DIR=/tmp/junit .ci/run  # a report for each of its pytest runs
    .venv/bin/python -m tests.durations /tmp/junit/*.xml
"""

import json
import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest
from pytest_django.fixtures import validate_django_db

DURATIONS = Path(__file__).with_name("durations.json")
RECORDED_FROM_SECONDS = 2.0


def longest_first(items: list[pytest.Item]) -> None:
    """Reorder `items` in place: the recorded long tests first, longest first; the rest in collection order."""
    if not DURATIONS.exists():
        return
    seconds = json.loads(DURATIONS.read_text())
    items.sort(key=lambda item: -seconds.get(item.nodeid, 0.0))  # a stable sort: the rest keep their order


TRANSACTIONAL_FIXTURES = {
    "transactional_db",
    "live_server",
    "django_db_reset_sequences",
    "django_db_serialized_rollback",
}
DATABASE_FIXTURES = {"db", "django_db_setup"}  # (every test has django_db_blocker, through pytest-django)


def database_free_among_the_first(items: list[pytest.Item]) -> None:
    """After pytest-django's sort (database tests, transactional ones, then the tests that use no database): the
    tests that use no database join the first group, all of it longest first, the transactional ones last as
    pytest-django needs. The tests with no database read no table, so they may run at any point; run last they
    left the longest of pass 1 (a fresh `make run` migrating its own SQLite database, ~80 s) to end the pass
    alone. A test misjudged transactional only moves the boundary earlier; none of the transactional ones can
    be misjudged free of the database (each is marked or uses a fixture named here)."""
    boundary = next((index for index, item in enumerate(items) if _transactional(item)), len(items))
    first, after = items[:boundary], items[boundary:]
    first += [item for item in after if not _uses_the_database(item)]
    longest_first(first)
    moved = {id(item) for item in first}
    items[:] = first + [item for item in after if id(item) not in moved]


def _transactional(item: pytest.Item) -> bool:
    test_class = getattr(item, "cls", None)
    if test_class is not None and any(base.__name__ == "TransactionTestCase" for base in test_class.__mro__):
        return True
    marker = item.get_closest_marker("django_db")
    if marker is not None:
        transaction, reset_sequences, *_rest = validate_django_db(marker)
        if transaction or reset_sequences:
            return True
    return bool(set(getattr(item, "fixturenames", ())) & TRANSACTIONAL_FIXTURES)


def _uses_the_database(item: pytest.Item) -> bool:
    if _transactional(item):
        return True
    fixtures = set(getattr(item, "fixturenames", ()))
    return item.get_closest_marker("django_db") is not None or bool(fixtures & DATABASE_FIXTURES)


def recorded(junit_report: Path) -> dict[str, float]:
    """The test ids and seconds of a JUnit report's tests that took RECORDED_FROM_SECONDS or more."""
    seconds = {}
    for case in ElementTree.parse(junit_report).getroot().iter("testcase"):
        if float(case.get("time", 0)) >= RECORDED_FROM_SECONDS:
            seconds[_node_id(case.get("classname", ""), case.get("name", ""))] = round(float(case.get("time", 0)), 1)
    return seconds


def _node_id(class_name: str, name: str) -> str:
    """pytest's id of a JUnit case: its dotted class name is a module's path, then maybe a class."""
    parts = class_name.split(".")
    for end in range(len(parts), 0, -1):
        path = Path(*parts[:end]).with_suffix(".py")
        if (Path(__file__).parents[1] / path).exists():
            return "::".join([path.as_posix(), *parts[end:], name])
    return f"{class_name}::{name}"


if __name__ == "__main__":
    found: dict[str, float] = {}
    for report in sys.argv[1:]:  # each pytest run's report: a test in two keeps its longer time
        for node_id, took in recorded(Path(report)).items():
            found[node_id] = max(took, found.get(node_id, 0.0))
    found = dict(sorted(found.items(), key=lambda pair: -pair[1]))
    DURATIONS.write_text(json.dumps(found, indent=0) + "\n")
    print(f"{len(found)} tests of {RECORDED_FROM_SECONDS:g} s or more, {sum(found.values()):.0f} s, in {DURATIONS}")
