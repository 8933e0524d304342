"""Status changes of events, rounds and registrations: lock the row, refuse a change from the wrong status
with a 409 naming the status, save the new one. The one way services move a status."""

from collections.abc import Collection
from typing import Any, TypeVar

from django.db import models

from config.errors import Conflict

Row = TypeVar("Row", bound=models.Model)


def locked_in_status(model: type[Row], pk: int, allowed: Collection[str], refusal: str, code: str) -> Row:
    """The row, locked until the transaction ends, when its status is one of `allowed`; otherwise a Conflict
    whose message is `refusal` formatted with the row (e.g. "round {row.number} is {row.status}")."""
    locked = model._default_manager.select_for_update().get(pk=pk)
    if getattr(locked, "status") not in allowed:  # noqa: B009 (every model passed here has a status)
        raise Conflict(refusal.format(row=locked), code, field="status")
    return locked


def status_move(row: Row, target: str, **also: Any) -> Row:
    """Set the status (and the fields in `also`) and save only those, with `updated_at` when the model has it."""
    changes = {"status": target, **also}
    for name, value in changes.items():
        setattr(row, name, value)
    has_updated_at = any(f.name == "updated_at" for f in row._meta.get_fields())
    row.save(update_fields=[*changes, *(["updated_at"] if has_updated_at else [])])
    return row
