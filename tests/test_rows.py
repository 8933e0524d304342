"""config/rows.py: instances read by a hand-written query equal the ORM's, field by field, on either database;
a column that was not read is deferred (reading it costs a query) rather than a wrong default."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from config.rows import Columns, execute_prepared
from tests.tournaments.helpers import running_round
from tournaments.models import Event, Seat, TableResult

pytestmark = pytest.mark.django_db


def read(columns: list[Columns], sql: str, params: list) -> list:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        row = cursor.fetchone()
    built, at = [], 0
    for c in columns:
        instance, at = c.build(row, at)
        built.append(instance)
    assert at == len(row)
    return built


def test_every_column_read_by_hand_equals_the_orms_value() -> None:
    _event, round_ = running_round()
    table = round_.tables.get()
    TableResult.objects.filter(table=table).update(verdict={"scores": [1, 2]}, verified_at=timezone.now())
    Seat.objects.filter(pk=table.seats.first().pk).update(forfeited=True)
    result, seat = Columns.of(TableResult, "r"), Columns.of(Seat, "s")
    sql = (f"SELECT {result.select()}, {seat.select()} FROM {result.table} JOIN {seat.table}"
           f" ON {seat.column('table')} = {result.column('table')} WHERE {result.column('table')} = %s"
           f" ORDER BY {seat.column('position')}")  # fmt: skip
    by_hand, first_seat = read([result, seat], sql, [table.pk])
    orm = TableResult.objects.get(table=table)
    for field in TableResult._meta.concrete_fields:
        assert getattr(by_hand, field.attname) == getattr(orm, field.attname), field.name
    assert by_hand.verdict == {"scores": [1, 2]}
    assert first_seat.forfeited is True
    assert first_seat == table.seats.order_by("position").first()
    assert not by_hand._state.adding


def test_a_column_not_read_is_deferred_and_read_when_asked() -> None:
    event, _round = running_round()
    few = Columns.of(Event, "e", ["id", "game"])
    (built,) = read([few], f"SELECT {few.select()} FROM {few.table} WHERE {few.column('id')} = %s", [event.pk])
    assert built.get_deferred_fields() >= {"name", "status"}
    with CaptureQueriesContext(connection) as queries:
        assert built.name == event.name
    assert len(queries) == 1


def test_a_name_the_model_does_not_have_is_refused() -> None:
    with pytest.raises(ValueError, match="Event has no column colour"):
        Columns.of(Event, "e", ["id", "colour"])


@pytest.mark.django_db(transaction=True)  # it closes the connection
@pytest.mark.skipif(
    connection.vendor != "postgresql", reason="prepared statements are PostgreSQL's; .ci/run's second pass runs it"
)
def test_a_statement_is_prepared_once_per_connection_and_again_on_a_new_one() -> None:
    def kinds() -> list[str]:
        with CaptureQueriesContext(connection) as queries, connection.cursor() as cursor:
            execute_prepared(cursor, "rows_test_echo", "SELECT %s + 1, %s", [41, "x"])
            assert cursor.fetchone() == (42, "x")
        return [q["sql"].split()[0] for q in queries.captured_queries]

    assert kinds() == ["PREPARE", "EXECUTE"]
    assert kinds() == ["EXECUTE"]
    connection.close()
    assert kinds() == ["PREPARE", "EXECUTE"]


@pytest.mark.skipif(connection.vendor != "postgresql", reason="prepared statements are PostgreSQL's")
def test_behind_a_pooler_statements_are_not_prepared(settings) -> None:
    settings.DB_PREPARE_STATEMENTS = False
    with CaptureQueriesContext(connection) as queries, connection.cursor() as cursor:
        execute_prepared(cursor, "rows_test_unprepared", "SELECT %s + 1", [1])
        assert cursor.fetchone() == (2,)
    assert [q["sql"] for q in queries.captured_queries] == ["SELECT 1 + 1"]
