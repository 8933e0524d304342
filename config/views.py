from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views.defaults import page_not_found


def not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """API paths answer 404 in JSON like every other API error; the rest keeps Django's page."""
    if request.path.startswith("/api/"):
        return JsonResponse({"code": "not_found", "detail": f"no such resource: {request.path}"}, status=404)
    return page_not_found(request, exception)  # type: ignore[arg-type]
