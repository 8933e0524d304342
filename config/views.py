from django.conf import settings
from django.db import DatabaseError, connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views.decorators.http import require_safe
from django.views.defaults import bad_request, page_not_found, server_error

from config.celery import app


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


@require_safe
def healthz(request: HttpRequest) -> JsonResponse:
    """Readiness for a load balancer or systemd: the database answers a query and, when tasks go through a
    broker, the broker answers a ping (2 s at most). 200 when both do, 503 naming what does not."""
    checks = {"database": _database_answers(), "broker": _broker_answers()}
    healthy = all(state in ("ok", "in-process") for state in checks.values())
    return JsonResponse(checks, status=200 if healthy else 503)


def _database_answers() -> str:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except DatabaseError as error:
        return f"down: {type(error).__name__}"
    return "ok"


def _broker_answers() -> str:
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return "in-process"  # the newcomer's set-up: tasks run in the web process, no broker to ask
    try:
        with app.connection_for_write() as broker:
            broker.ensure_connection(max_retries=0, timeout=2)
    except Exception as error:
        return f"down: {type(error).__name__}"
    return "ok"
