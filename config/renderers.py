import csv
import io
import itertools
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from django.http import StreamingHttpResponse
from rest_framework.renderers import BaseRenderer

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_safe(value: Any) -> Any:
    """A text cell that a spreadsheet would run as a formula ('=HYPERLINK(...)', '@SUM', '-1+2') gets a
    leading apostrophe, which spreadsheets show as text (OWASP's CSV injection advice). Numbers stay numbers."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


class CSVRenderer(BaseRenderer):
    """Render a list of flat objects as CSV (for `?format=csv` exports)."""

    media_type = "text/csv"
    format = "csv"
    charset = "utf-8"

    def render(self, data: Any, accepted_media_type: str | None = None, renderer_context: Any = None) -> bytes:
        rows = [_flat(row) for row in (data if isinstance(data, list) else [data])]
        columns = list(dict.fromkeys(key for row in rows for key in row)) if rows else _columns(data)
        buffer = io.StringIO()
        writer = csv.DictWriter(buffer, fieldnames=columns)
        writer.writeheader()
        for row in rows:
            writer.writerow({key: spreadsheet_safe(_cell(value)) for key, value in row.items()})
        return buffer.getvalue().encode()


def _flat(row: Any, prefix: str = "") -> dict[str, Any]:
    """A nested object as one level of columns a spreadsheet reads: {"points": {"e1": 3}} -> "points.e1"."""
    if not isinstance(row, dict):
        return {prefix or "value": row}
    flat: dict[str, Any] = {}
    for key, value in row.items():
        name = f"{prefix}.{key}" if prefix else str(key)
        flat.update(_flat(value, name) if isinstance(value, dict) else {name: value})
    return flat


def _cell(value: Any) -> Any:
    """A cell as a spreadsheet reads it: yes/no for a truth value, a list of plain values joined by ";"."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ";".join(str(_cell(item)) for item in value)
    return value


def _columns(data: Any) -> list[str]:
    """The header of an empty export, from the serializer that made it: an empty CSV still has its columns
    (and so a body, which keeps its text/csv content type)."""
    serializer = getattr(data, "serializer", None)
    child = getattr(serializer, "child", None)
    return list(child.fields) if child is not None else ["empty"]


def csv_stream(columns: Sequence[str], rows: Iterable[Sequence[Any]], name: str) -> StreamingHttpResponse:
    """A CSV export of any size, written as it is read (a few rows in memory at a time), cells made safe for
    spreadsheets as the renderer makes them."""

    def lines() -> Iterator[str]:
        buffer = io.StringIO()
        writer = csv.writer(buffer)
        for row in itertools.chain([columns], rows):
            writer.writerow([spreadsheet_safe(value) for value in row])
            yield buffer.getvalue()
            buffer.seek(0)
            buffer.truncate()

    response = StreamingHttpResponse(lines(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{name}.csv"'
    return response
