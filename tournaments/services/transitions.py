"""Status changes of events, rounds, table results and registrations: the row locked, the action checked
against the model's machine (tournaments/states.py), the new status saved. The one way services move a status."""

from typing import Any, TypeVar

from django.db import models

Row = TypeVar("Row", bound=models.Model)


def locked_for(model: type[Row], pk: int, action: str) -> Row:
    """The row, locked until the transaction ends, when its status opens `action`; otherwise a Conflict
    naming the status (the machine's refusal)."""
    locked = model._default_manager.select_for_update().get(pk=pk)
    locked.machine.check(locked, action)  # type: ignore[attr-defined]
    return locked


def advance(row: Row, action: str, **also: Any) -> Row:
    """Check `action` against the row's status (the caller holds its lock), move the row to the action's
    target status and save only the status, `also` and `updated_at` (when the model has it)."""
    machine = row.machine  # type: ignore[attr-defined]
    machine.check(row, action)
    target = machine.move(action).target
    changes = {**({"status": target} if target else {}), **also}
    for name, value in changes.items():
        setattr(row, name, value)
    if changes:
        has_updated_at = any(f.name == "updated_at" for f in row._meta.get_fields())
        row.save(update_fields=[*changes, *(["updated_at"] if has_updated_at else [])])
    return row


def move(model: type[Row], pk: int, action: str, **also: Any) -> Row:
    """Lock the row, check `action` and move it (one call for the usual case)."""
    return advance(locked_for(model, pk, action), action, **also)
