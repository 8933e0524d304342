"""The sheet POST's hottest statements, written by hand (issue 65, item 5): Django's query compiler was a third
of the POST's CPU, most of it for these four (BENCHMARKS.md, "the sheet POST against issue 65's 2.5x"). Each
is built once, at import, from the models' tables and columns (config/rows.py), and they say what the ORM
said: `sheets.py` keeps the rules."""

from datetime import datetime
from typing import Any

from django.contrib.auth.models import User
from django.db import connection, models
from django.utils import timezone

from config.rows import columns_of, field_of, instance_from, width_of
from tournaments.models import Event, Player, Round, ScoreSheet, Seat, Table, TableResult


def _table(model: type[models.Model]) -> str:
    return _quoted(model._meta.db_table)


def _quoted(name: str) -> str:
    return f'"{name}"'


# What a sheet POST reads of its table's result (the rest deferred): the history row of its queueing is copied
# from the row itself (_HISTORY_ROW).
_RESULT_READ = ("id", "table_id", "status", "attempt")
_RESULT_OF_SEAT = (
    f"SELECT {columns_of(TableResult, 'r', _RESULT_READ)} FROM {_table(TableResult)} r"
    f" JOIN {_table(Seat)} s ON s.table_id = r.table_id WHERE s.id = %s"
)
# What a sheet's checks, its storing and its answer read of the seat's rows; any other field is deferred (read
# from the database if ever asked for, as `QuerySet.only()` leaves it). The event alone has 48 columns, a
# dozen of them JSON: reading them all and making their instances was a tenth of a sheet POST.
_PLAYER_READ = ("id", "user_id", "handle")
_ROUND_READ = ("id", "event_id", "number", "status")
_EVENT_READ = ("id", "game", "organisation_id")
_SEAT_WITH_ITS_EVENT = (
    f"SELECT {columns_of(Seat, 's')}, {columns_of(Player, 'p', _PLAYER_READ)}, {columns_of(Table, 't')},"
    f" {columns_of(Round, 'rd', _ROUND_READ)}, {columns_of(Event, 'e', _EVENT_READ)}"
    f" FROM {_table(Seat)} s JOIN {_table(Player)} p ON p.id = s.player_id JOIN {_table(Table)} t ON t.id = s.table_id"
    f" JOIN {_table(Round)} rd ON rd.id = t.round_id JOIN {_table(Event)} e ON e.id = rd.event_id WHERE s.id = %s"
)
# The seat's next version, and how many of its table's other seats still playing have no sheet: the seat that
# has just had one is left out by name, since the count may not see the row its own statement inserts.
_NEXT_VERSION = (
    f"INSERT INTO {_table(ScoreSheet)} (seat_id, version, data, status, problems, entered_by_id, entered_at)"
    f" SELECT %s, COALESCE(MAX(version), 0) + 1, %s, %s, %s, %s, %s FROM {_table(ScoreSheet)} WHERE seat_id = %s"
    f" RETURNING id, version, (SELECT COUNT(*) FROM {_table(Seat)} s WHERE s.table_id = %s AND s.id <> %s"
    f" AND NOT s.forfeited AND NOT EXISTS (SELECT 1 FROM {_table(ScoreSheet)} ss WHERE ss.seat_id = s.id))"
)
_QUEUED = f"UPDATE {_table(TableResult)} SET status = %s, attempt = %s, updated_at = %s WHERE id = %s"
# The history row simple_history writes when a result is saved (`TableResult.history`): every field it keeps,
# copied from the result's row as just updated, and who changed it when.
_HISTORICAL: Any = TableResult.history.model
_HISTORY_FIELDS = [field for field in _HISTORICAL._meta.concrete_fields if not field.primary_key]
_OF_THE_CHANGE = ("history_date", "history_type", "history_user_id", "history_change_reason")
_HISTORY_ROW = (
    f"INSERT INTO {_table(_HISTORICAL)} ({', '.join(_quoted(field.column) for field in _HISTORY_FIELDS)})"
    f" SELECT {', '.join('%s' if f.attname in _OF_THE_CHANGE else f'r.{_quoted(f.column)}' for f in _HISTORY_FIELDS)}"
    f" FROM {_table(TableResult)} r WHERE r.id = %s"
)
_SEATS_WAITING = (
    f"SELECT COUNT(*) FROM {_table(Seat)} s WHERE s.table_id = %s AND NOT s.forfeited"
    f" AND NOT EXISTS (SELECT 1 FROM {_table(ScoreSheet)} ss WHERE ss.seat_id = s.id)"
)


def result_of_seat_locked(seat_id: int) -> TableResult | None:
    """The result of the seat's table, its row locked (the table's lock), with the fields a sheet POST reads
    (the others deferred); None when there is no such seat."""
    locking = " FOR UPDATE OF r" if connection.features.has_select_for_update_of else ""
    with connection.cursor() as cursor:
        cursor.execute(_RESULT_OF_SEAT + locking, [seat_id])
        row = cursor.fetchone()
    return None if row is None else instance_from(TableResult, row, 0, connection.alias, _RESULT_READ)


def seat_with_its_event(seat_id: int) -> Seat:
    """The seat with its player, table, round and event (`seat.table.round.event`), each with the fields a
    sheet POST reads (the others deferred)."""
    with connection.cursor() as cursor:
        cursor.execute(_SEAT_WITH_ITS_EVENT, [seat_id])
        row = cursor.fetchone()
    db, start = connection.alias, 0
    seat = instance_from(Seat, row, start, db)
    player = instance_from(Player, row, start := start + width_of(Seat), db, _PLAYER_READ)
    table = instance_from(Table, row, start := start + width_of(Player, _PLAYER_READ), db)
    round_ = instance_from(Round, row, start := start + width_of(Table), db, _ROUND_READ)
    event = instance_from(Event, row, start + width_of(Round, _ROUND_READ), db, _EVENT_READ)
    _cache(seat, "player", player)
    _cache(seat, "table", table)
    _cache(table, "round", round_)
    _cache(round_, "event", event)
    return seat


def _cache(instance: Any, name: str, related: Any) -> None:
    """Set a loaded foreign key's object, as select_related does (no descriptor's checks)."""
    field_of(type(instance), name).set_cached_value(instance, related)


def version_insert(seat: Seat, data: dict[str, Any], by: User, entered_at: datetime) -> tuple[ScoreSheet, int]:
    """The seat's next version, numbered and inserted in one statement (call under the table's lock), and how
    many seats of its table still playing have no sheet once it is in (the count `seats_waiting` makes)."""
    status = ScoreSheet.Status.SUBMITTED
    values = {"data": data, "status": status, "problems": [], "entered_by": by.pk, "entered_at": entered_at}
    prepared = [_prepared(name, value) for name, value in values.items()]
    with connection.cursor() as cursor:
        cursor.execute(_NEXT_VERSION, [seat.pk, *prepared, seat.pk, seat.table_id, seat.pk])
        pk, version, waiting = cursor.fetchone()
    sheet = ScoreSheet(
        id=pk, seat=seat, version=version, data=data, status=status, problems=[], entered_by=by, entered_at=entered_at
    )
    sheet._state.adding, sheet._state.db = False, connection.alias
    return sheet, int(waiting)


def _prepared(name: str, value: Any) -> Any:
    return field_of(ScoreSheet, name).get_db_prep_save(value, connection)


def result_queued(result: TableResult, by: User) -> None:
    """Store the status, attempt and time set on `result`, with the history row of the change by `by`: what
    `result.save(update_fields=[...])` and simple_history wrote (a change, "~"), without their machinery,
    which was a twentieth of a sheet POST (the one completing a table pays it)."""
    updated_at = field_of(TableResult, "updated_at").get_db_prep_save(result.updated_at, connection)
    change = {"history_date": timezone.now(), "history_type": "~", "history_user_id": by.pk,
              "history_change_reason": None}  # fmt: skip
    of_the_change = [
        field.get_db_prep_save(change[field.attname], connection)
        for field in _HISTORY_FIELDS
        if field.attname in _OF_THE_CHANGE
    ]
    with connection.cursor() as cursor:
        cursor.execute(_QUEUED, [result.status, result.attempt, updated_at, result.pk])
        cursor.execute(_HISTORY_ROW, [*of_the_change, result.pk])


def seats_waiting(table_id: int) -> int:
    """How many seats of the table still playing have no sheet yet."""
    with connection.cursor() as cursor:
        cursor.execute(_SEATS_WAITING, [table_id])
        return int(cursor.fetchone()[0])
