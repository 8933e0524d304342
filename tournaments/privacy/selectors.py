"""Everything the service holds about a person, for them to download (their right of access): their account,
their player, and every row of every model that names their account or their player, found by walking the
models' relations (so a model added later is in the export without being listed), with their sheets and the
verdicts of their tables. Secrets (a password's hash, tokens, keys, claim codes) are left out."""

import json
from typing import Any

from django.apps import apps
from django.contrib.auth.models import User
from django.core.serializers.json import DjangoJSONEncoder
from django.db.models import Model, Q
from django.utils import timezone

from tournaments.models import Player, ScoreSheet, Seat, TableResult

SECRET_FIELDS = frozenset({"password", "key", "digest", "secret", "previous_secret", "claim_code", "session_key"})


def person_models() -> dict[str, list[str]]:
    """Every model with a relation to an account or a player, by label, with the names of those fields."""
    found: dict[str, list[str]] = {}
    for model in (m for m in apps.get_models() if not m._meta.proxy):
        names = [
            field.name
            for field in model._meta.get_fields()
            if getattr(field, "many_to_one", False) or getattr(field, "one_to_one", False)
            if field.concrete and field.related_model in (User, Player)
        ]
        if names:
            found[model._meta.label] = names
    return found


def person_export(*, user: User) -> dict[str, Any]:
    player = Player.objects.filter(user=user).first()
    rows: dict[str, list[dict[str, Any]]] = {}
    for label, names in person_models().items():
        model = apps.get_model(label)
        mine = Q()
        for name in names:
            target = player if model._meta.get_field(name).related_model is Player else user
            if target is not None:
                mine |= Q(**{name: target})
        rows[label] = [_row(row) for row in model._default_manager.filter(mine)] if mine else []
    seats = Seat.objects.filter(player=player) if player else Seat.objects.none()
    sheets = ScoreSheet.objects.filter(seat__in=seats).order_by("seat_id", "version")
    results = TableResult.objects.filter(table__seats__in=seats).distinct()
    export = {
        "exported_at": timezone.now(),
        "account": {
            "username": user.username,
            "email": user.email,
            "date_joined": user.date_joined,
            "last_login": user.last_login,
        },
        "player": _row(player) if player else None,
        "sheets": [_row(sheet) for sheet in sheets],
        "verdicts": [{"table": r.table_id, "status": r.status, "verdict": r.verdict} for r in results],
        "rows": rows,
    }
    plain: dict[str, Any] = json.loads(json.dumps(export, cls=DjangoJSONEncoder))  # dates as ISO text
    return plain


def _row(row: Model) -> dict[str, Any]:
    values = {}
    for field in row._meta.concrete_fields:
        if field.name in SECRET_FIELDS:
            continue
        values[field.attname] = field.value_from_object(row)
    return values
