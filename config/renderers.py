import csv
import io
from typing import Any

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
        rows = data if isinstance(data, list) else [data]
        if not rows:
            return b""
        buffer = io.StringIO()
        writer = csv.DictWriter(buffer, fieldnames=list(rows[0]))
        writer.writeheader()
        for row in rows:
            writer.writerow(
                {k: spreadsheet_safe(";".join(map(str, v)) if isinstance(v, list) else v) for k, v in row.items()}
            )
        return buffer.getvalue().encode()
