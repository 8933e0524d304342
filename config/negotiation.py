from typing import Any

from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.renderers import BaseRenderer
from rest_framework.request import Request


class FormatWinsNegotiation(DefaultContentNegotiation):
    """`?format=csv` (or a format suffix) picks the renderer whatever the Accept header says: a client that
    asks for a CSV by URL while its library sends `Accept: application/json` gets the CSV, not a 406."""

    def select_renderer(
        self, request: Request, renderers: list[BaseRenderer], format_suffix: str | None = None
    ) -> tuple[BaseRenderer, str]:
        wanted: Any = format_suffix or request.query_params.get(self.settings.URL_FORMAT_OVERRIDE)
        if wanted:
            renderer = self.filter_renderers(renderers, wanted)[0]  # 404 when no renderer has that format
            return renderer, renderer.media_type
        return super().select_renderer(request, renderers, format_suffix)
