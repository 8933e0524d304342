"""Reads of the open data: the files made, one file, and the schema of a JSON Lines line."""

from datetime import date
from typing import Any

from django.db.models import QuerySet

from config.errors import NotFound
from tournaments.opendata.models import OpenDataDump

KINDS = {"csv": ("csv_gz", "text/csv"), "jsonl": ("jsonl_gz", "application/jsonl")}


def dumps() -> QuerySet[OpenDataDump]:
    """Every file, newest month first, without its bytes."""
    return OpenDataDump.objects.defer("csv_gz", "jsonl_gz").order_by("-month", "game")


def dump_bytes(*, game: str, month: str, kind: str) -> bytes:
    """One file's gzip-compressed bytes; NotFound naming what is unknown."""
    try:
        first = date.fromisoformat(f"{month}-01")
    except ValueError:
        raise NotFound("a month is written YYYY-MM", "not_found", "month") from None
    dump = OpenDataDump.objects.filter(game=game, month=first).only(KINDS[kind][0]).first()
    if dump is None:
        raise NotFound("no open data file for this game and month", "not_found", "month")
    return bytes(getattr(dump, KINDS[kind][0]))


def line_schema() -> dict[str, Any]:
    """The JSON Schema of one line of the JSON Lines files (docs/open-data.md)."""
    number = {"type": ["integer", "null"]}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "One verified table of a sanctioned event",
        "type": "object",
        "required": ["table", "event", "round", "game", "edition", "played_at", "status", "seats"],
        "properties": {
            "table": {"type": "integer"}, "event": {"type": "integer"}, "round": {"type": "integer"},
            "game": {"type": "string"}, "edition": {"type": ["string", "null"]},
            "played_at": {"type": "string", "format": "date-time", "description": "When the round started."},
            "status": {"enum": ["verified", "overridden"], "description": "overridden: accepted by its organiser"},
            "seats": {"type": "array", "items": {
                "type": "object", "required": ["seat", "player", "total", "rank", "forfeited", "sheet"],
                "properties": {
                    "seat": {"type": "integer", "description": "Seating order, clockwise, from 1."},
                    "player": {"type": "string", "description": "A pseudonym: the same while the handle stays."},
                    "total": number, "rank": number, "forfeited": {"type": "boolean"},
                    "sheet": {"type": ["object", "null"], "description": "The seat object of docs/score-sheet.md, "
                              "without the player's handle."},
                },
            }},
        },
    }  # fmt: skip
