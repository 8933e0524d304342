"""Writing many rows at once: PostgreSQL's COPY where it runs (a replay or a rebuild writes hundreds of
thousands; Django's bulk_create escapes every JSON value into an array literal), bulk_create elsewhere."""

import json
from collections.abc import Iterable, Sequence
from typing import Any

from django.db import connection, models


class EncodedJSON(str):
    """A JSON field's value already encoded (by a worker process): written as it is."""


def bulk_insert(model: type[models.Model], columns: Sequence[str], rows: Iterable[Sequence[Any]]) -> None:
    """Insert rows (values in `columns` order, attnames such as `table_id`); JSON fields take Python values or
    EncodedJSON text."""
    fields = [model._meta.get_field(column.removesuffix("_id")) for column in columns]
    is_json = [isinstance(field, models.JSONField) for field in fields]
    if connection.vendor != "postgresql":
        decoded = ([json.loads(v) if isinstance(v, EncodedJSON) else v for v in row] for row in rows)
        instances = (model(**dict(zip(columns, row, strict=True))) for row in decoded)
        model._default_manager.bulk_create(instances, batch_size=2000)
        return
    names = ", ".join(connection.ops.quote_name(str(getattr(field, "column", ""))) for field in fields)
    with connection.cursor() as cursor, cursor.copy(f"COPY {model._meta.db_table} ({names}) FROM STDIN") as copy:
        for row in rows:
            copy.write_row([_encoded(value) if js else value for value, js in zip(row, is_json, strict=True)])


def _encoded(value: Any) -> str:
    return value if isinstance(value, EncodedJSON) else json.dumps(value)
