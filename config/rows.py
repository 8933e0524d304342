"""Model instances read by a hand-written query, for the few hot paths where compiling the ORM's query costs
more than running it (a sheet POST: one query joining six tables, under a lock), and those queries prepared
once per PostgreSQL connection, where planning them costs more than running them.

The columns a path needs are named once; the instances built from them are the ORM's own (`Model.from_db`,
each value converted as the ORM converts it), so a field that was not read is deferred: reading it later
costs a query instead of giving a wrong value.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import nullcontext
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Generic, TypeVar
from weakref import WeakKeyDictionary

import psycopg
from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, connection, connections, models
from django.db.backends.utils import CursorDebugWrapper, CursorWrapper
from django.utils import timezone

M = TypeVar("M", bound=models.Model)


@dataclass(frozen=True)
class Columns(Generic[M]):
    """Some columns of one model under a table alias, in the model's field order (what `from_db` expects)."""

    model: type[M]
    alias: str
    fields: tuple[models.Field[Any, Any], ...]

    @classmethod
    def of(cls, model: type[M], alias: str, names: Sequence[str] | None = None) -> Columns[M]:
        """`names`: field names or attnames (`table` or `table_id`); None for every concrete field."""
        every = model._meta.concrete_fields
        wanted = set(names) if names is not None else {field.name for field in every}
        fields = tuple(field for field in every if wanted & {field.name, field.attname})
        unknown = wanted - {name for field in fields for name in (field.name, field.attname)}
        if unknown:
            raise ValueError(f"{model.__name__} has no column {', '.join(sorted(unknown))}")
        return cls(model, alias, fields)

    @cached_property
    def attnames(self) -> list[str]:
        return [field.attname for field in self.fields]

    @property
    def table(self) -> str:
        """`"table" alias`, for a FROM or JOIN clause."""
        return f"{connection.ops.quote_name(self.model._meta.db_table)} {self.alias}"

    def column(self, name: str) -> str:
        """`alias."column"` of a field (read or not)."""
        field = self.model._meta.get_field(name)
        assert isinstance(field, models.Field)
        return f"{self.alias}.{connection.ops.quote_name(field.column)}"

    def select(self) -> str:
        return ", ".join(f"{self.alias}.{connection.ops.quote_name(field.column)}" for field in self.fields)

    def build(self, row: Sequence[Any], start: int) -> tuple[M, int]:
        """The instance from `row[start:]`, and where the next model's columns begin."""
        end = start + len(self.fields)
        values = list(row[start:end])
        for i, column, converters in self._converters():
            for convert in converters:
                values[i] = convert(values[i], column, connection)
        instance = self.model.from_db(connection.alias, self.attnames, values)
        return instance, end

    def _converters(self) -> list[tuple[int, Any, list[Any]]]:
        """The ORM's converters of each column that has any (the backend's, then the field's), found once per
        connection."""
        found = _CONVERTERS.setdefault(connections[DEFAULT_DB_ALIAS], {})
        if self not in found:
            columns = [(i, field.get_col(self.alias)) for i, field in enumerate(self.fields)]
            with_converters = [
                (i, column, connection.ops.get_db_converters(column) + column.get_db_converters(connection))
                for i, column in columns
            ]
            found[self] = [entry for entry in with_converters if entry[2]]
        return found[self]


_CONVERTERS: WeakKeyDictionary[Any, dict[Columns[Any], list[tuple[int, Any, list[Any]]]]] = WeakKeyDictionary()


def run_prepared(name: str, sql: Callable[[], str], params: Sequence[Any]) -> CursorWrapper:
    """Run the statement `sql()` builds (`%s` placeholders, no literal `%`; built once per kind of database and
    kept under `name`, which names one statement) and return the cursor holding its rows (close it: `with`).

    On PostgreSQL the parameters are bound by the server and the statement is prepared the first time a
    connection runs it (psycopg's `prepare=True`: the protocol's Parse once, then only Bind and Execute), so
    the server keeps its plan: planning the sheet POST's six-table join took 1.5 ms where running it took 0.2
    (EXPLAIN ANALYZE), and binding on the client cost more than the server's Bind. A new connection prepares
    again, and so does one whose transaction rolled back (psycopg then forgets what it prepared, as a rollback
    may have dropped what a statement names). With DB_PREPARE_STATEMENTS off (behind a pooler in transaction
    mode), or elsewhere, the statement runs as any other. Server-bound parameters carry their own types:
    where one is neither compared with a column nor assigned to one, give it one (`typed`)."""
    text = _STATEMENTS.get((connection.vendor, name))
    if text is None:
        text = _STATEMENTS.setdefault((connection.vendor, name), sql())
    if connection.vendor != "postgresql" or not settings.DB_PREPARE_STATEMENTS:
        cursor = connection.cursor()
        cursor.execute(text, params)
        return cursor
    connection.ensure_connection()
    with connection.wrap_database_errors:
        server_bound = psycopg.Cursor(connection.connection)
    wrap = connection.make_debug_cursor if connection.queries_logged else connection.make_cursor
    cursor = wrap(server_bound)  # type: ignore[arg-type]  # Django's wrappers take the driver's cursor
    logged = cursor.debug_sql(text, params) if isinstance(cursor, CursorDebugWrapper) else nullcontext()
    try:
        with logged, connection.wrap_database_errors:
            server_bound.execute(text, params, prepare=True)
    except BaseException:
        cursor.close()  # the caller gets no cursor to close
        raise
    return cursor


def typed(field: models.Field[Any, Any]) -> str:
    """A placeholder for a value of `field`'s type where nothing else gives the server one (a SELECT list)."""
    return f"CAST(%s AS {field.db_type(connection)})" if connection.vendor == "postgresql" else "%s"


_STATEMENTS: dict[tuple[str, str], str] = {}


def update_with_history(instance: models.Model, fields: Sequence[str], by: Any) -> None:
    """Write `fields` of `instance` (a model whose changes django-simple-history records) and add its history
    row, as `QuerySet.update` and `history.bulk_history_create([instance], update=True, default_user=by)`
    do. On PostgreSQL they are one statement prepared once per connection (the update's RETURNING feeds the
    history's insert), where the ORM compiled two statements and sent them one after the other: the table
    completed by a sheet POST is queued this way. Elsewhere the ORM writes them."""
    model = type(instance)
    if connection.vendor != "postgresql":
        model._default_manager.filter(pk=instance.pk).update(**{name: getattr(instance, name) for name in fields})
        model.history.bulk_history_create([instance], update=True, default_user=by)  # type: ignore[attr-defined]
        return
    concrete = {field.name: field for field in model._meta.concrete_fields}
    written = [concrete[name] for name in fields]
    values = [field.get_db_prep_save(getattr(instance, field.attname), connection) for field in written]
    with run_prepared(
        f"update_{model._meta.model_name}_{'_'.join(fields)}",
        lambda: _update_with_history_query(model, written),
        [*values, instance.pk, timezone.now(), "", "~", getattr(by, "pk", None)],
    ):
        pass


def _update_with_history_query(model: type[models.Model], written: list[models.Field[Any, Any]]) -> str:
    quote, history = connection.ops.quote_name, model.history.model  # type: ignore[attr-defined]
    tracked = ", ".join(quote(field.column) for field in history.tracked_fields)
    extra = [
        history._meta.get_field(name)
        for name in ("history_date", "history_change_reason", "history_type", "history_user")
    ]
    assignments = ", ".join(f"{quote(field.column)} = %s" for field in written)
    return (
        f"WITH written AS (UPDATE {quote(model._meta.db_table)} SET {assignments}"
        f" WHERE {quote(model._meta.pk.column)} = %s RETURNING {tracked})"
        f" INSERT INTO {quote(history._meta.db_table)} ({tracked}, {', '.join(quote(field.column) for field in extra)})"
        f" SELECT {tracked}, {', '.join(typed(field) for field in extra)} FROM written"
    )
