"""Hand-written SELECTs whose rows become model instances, for the few statements where Django's query
compiler is most of a request's cost (the sheet POST: BENCHMARKS.md, issue 65 item 5). The SQL is built
once, at import, from the models' own tables and columns, so it follows a model's fields; a row becomes
an instance through `Model.from_db`, as a queryset's rows do, each value converted as a queryset converts it
(a JSON column, SQLite's booleans and dates). Every concrete field is read, or only those named in `only`: the
others are deferred, as `QuerySet.only()` leaves them (read from the database if ever asked for)."""

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from django.db import connections, models
from django.db.backends.base.base import BaseDatabaseWrapper

M = TypeVar("M", bound=models.Model)


def columns_of(model: type[models.Model], alias: str, only: Sequence[str] = ()) -> str:
    """The model's concrete columns (those of the fields named in `only`, when given), qualified by the
    table's alias, in the model's field order."""
    return ", ".join(f'{alias}."{field.column}"' for field in _fields_read(model, tuple(only)))


def field_of(model: type[models.Model], name: str) -> Any:
    """The model's field or relation called `name` (typed loosely: the stubs know less of a field than Django)."""
    return model._meta.get_field(name)


def width_of(model: type[models.Model], only: Sequence[str] = ()) -> int:
    """How many columns `columns_of` lists."""
    return len(_fields_read(model, tuple(only)))


def instance_from(model: type[M], row: Sequence[Any], start: int, db: str, only: Sequence[str] = ()) -> M:
    """The model's instance from its columns in `row` from `start`, as `columns_of` listed them (with the
    same `only`)."""
    connection = connections[db]
    attnames, converters = _reading(model, tuple(only), connection)
    values = list(row[start : start + len(attnames)])
    for i, field, convert, of_backend in converters:
        values[i] = (
            convert(connection.ops, values[i], field, connection)
            if of_backend
            else convert(values[i], field, connection)
        )
    return model.from_db(db, attnames, values)


def _fields_read(model: type[models.Model], only: tuple[str, ...]) -> list[Any]:
    """The concrete fields read, in the model's order: those named in `only` (attribute names), or all."""
    fields = list(model._meta.concrete_fields)
    if not only:
        return fields
    unknown = set(only) - {field.attname for field in fields}
    if unknown:
        raise ValueError(f"{model.__name__} has no column {sorted(unknown)}")
    return [field for field in fields if field.attname in only]


Reading = tuple[list[str], list[tuple[int, Any, Callable[..., Any], bool]]]
_READINGS: dict[tuple[type[models.Model], tuple[str, ...], str], Reading] = {}


def _reading(model: type[models.Model], only: tuple[str, ...], connection: BaseDatabaseWrapper) -> Reading:
    """The attribute names read, and the converters a queryset runs on their columns on this kind of
    database, kept by model, fields and vendor. A backend's converter is kept unbound and called with the
    connection at hand: keeping a connection (or its `ops`) would keep each thread's connection open for good."""
    key = (model, only, connection.vendor)
    if key not in _READINGS:
        fields = _fields_read(model, only)
        converters = []
        for i, field in enumerate(fields):
            for convert in connection.ops.get_db_converters(field.get_col(model._meta.db_table)):
                unbound = getattr(convert, "__func__", None)  # a method of this connection's `ops`
                converters.append((i, field, unbound or convert, unbound is not None))
            converters += [(i, field, convert, False) for convert in field.get_db_converters(connection)]
        _READINGS[key] = ([field.attname for field in fields], converters)
    return _READINGS[key]
