"""The live streams (docs/stream.md): `GET /api/events/{id}/stream/` (an event's public news) and
`GET /api/me/stream/` (what is for one player alone), as Server-Sent Events.

The streams are served under ASGI alone (uvicorn `config.asgi`: production, `make run`, `make venue` and the
tests' server): tournaments/live/asgi.py checks the request as the API checks it, then answers `body_async`, a
coroutine waiting on its queue, so an idle stream holds no thread. It joins the process's hub first, then
sends what the client missed (after its Last-Event-ID) from the database, then what arrives, with a comment
every 15 s to keep proxies from closing an idle connection. The views here describe the two operations in the
schema; a WSGI server (`manage.py runserver`, gunicorn) reaching them is told to serve `config.asgi` instead,
rather than given a stream that would hold one of its threads for hours.
"""

import asyncio
import json
from collections.abc import AsyncIterator, Callable
from functools import partial
from typing import Any

from asgiref.sync import sync_to_async
from django.db import connection
from django.http import HttpRequest, HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.exceptions import Throttled
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.renderers import BaseRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.settings import api_settings
from rest_framework.views import APIView

from config.errors import DomainError
from config.throttling import StreamOpenThrottle
from tournaments.live.hub import QUEUE_SIZE, Client, hub
from tournaments.live.selectors import stream_event, stream_missed

HEARTBEAT_SECONDS = 15.0
RETRY_MILLISECONDS = 2000


class EventStreamRenderer(BaseRenderer):
    """Lets a client asking for `text/event-stream` reach the view; an error is still JSON."""

    media_type = "text/event-stream"
    format = "event-stream"

    def render(self, data: Any, accepted_media_type: str | None = None, renderer_context: Any = None) -> bytes:
        return json.dumps(data).encode()


LAST_EVENT_ID = [
    OpenApiParameter(
        "Last-Event-ID", int, OpenApiParameter.HEADER, required=False,
        description="The id of the last message received: the messages after it (kept two days) come first. "
        "Browsers send it themselves when they reconnect; `?last_event_id=` does the same.",
    ),
]  # fmt: skip
STREAM_ANSWER = {
    (200, "text/event-stream"): OpenApiResponse(
        OpenApiTypes.STR, description="Server-Sent Events: `id`, `event` (the kind) and `data` (JSON) each."
    )
}


class _StreamView(APIView):
    renderer_classes = [JSONRenderer, EventStreamRenderer]

    def handle_exception(self, exc: Exception) -> Any:
        """A refusal is JSON, whatever the client asked for (an EventSource asks for text/event-stream)."""
        self.request.accepted_renderer, self.request.accepted_media_type = JSONRenderer(), "application/json"
        return super().handle_exception(exc)


class EventStreamView(_StreamView):
    permission_classes = [AllowAny]

    @extend_schema(operation_id="events_stream", parameters=LAST_EVENT_ID, responses=STREAM_ANSWER)
    def get(self, request: Request, pk: int) -> HttpResponse:
        """An event's live news: round.seated, round.started (the clock), table.submitted, table.verified,
        table.rejected (no problems: those are the players' own), standings.changed, event.finished,
        rating.changed."""
        stream_of(request._request, event_id=pk)  # the same refusals as under ASGI first
        raise StreamNeedsAsgi()


class MyStreamView(_StreamView):
    permission_classes = [IsAuthenticated]
    person_only = True  # refused to an organisation's API key (tournaments/integrations/key_auth.py)

    @extend_schema(operation_id="me_stream", parameters=LAST_EVENT_ID, responses=STREAM_ANSWER)
    def get(self, request: Request) -> HttpResponse:
        """What is for you alone: you.seated (your table and seat), your.table.verified and
        your.table.rejected (with what to fix)."""
        stream_of(request._request)  # the same refusals as under ASGI first
        raise StreamNeedsAsgi()


class NotSignedIn(DomainError):
    http_status = 401


class StreamNeedsAsgi(DomainError):
    """Reached only under WSGI: config/asgi.py sends the stream paths to tournaments/live/asgi.py."""

    http_status = 501

    def __init__(self) -> None:
        super().__init__(
            "live streams are served by the ASGI server (uvicorn config.asgi:application, as make run does)",
            "stream_needs_asgi",
        )


Stream = tuple[Client, Callable[..., list[dict[str, Any]]], int | None]


def stream_of(request: HttpRequest, event_id: int | None = None) -> Stream:
    """The stream a request asks for, checked as the API checks (its authentication classes): an event's
    public stream (`event_id`), else the signed-in player's own. Raises a DomainError to refuse, Throttled
    past THROTTLE_STREAM_OPEN from one address (under ASGI no view's throttles run: this is the one)."""
    after = last_event_id(request)
    opening = StreamOpenThrottle()
    if not opening.allow_request(request, None):
        raise Throttled(opening.wait())
    if event_id is not None:
        event = stream_event(pk=event_id)
        return Client(event_id=event.pk, user_id=None), partial(stream_missed, event_id=event.pk), after
    authenticators = [auth() for auth in api_settings.DEFAULT_AUTHENTICATION_CLASSES]
    user = Request(request, authenticators=authenticators, parser_context={"view": MyStreamView}).user
    if not user.is_authenticated:
        raise NotSignedIn("your stream needs you signed in (a session, a token or an API key)", "not_authenticated")
    return Client(event_id=None, user_id=user.pk), partial(stream_missed, user_id=user.pk), after


def last_event_id(request: HttpRequest) -> int | None:
    raw = request.META.get("HTTP_LAST_EVENT_ID") or request.GET.get("last_event_id")
    if raw in (None, ""):
        return None
    try:
        value = int(raw)
    except ValueError:
        raise DomainError("Last-Event-ID is the id of a message: a whole number", "invalid", "Last-Event-ID") from None
    if not 0 <= value < 2**63:  # a message's id is a 64-bit number
        raise DomainError("Last-Event-ID is the id of a message: a whole number", "invalid", "Last-Event-ID")
    return value


def _read_and_close(missed: Callable[..., list[dict[str, Any]]]) -> Callable[..., list[dict[str, Any]]]:
    """The catch-up in a pool thread, whose database connection is closed after it (no request ends there)."""

    def read(**kwargs: Any) -> list[dict[str, Any]]:
        try:
            return missed(**kwargs)
        finally:
            connection.close()

    return read


def sse(message: dict[str, Any]) -> str:
    """The message as the stream writes it; made once for all the clients it goes to (kept in the message)."""
    if "sse" not in message:  # a message not kept has no id: a client's Last-Event-ID stays the one before
        kept = f"id: {message['id']}\n" if message["id"] is not None else ""
        message["sse"] = f"{kept}event: {message['kind']}\ndata: {json.dumps(message['data'])}\n\n"
    return str(message["sse"])


async def body_async(
    client: Client, missed: Callable[..., list[dict[str, Any]]], after: int | None,
    disconnected: "asyncio.Future[None] | None" = None,
) -> AsyncIterator[str]:  # fmt: skip
    """The stream as a coroutine: it waits on its queue (and on the client leaving), holding no thread."""
    client.loop = asyncio.get_running_loop()
    inbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue(QUEUE_SIZE)
    client.inbox = inbox
    await sync_to_async(hub.join, thread_sensitive=False)(client)
    try:
        yield f"retry: {RETRY_MILLISECONDS}\n\n"
        caught_up: set[int] = set()  # sent from the database: the same may arrive live too
        for message in (
            await sync_to_async(_read_and_close(missed), thread_sensitive=False)(after=after)
            if after is not None
            else []
        ):
            yield sse(message)
            caught_up.add(message["id"])
        while not client.dropped and not (disconnected and disconnected.done()):
            arrival = asyncio.ensure_future(inbox.get())
            waiting: set[asyncio.Future[Any]] = {arrival, disconnected} if disconnected else {arrival}
            await asyncio.wait(waiting, timeout=HEARTBEAT_SECONDS, return_when=asyncio.FIRST_COMPLETED)
            if not arrival.done():
                arrival.cancel()
                if not (disconnected and disconnected.done()):
                    yield ": keep-alive\n\n"
                continue
            message = arrival.result()
            if client.dropped:
                break
            if message["id"] not in caught_up:
                yield sse(message)
    finally:
        hub.leave(client)
