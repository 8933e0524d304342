"""Hand-written SELECTs whose rows become model instances, for the few statements where Django's query
compiler is most of a request's cost (the sheet POST: BENCHMARKS.md, issue 65 item 5). The SQL is built
once, at import, from the models' own tables and columns, so it follows a model's fields; a row becomes
an instance through `Model.from_db`, as a queryset's rows do, every concrete field read (nothing deferred)
and each value converted as a queryset converts it (a JSON column, SQLite's booleans and dates)."""

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from django.db import connections, models
from django.db.backends.base.base import BaseDatabaseWrapper

M = TypeVar("M", bound=models.Model)


def columns_of(model: type[models.Model], alias: str) -> str:
    """Every concrete column of the model, qualified by the table's alias, in the model's field order."""
    return ", ".join(f'{alias}."{field.column}"' for field in model._meta.concrete_fields)


def field_of(model: type[models.Model], name: str) -> Any:
    """The model's field or relation called `name` (typed loosely: the stubs know less of a field than Django)."""
    return model._meta.get_field(name)


def width_of(model: type[models.Model]) -> int:
    """How many columns `columns_of` lists."""
    return len(model._meta.concrete_fields)


def instance_from(model: type[M], row: Sequence[Any], start: int, db: str) -> M:
    """The model's instance from its columns in `row` from `start`, as `columns_of` listed them."""
    connection = connections[db]
    attnames, converters = _reading(model, connection)
    values = list(row[start : start + len(attnames)])
    for i, field, convert, of_backend in converters:
        values[i] = (
            convert(connection.ops, values[i], field, connection)
            if of_backend
            else convert(values[i], field, connection)
        )
    return model.from_db(db, attnames, values)


Reading = tuple[list[str], list[tuple[int, Any, Callable[..., Any], bool]]]
_READINGS: dict[tuple[type[models.Model], str], Reading] = {}


def _reading(model: type[models.Model], connection: BaseDatabaseWrapper) -> Reading:
    """The model's attribute names, and the converters a queryset runs on its columns on this kind of
    database, kept by model and vendor. A backend's converter is kept unbound and called with the connection
    at hand: keeping a connection (or its `ops`) would keep each thread's connection open for good."""
    key = (model, connection.vendor)
    if key not in _READINGS:
        fields: list[Any] = list(model._meta.concrete_fields)
        converters = []
        for i, field in enumerate(fields):
            for convert in connection.ops.get_db_converters(field.get_col(model._meta.db_table)):
                unbound = getattr(convert, "__func__", None)  # a method of this connection's `ops`
                converters.append((i, field, unbound or convert, unbound is not None))
            converters += [(i, field, convert, False) for convert in field.get_db_converters(connection)]
        _READINGS[key] = ([field.attname for field in fields], converters)
    return _READINGS[key]
