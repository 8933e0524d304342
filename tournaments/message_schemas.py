"""The payload of every kind of message the service announces, as JSON Schema (the catalogue of
tournaments/announcements.py, typed): webhooks and streams carry the same `data`, so each kind is described
once. The AsyncAPI document (tournaments/api/asyncapi.py) publishes them; tests validate what is actually sent
against them (tests/test_asyncapi.py)."""

from typing import Any

Schema = dict[str, Any]

INTEGER: Schema = {"type": "integer"}
TEXT: Schema = {"type": "string"}
URL: Schema = {"type": "string", "format": "uri", "description": "The object's address in the API."}
MOMENT: Schema = {"type": "string", "format": "date-time"}


def record(required: dict[str, Schema], optional: dict[str, Schema] | None = None, *, closed: bool = True) -> Schema:
    """An object with these fields (`closed`: no other)."""
    return {
        "type": "object",
        "required": sorted(required),
        "properties": {**required, **(optional or {})},
        "additionalProperties": not closed,
    }


def nullable(schema: Schema) -> Schema:
    return {"anyOf": [schema, {"type": "null"}]}


PROBLEM = record(
    {"code": TEXT, "message": TEXT},
    {"player": nullable(TEXT), "round": nullable(INTEGER), "field": nullable(TEXT), "claimed": nullable(INTEGER),
     "expected": nullable(INTEGER)},
)  # fmt: skip
RECAP_SEAT: Schema = {"player": TEXT, "table_id": INTEGER, "table": INTEGER, "round": INTEGER}
SEAT_RESULT = record(
    {"player": TEXT, "total": INTEGER, "rank": INTEGER},
    {"rounds": {"type": "array", "items": {"type": "object"}}, "breakdown": {"type": "object"},
     "tie_breaks": {"type": "object"}, "forfeited": {"type": "boolean"}},
    closed=False,
)  # fmt: skip
VERDICT = nullable(
    record(
        {"valid": {"type": "boolean"}, "game": TEXT, "seats": {"type": "array", "items": SEAT_RESULT},
         "problems": {"type": "array", "items": PROBLEM}},
        {"edition": nullable(TEXT), "forfeit": {"type": "boolean"}},
        closed=False,
    )
)  # fmt: skip
TABLE = {
    "event": INTEGER, "round": INTEGER, "table": INTEGER, "round_id": INTEGER, "table_id": INTEGER, "url": URL,
    "status": {"type": "string", "enum": ["verified", "overridden", "rejected"]},
}  # fmt: skip

PAYLOADS: dict[str, Schema] = {
    "round.seated": record({
        "event": INTEGER, "round": INTEGER, "round_id": INTEGER, "url": URL,
        "tables": {"type": "array", "items": record({
            "number": INTEGER, "id": INTEGER, "url": URL,
            "players": {"type": "array", "items": TEXT, "description": "Handles, by seat."},
        })},
    }),
    "round.started": record({
        "event": INTEGER, "round": INTEGER, "round_id": INTEGER, "started_at": MOMENT, "length_minutes": INTEGER,
        "ends_at": MOMENT,
    }),
    "table.submitted": record({"event": INTEGER, "round": INTEGER, "table_id": INTEGER, "seats_waiting": INTEGER}),
    "table.verified": record(TABLE, {"verdict": VERDICT}),
    "table.rejected": record(TABLE, {"verdict": VERDICT}),
    "standings.changed": record({"event": INTEGER, "because": TEXT}),
    "event.finished": record({
        "event": INTEGER, "name": TEXT, "url": URL,
        "places": {"type": "array", "items": record({"player": TEXT, "place": INTEGER})},
    }),
    "event.recap": record({
        "event": INTEGER, "url": URL,
        "upset": nullable(record({**RECAP_SEAT, "place": INTEGER, "expected": {"type": "number"}})),
        "best_draft": nullable(record({**RECAP_SEAT, "best_picks": INTEGER, "choices": INTEGER,
                                       "points_lost": INTEGER})),
        "luckiest": nullable(record({**RECAP_SEAT, "par": INTEGER, "made": nullable(INTEGER)})),
        "unluckiest": nullable(record({**RECAP_SEAT, "par": INTEGER, "made": nullable(INTEGER)})),
        "card": nullable(record({"card": TEXT, "name": TEXT, "times_best": INTEGER, "times_taken": INTEGER})),
    }),
    "rating.changed": record({"event": INTEGER}),
    "you.seated": record({"event": INTEGER, "round": INTEGER, "table": INTEGER, "seat": INTEGER, "table_id": INTEGER}),
    "your.table.verified": record({**TABLE, "verdict": VERDICT, "problems": {"type": "array", "items": PROBLEM}}),
    "your.table.rejected": record({**TABLE, "verdict": VERDICT, "problems": {"type": "array", "items": PROBLEM}}),
    "your.message": record({
        "event": INTEGER, "message": INTEGER, "text": TEXT, "audience": TEXT,
        "table": {"type": ["integer", "null"]}, "sent_at": MOMENT,
    }),
    "event.message": record({
        "event": INTEGER, "message": INTEGER, "text": TEXT, "audience": TEXT,
        "table": {"type": ["integer", "null"]}, "sent_at": MOMENT,
    }),
    "rating.list.published": record({
        "list": INTEGER, "name": TEXT, "game": TEXT, "published_at": MOMENT, "players": INTEGER, "url": URL,
    }),
}  # fmt: skip

PING = record({"webhook": INTEGER, "organisation": TEXT})


def webhook_envelope(kind: str, data: Schema) -> Schema:
    """A webhook delivery's body: the kind, when it was made, and the payload."""
    return record({"type": {"type": "string", "const": kind}, "created_at": MOMENT, "data": data})
