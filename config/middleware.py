"""Middleware that answers bad requests before they reach a view."""

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse


class RefuseNulCharacters:
    """A NUL character in the path or the query string is a 400 naming where, never a 500 from the database
    (PostgreSQL cannot hold one in text). Form fields refuse it already (Django's form CharField), and JSON
    bodies in config.parsers."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        field = None
        if "\x00" in request.path:
            field = "path"
        else:
            field = next(
                (key for key, values in request.GET.lists() if "\x00" in key or any("\x00" in v for v in values)),
                None,
            )
        if field is not None:
            body = {"code": "nul_character", "detail": "a NUL character (%00) cannot be used here", "field": field}
            return JsonResponse(body, status=400)
        return self.get_response(request)


class RefuseOversizedBodies:
    """A body over DATA_UPLOAD_MAX_MEMORY_SIZE is answered 413 before anything reads it (JSON on /api/ paths).

    Django's own check raises only when the body is read, and answers with the HTML 400 page."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        if limit is not None and length > limit:
            detail = f"the request body is {length} bytes; the limit is {limit}"
            if request.path.startswith("/api/"):
                return JsonResponse({"code": "too_large", "detail": detail, "field": "body"}, status=413)
            return HttpResponse(detail, status=413, content_type="text/plain; charset=utf-8")
        return self.get_response(request)
