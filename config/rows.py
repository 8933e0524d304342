"""Hand-written SELECTs whose rows become model instances, for the few statements where Django's query
compiler is most of a request's cost (the sheet POST: BENCHMARKS.md, issue 65 item 5). The SQL is built
once, at import, from the models' own tables and columns, so it follows a model's fields; a row becomes
an instance through `Model.from_db`, as a queryset's rows do, every concrete field read (nothing deferred)
and each value converted as a queryset converts it (a JSON column, SQLite's booleans and dates)."""

from collections.abc import Callable, Sequence
from functools import lru_cache
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
    attnames, converters = _reading(model, connections[db])
    values = list(row[start : start + len(attnames)])
    for i, field, convert in converters:
        values[i] = convert(values[i], field, connections[db])
    return model.from_db(db, attnames, values)


@lru_cache(maxsize=256)
def _reading(
    model: type[models.Model], connection: BaseDatabaseWrapper
) -> tuple[list[str], list[tuple[int, Any, Callable[..., Any]]]]:
    """The model's attribute names, and the converters a queryset runs on its columns on this connection."""
    fields: list[Any] = list(model._meta.concrete_fields)
    converters = [
        (i, field, convert)
        for i, field in enumerate(fields)
        for convert in connection.ops.get_db_converters(field.get_col(model._meta.db_table))
        + field.get_db_converters(connection)
    ]
    return [field.attname for field in fields], converters
