from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views.defaults import bad_request, page_not_found, server_error


def not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """API paths answer 404 in JSON like every other API error; the rest keeps Django's page."""
    if request.path.startswith("/api/"):
        return JsonResponse({"code": "not_found", "detail": f"no such resource: {request.path}"}, status=404)
    return page_not_found(request, exception)


def bad_request_answer(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    if request.path.startswith("/api/"):
        return JsonResponse({"code": "bad_request", "detail": str(exception or "bad request")}, status=400)
    return bad_request(request, exception)  # type: ignore[arg-type]


def server_error_answer(request: HttpRequest) -> HttpResponse:
    """An unexpected error: JSON on API paths (a client parses it), Django's page elsewhere. Logged by Django."""
    if request.path.startswith("/api/"):
        return JsonResponse({"code": "server_error", "detail": "an unexpected error; it has been logged"}, status=500)
    return server_error(request)
