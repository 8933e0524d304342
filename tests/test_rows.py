"""config/rows.py: instances read by a hand-written query equal the ORM's, field by field, on either database;
a column that was not read is deferred (reading it costs a query) rather than a wrong default."""

import psycopg
import pytest
from django.db import IntegrityError, connection, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from config.rows import Columns, run_prepared, update_with_history
from tests.tournaments.helpers import running_round
from tournaments.models import Event, Seat, TableResult

pytestmark = [pytest.mark.django_db, pytest.mark.embedded]


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


def prepared_here() -> list[str]:
    """The statements this session has prepared (psycopg prepares with the protocol, under names of its own)."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        return [statement for (statement,) in cursor.fetchall()]


@pytest.mark.django_db(transaction=True)  # it closes the connection
@pytest.mark.skipif(
    connection.vendor != "postgresql", reason="prepared statements are PostgreSQL's; .ci/run's second pass runs it"
)
def test_a_statement_is_prepared_once_per_connection_and_again_on_a_new_one() -> None:
    built = []

    def echo() -> str:
        built.append("echo")
        return "SELECT %s::integer + 1, %s::text"

    def run() -> None:
        with CaptureQueriesContext(connection) as queries, run_prepared("rows_test_echo", echo, [41, "x"]) as cursor:
            assert cursor.fetchone() == (42, "x")
        assert [q["sql"] for q in queries.captured_queries] == ["SELECT %s::integer + 1, %s::text"]

    run()
    assert prepared_here().count("SELECT $1::integer + 1, $2::text") == 1
    run()
    assert prepared_here().count("SELECT $1::integer + 1, $2::text") == 1
    connection.close()
    assert "SELECT $1::integer + 1, $2::text" not in prepared_here()
    run()
    assert prepared_here().count("SELECT $1::integer + 1, $2::text") == 1
    assert built == ["echo"]  # the statement's text is built once, not for each run


@pytest.mark.skipif(connection.vendor != "postgresql", reason="prepared statements are PostgreSQL's")
def test_behind_a_pooler_statements_are_not_prepared(settings) -> None:
    settings.DB_PREPARE_STATEMENTS = False
    with (
        CaptureQueriesContext(connection) as queries,
        run_prepared("rows_test_unprepared", lambda: "SELECT %s + 1", [1]) as cursor,
    ):
        assert cursor.fetchone() == (2,)
    assert [q["sql"] for q in queries.captured_queries] == ["SELECT 1 + 1"]
    assert not any("+ 1" in statement for statement in prepared_here())


def test_a_database_error_of_a_prepared_statement_is_djangos_and_closes_its_cursor(monkeypatch) -> None:
    opened = []
    make_cursor = connection.make_cursor
    monkeypatch.setattr(connection, "make_cursor", lambda raw: opened.append(make_cursor(raw)) or opened[-1])
    with pytest.raises(IntegrityError), transaction.atomic():
        run_prepared("rows_test_null", lambda: "INSERT INTO tournaments_scoresheet (seat_id) VALUES (%s)", [None])
    if connection.vendor == "postgresql":  # elsewhere the statement runs on Django's own cursor
        server_bound = [wrapper.cursor for wrapper in opened if type(wrapper.cursor) is psycopg.Cursor]
        assert len(server_bound) == 1  # Django's own cursors are of its subclasses
        assert server_bound[0].closed


def history_row(result: TableResult) -> dict:
    newest = TableResult.history.filter(id=result.pk).order_by("-history_id").first()
    row = {field.attname: getattr(newest, field.attname) for field in newest._meta.concrete_fields}
    return row | dict.fromkeys(["history_id", "history_date"])


def test_an_update_with_its_history_writes_what_the_orm_writes() -> None:
    """On PostgreSQL one prepared statement, elsewhere the ORM's two: the same row and the same history."""
    event, round_ = running_round(players=8)
    organiser = event.organisers.get()
    first, second = (TableResult.objects.get(table=table) for table in round_.tables.all()[:2])
    stamp = timezone.now()
    for result in (first, second):
        result.status, result.attempt, result.updated_at = TableResult.Status.PENDING, 3, stamp
    update_with_history(first, ["status", "attempt", "updated_at"], organiser)
    TableResult.objects.filter(pk=second.pk).update(status=second.status, attempt=3, updated_at=stamp)
    TableResult.history.bulk_history_create([second], update=True, default_user=organiser)

    by_hand, orm = TableResult.objects.get(pk=first.pk), TableResult.objects.get(pk=second.pk)
    assert (by_hand.status, by_hand.attempt, by_hand.updated_at) == ("pending", 3, stamp)
    written, expected = history_row(by_hand), history_row(orm)
    for differs in ("id", "table_id"):
        assert written.pop(differs) == getattr(by_hand, differs)
        expected.pop(differs)
    assert written == expected
    assert written["history_type"] == "~"
    assert written["history_user_id"] == organiser.pk
    assert TableResult.history.filter(id=first.pk, history_type="~").count() == 1
