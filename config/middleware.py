"""Middleware that answers bad requests before they reach a view."""

import io
import re
from collections.abc import Callable

from django.conf import settings
from django.db import InterfaceError, OperationalError, connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.urls import resolve
from django.utils import translation
from django.utils.translation import get_language, gettext

from config import overload, unstorable
from config.errors import DomainError
from config.throttling import PageReadThrottle


class RefuseUnstorableInput:
    """The one gate for text that cannot be stored or parsed: a 400 naming where, before any view runs.

    Checked in the path, the query string, every form body and every JSON body, whatever the endpoint:
    a NUL character (PostgreSQL's text and jsonb cannot hold one), a lone surrogate such as `\\ud800`
    (not UTF-8: the database driver cannot encode it) and JSON nested deeper than MAX_DEPTH (about 990
    levels made the JSON parser raise RecursionError). Each was a 500 somewhere before (RELIABILITY.md).
    API paths answer in the API's error shape; pages answer with a page in the site's layout.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        try:
            unstorable.refuse_in_text("path", request.path)
            unstorable.refuse_in_pairs(request.GET.lists())
            if request.method in ("POST", "PUT", "PATCH", "DELETE"):
                _refuse_in_body(request)
        except DomainError as refusal:
            return _refused(request, refusal)
        return self.get_response(request)


def _refuse_in_body(request: HttpRequest) -> None:
    """JSON bodies of every writing method; form bodies of POST, the only method that takes them (the pages'
    forms and the entrants upload: the API's other writes take JSON alone, so a form sent with PUT is
    answered 405 or 415 by the view, never read)."""
    content_type = request.content_type or ""
    if content_type == "application/json" or content_type.endswith("+json"):
        unstorable.refuse_in_json(request.body)
    elif request.method != "POST":
        return
    elif content_type == "application/x-www-form-urlencoded":
        unstorable.refuse_in_pairs(request.POST.lists())
    elif content_type == "multipart/form-data":
        unstorable.refuse_in_pairs(request.POST.lists())
        for name, upload in request.FILES.items():
            unstorable.refuse_in_upload(name, upload)


def _refused(request: HttpRequest, refusal: DomainError) -> HttpResponse:
    body = {"code": refusal.code, "detail": refusal.message, "field": refusal.field}
    if request.path.startswith("/api/") or "json" in request.headers.get("Accept", ""):
        return JsonResponse(body, status=400)
    return render(request, "pages/refused.html", body, status=400)


class ThrottlePages:
    """Page reads are limited per address (anonymous) or per account, as the API's are: past the limit a 429
    page in the site's layout says when to come back (Retry-After). The API throttles itself (DRF); static
    files never reach here (WhiteNoise answers first); the health check is for the proxy."""

    EXEMPT = ("/api/", "/static/", "/healthz")

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.method in ("GET", "HEAD") and not request.path.startswith(self.EXEMPT):
            throttle = PageReadThrottle()
            if not throttle.allow_request(request, None):
                return self._refused(request, int(throttle.wait() or 1) + 1)
        return self.get_response(request)

    @staticmethod
    def _refused(request: HttpRequest, wait: int) -> HttpResponse:
        """The 429 page; an anonymous visitor's is rendered once per language and wait, so a client past its
        limit is answered for almost nothing and cannot take the server's time that way either."""
        if request.user.is_authenticated:  # the header names them
            body = render(request, "pages/throttled.html", {"wait": wait}).content
        else:
            key = (get_language(), wait)
            body = _THROTTLED_PAGES.get(key) or render(request, "pages/throttled.html", {"wait": wait}).content
            _THROTTLED_PAGES[key] = body
        response = HttpResponse(body, status=429)
        response["Retry-After"] = str(wait)
        return response


_THROTTLED_PAGES: dict[tuple[str, int], bytes] = {}  # at most (languages x the minute's seconds) small pages


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
        larger = next((most for path, most in LARGER_BODIES if path.match(request.path)), None)
        if limit is not None and larger is not None and limit < length <= larger:
            _read_whole(request)  # a file its own limit admits: read here, past Django's general check
        elif limit is not None and length > limit:
            with translation.override(translation.get_language_from_request(request)):  # above LocaleMiddleware
                detail = gettext("the request body is {length} bytes; the limit is {limit}").format(
                    length=length, limit=limit
                )
            if request.path.startswith("/api/"):
                return JsonResponse({"code": "too_large", "detail": detail, "field": "body"}, status=413)
            return HttpResponse(detail, status=413, content_type="text/plain; charset=utf-8")
        return self.get_response(request)


# The routes that take a whole file whose documented size is past the general limit: a federation's licences
# (20,000 rows, about 1.5 MB as JSON).
LARGER_BODIES = ((re.compile(r"^/api/organisations/[^/]+/licences/$"), 4 * 1024 * 1024),)


def _read_whole(request: HttpRequest) -> None:
    """Read the body now and keep it where Django and DRF look for it (`request.body`, then a stream over it),
    so their own size check, made for every other route, is not made again for this one."""
    body = request.read()
    request._body = body
    request._stream = io.BytesIO(body)


# SQLSTATE classes of a lost connection: 08 (connection exception), 57P (the server shut the backend down:
# pg_terminate_backend, a restart, a failover).
CONNECTION_LOST_STATES = ("08", "57P")


def _connection_lost(error: Exception) -> bool:
    """Whether the database error says the connection itself was lost. Asked of the error, not of the
    connection: a transaction's exit closes a dead connection and later code may already have opened a
    new, usable one (issue 41: such a write answered 500)."""
    cause = error.__cause__
    state = getattr(cause, "sqlstate", None)
    if state is not None:
        return str(state).startswith(CONNECTION_LOST_STATES)
    return type(cause).__module__.startswith("psycopg") and "closed" in str(cause).lower()


DATABASE_RETRY_AFTER_SECONDS = 5


class DatabaseAway:
    """A request whose database connection died under it (a restarted or failed-over PostgreSQL, a killed
    backend): a read is run once more on a new connection; a write answers 503 with Retry-After, since
    whether it was committed is unknown to this process and the client should look, then send it again.
    A wait for a connection (the pool's) or for SQLite's write lock run out answers 503 `overloaded` with
    Retry-After: nothing was saved. Any other database error is left alone (a 500, logged)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, OperationalError | InterfaceError):
            return None
        if waited_for_the_database(exception):
            return overloaded(request)
        if not _connection_lost(exception) and connection.is_usable():
            return None
        connection.close()
        if request.method in ("GET", "HEAD", "OPTIONS") and not getattr(request, "database_retried", False):
            request.database_retried = True  # type: ignore[attr-defined]
            match = resolve(request.path_info)
            try:
                return match.func(request, *match.args, **match.kwargs)  # type: ignore[no-any-return]
            except (OperationalError, InterfaceError):
                connection.close()
        return database_unavailable(request)


def _pool_exhausted(exception: BaseException) -> bool:
    """Whether the request waited out the connection pool (psycopg_pool.PoolTimeout, as Django wraps it)."""
    seen: BaseException | None = exception
    for _link in range(10):  # the error, what caused it, and so on
        if seen is None:
            return False
        if type(seen).__name__ == "PoolTimeout":
            return True
        seen = seen.__cause__ or seen.__context__
    return False


def waited_for_the_database(exception: BaseException) -> bool:
    """Whether the error is a wait run out before anything ran: for a connection (the pool's) or for SQLite's
    write lock. The answer is then 503 `overloaded` ("nothing was saved"), not "the connection was lost"."""
    return _pool_exhausted(exception) or _write_lock_waited_out(exception)


def _write_lock_waited_out(exception: BaseException) -> bool:
    """Whether SQLite gave up waiting for its one write lock (its `timeout`, 30 s here): the transaction that
    waited never started, so nothing of it was saved, and the server is busy rather than broken."""
    return connection.vendor == "sqlite" and "database is locked" in str(exception)


def overloaded(request: HttpRequest) -> HttpResponse:
    """503 `overloaded` with Retry-After: the process had no connection to give, so nothing was saved."""
    if request.path.startswith("/api/"):
        response: HttpResponse = JsonResponse(overload.overloaded_body(), status=503)
    else:
        response = render(request, "pages/unavailable.html", {"overloaded": True}, status=503)
    response["Retry-After"] = str(overload.RETRY_AFTER_SECONDS)
    return response


def database_unavailable(request: HttpRequest) -> HttpResponse:
    """503 with Retry-After: the connection was lost under a write, which may or may not have been saved."""
    detail = "the database connection was lost; nothing may have been saved: check, then send it again"
    if request.path.startswith("/api/"):
        response: HttpResponse = JsonResponse({"code": "database_unavailable", "detail": detail}, status=503)
    else:
        response = render(request, "pages/unavailable.html", status=503)
    response["Retry-After"] = str(DATABASE_RETRY_AFTER_SECONDS)
    return response
