"""CSV exports a spreadsheet reads (issue 44, item 2): truth values as yes/no, nested objects as columns of
their own, never a Python repr in a cell."""

import csv
import io

import pytest
from django.test import Client
from django.utils import timezone

from config.renderers import CSVRenderer
from ratings.services.pools import Placing, match_record
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_the_leaderboards_provisional_column_reads_yes_or_no() -> None:
    users = [UserFactory() for _ in range(3)]
    placings = [Placing(u.pk, u.username, i) for i, u in enumerate(users, start=1)]
    match_record(game="boomerang-flip", source="table:1", order_at=timezone.now(), placings=placings)
    answer = Client().get("/api/ratings/pools/boomerang-flip/leaderboard/", {"format": "csv"})
    rows = list(csv.DictReader(io.StringIO(answer.content.decode())))
    assert [row["provisional"] for row in rows] == ["yes", "yes", "yes"]  # one game each: provisional
    assert all("True" not in value and "False" not in value for row in rows for value in row.values())


def test_nested_objects_become_columns_and_lists_of_values_join() -> None:
    rendered = CSVRenderer().render([
        {"player": "ann", "points": {"night": 3, "cup": 5}, "counted": [True, False], "rated": False},
        {"player": "bo", "points": {"night": 1}, "counted": [], "rated": True},
    ]).decode()  # fmt: skip
    rows = list(csv.DictReader(io.StringIO(rendered)))
    assert list(rows[0]) == ["player", "points.night", "points.cup", "counted", "rated"]
    assert rows[0] == {"player": "ann", "points.night": "3", "points.cup": "5", "counted": "yes;no", "rated": "no"}
    assert rows[1]["points.cup"] == ""
    assert "{" not in rendered
