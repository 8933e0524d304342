"""Making the open data files (docs/open-data.md): each game's verified tables of sanctioned events, a file a
month (by the round's start), as CSV (a line a seat) and JSON Lines (a line a table, with its sheets).

Every run makes every complete month's files again from what the database holds now, so an erasure, a rename
or a steward's correction is honoured in the next files; nothing else is kept between runs. Players appear
by a pseudonym (a keyed hash of their handle: the same in every file while the handle stays, another after an
erasure), never by handle, name or account."""

import csv
import gzip
import io
import json
from collections.abc import Iterator
from datetime import date, datetime
from typing import Any

from django.db import transaction
from django.db.models import Prefetch, QuerySet
from django.db.models.functions import TruncMonth
from django.utils import timezone
from django.utils.crypto import salted_hmac

from tournaments.models import Player, Sanction, ScoreSheet, Seat, TableResult
from tournaments.opendata.models import OpenDataDump

LICENCE = "CC-BY-4.0"
CSV_COLUMNS = ["table", "event", "round", "game", "edition", "played_at", "status", "seat", "player", "total",
               "rank", "forfeited"]  # fmt: skip


def pseudonym(player: Player) -> str:
    """The player in the open data: a keyed hash of their handle (the key is the site's secret)."""
    return "p" + salted_hmac("boomerang.opendata", player.handle_key).hexdigest()[:12]


def open_data_make(*, now: datetime | None = None) -> int:
    """Make every complete month's files again (the month of `now` is not complete); returns how many."""
    before = timezone.localdate(now).replace(day=1)
    months = (
        _countable()
        .filter(table__round__started_at__date__lt=before)
        .annotate(month=TruncMonth("table__round__started_at"))
        .values_list("table__round__event__game", "month")
        .distinct()
    )
    made = []
    for game, month in sorted(set(months)):
        first = month.date() if isinstance(month, datetime) else month
        lines = list(_lines(game, first))
        with transaction.atomic():
            dump, _ = OpenDataDump.objects.update_or_create(
                game=game, month=first,
                defaults={"tables": len(lines), "csv_gz": _csv(lines), "jsonl_gz": _jsonl(lines)},
            )  # fmt: skip
        made.append(dump.pk)
    OpenDataDump.objects.exclude(pk__in=made).delete()  # a month whose every table was withdrawn
    return len(made)


def _countable() -> QuerySet[TableResult]:
    return TableResult.objects.filter(
        status__in=TableResult.COUNTS, table__round__event__sanction=Sanction.SANCTIONED,
        table__round__started_at__isnull=False,
    )  # fmt: skip


def _lines(game: str, month: date) -> Iterator[dict[str, Any]]:
    end = date(month.year + (month.month == 12), month.month % 12 + 1, 1)
    sheets = ScoreSheet.objects.exclude(status=ScoreSheet.Status.SUPERSEDED).order_by("-version")
    seats = (
        Seat.objects.select_related("player").order_by("position").prefetch_related(Prefetch("sheets", queryset=sheets))
    )
    results = (
        _countable()
        .filter(
            table__round__event__game=game,
            table__round__started_at__date__gte=month,
            table__round__started_at__date__lt=end,
        )
        .select_related("table__round__event")
        .prefetch_related(Prefetch("table__seats", queryset=seats))
        .order_by("table__round__started_at", "table_id")
    )
    for result in results:
        yield _line(result)


def _line(result: TableResult) -> dict[str, Any]:
    table, verdict = result.table, result.verdict if isinstance(result.verdict, dict) else {}
    scored = {seat.get("player"): seat for seat in verdict.get("seats", [])}
    seats = []
    for seat in table.seats.all():
        sheet = next(iter(seat.sheets.all()), None)
        score = scored.get(seat.player.handle, {})
        seats.append({
            "seat": seat.position, "player": pseudonym(seat.player), "total": score.get("total"),
            "rank": score.get("rank"), "forfeited": seat.forfeited,
            "sheet": {k: v for k, v in sheet.data.items() if k != "player"} if sheet else None,
        })  # fmt: skip
    started = table.round.started_at.isoformat() if table.round.started_at else None  # set: _countable's filter
    return {
        "table": table.pk, "event": table.round.event_id, "round": table.round.number, "game": table.round.event.game,
        "edition": verdict.get("edition"), "played_at": started, "status": result.status,
        "seats": seats,
    }  # fmt: skip


def _csv(lines: list[dict[str, Any]]) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for line in lines:
        for seat in line["seats"]:
            table = [line[name] or "" for name in ("table", "event", "round", "game", "edition", "played_at", "status")]
            blank = ["" if seat[name] is None else seat[name] for name in ("total", "rank")]
            writer.writerow([*table, seat["seat"], seat["player"], *blank, int(seat["forfeited"])])
    return gzip.compress(out.getvalue().encode(), mtime=0)


def _jsonl(lines: list[dict[str, Any]]) -> bytes:
    text = "".join(json.dumps(line, separators=(",", ":"), sort_keys=True) + "\n" for line in lines)
    return gzip.compress(text.encode(), mtime=0)
