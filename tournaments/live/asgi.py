"""The live streams under ASGI (docs/stream.md), served beside Django rather than through it.

Django gives every request it handles a thread of its own for its synchronous parts (the middleware, DRF's
views), kept until the answer ends: a stream answered by Django would hold that thread for hours. So
config/asgi.py sends the two stream paths here: the request is checked as the API checks it (the same
authentication classes, the same views' rules, in a shared thread pool for the moment they take), then the
answer is a coroutine waiting on its queue, which holds no thread. A WSGI server reaching the same paths
gets Django's views (tournaments/live/api.py), which refuse it (501 `stream_needs_asgi`).
"""

import asyncio
import json
import math
import re
from collections.abc import Awaitable, Callable
from io import BytesIO
from typing import Any

from asgiref.sync import sync_to_async
from django.contrib.auth.middleware import AuthenticationMiddleware
from django.contrib.sessions.middleware import SessionMiddleware
from django.core.handlers.asgi import ASGIRequest
from django.db import connection
from django.utils import translation
from rest_framework.exceptions import APIException

from config import versioning
from config.errors import DomainError, refusal_text
from config.http_caching import rate_limit_headers
from tournaments.live.api import body_async, stream_of
from tournaments.live.hub import Client

Scope = dict[str, Any]
Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[dict[str, Any]], Awaitable[None]]
EVENT_STREAM = re.compile(r"^/api/events/(\d+)/stream/$")
MY_STREAM = "/api/me/stream/"


def is_stream(scope: Scope) -> bool:
    return scope["type"] == "http" and (scope["path"] == MY_STREAM or bool(EVENT_STREAM.match(scope["path"])))


async def stream_app(scope: Scope, receive: Receive, send: Send) -> None:
    request = ASGIRequest(scope, BytesIO())
    refused_version = versioning.refusal(request.headers.get(versioning.HEADER))
    if refused_version is not None:
        await _refuse(send, 400, refused_version)
        return
    try:
        client, missed, after = await sync_to_async(_checked, thread_sensitive=False)(request)
    except DomainError as refused:
        with translation.override(translation.get_language_from_request(request)):  # no LocaleMiddleware here
            detail = refusal_text(refused.code, refused.message, translation.get_language())
        await _refuse(send, refused.http_status, {"code": refused.code, "detail": detail, "field": refused.field},
                      _limits_and_version(request))  # fmt: skip
        return
    except APIException as refused:  # a credential the authentication classes refuse, a throttle
        codes = refused.get_codes()
        wait = getattr(refused, "wait", None)
        headers = _limits_and_version(request) + ([(b"retry-after", str(math.ceil(wait)).encode())] if wait else [])
        await _refuse(send, refused.status_code, {"code": codes if isinstance(codes, str) else "invalid",
                                                  "detail": str(refused.detail), "field": None}, headers)  # fmt: skip
        return
    await send({"type": "http.response.start", "status": 200, "headers": [
        (b"content-type", b"text/event-stream"), (b"cache-control", b"no-store"), (b"x-accel-buffering", b"no"),
        *_limits_and_version(request),
    ]})  # fmt: skip
    disconnected = asyncio.ensure_future(_disconnect(receive))
    try:
        async for chunk in body_async(client, missed, after, disconnected):
            await send({"type": "http.response.body", "body": chunk.encode(), "more_body": True})
        await send({"type": "http.response.body", "body": b""})
    except OSError:
        pass  # the client went away mid-write
    finally:
        disconnected.cancel()


async def _refuse(
    send: Send, status: int, body: dict[str, Any], headers: list[tuple[bytes, bytes]] | None = None
) -> None:
    answer_headers = [(b"content-type", b"application/json"), *(headers or [])]
    await send({"type": "http.response.start", "status": status, "headers": answer_headers})
    await send({"type": "http.response.body", "body": json.dumps(body).encode()})


async def _disconnect(receive: Receive) -> None:
    while (await receive())["type"] != "http.disconnect":
        pass


def _limits(request: ASGIRequest) -> list[tuple[bytes, bytes]]:
    """The RateLimit-* headers of the stream's opening, as every other answer carries them."""
    return [(name.lower().encode(), value.encode()) for name, value in rate_limit_headers(request)]


def _limits_and_version(request: ASGIRequest) -> list[tuple[bytes, bytes]]:
    """What every answer of the API carries: its RateLimit-* and its version (a stream's messages are the same in
    every version; the answer says the one asked for)."""
    version = request.headers.get(versioning.HEADER) or versioning.CURRENT
    return [*_limits(request), (versioning.HEADER.lower().encode(), version.encode())]


def _checked(request: ASGIRequest) -> tuple[Client, Callable[..., list[dict[str, Any]]], int | None]:
    """Authenticate and check the request as the API's views do; the stream's client and catch-up. The
    request passes the session and authentication middleware first, as Django's own requests do: a browser
    signed in by its session cookie reads its stream like a program with a token."""
    SessionMiddleware(_never_called).process_request(request)
    AuthenticationMiddleware(_never_called).process_request(request)
    event = EVENT_STREAM.match(request.path)
    try:
        return stream_of(request, event_id=int(event.group(1)) if event else None)
    finally:
        connection.close()  # a pool thread: no request's end closes it


def _never_called(request: Any) -> Any:
    raise AssertionError("the stream runs the middleware's request half only")
