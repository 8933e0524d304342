"""The AsyncAPI document (https://www.asyncapi.com/docs/reference/specification/v3.0.0), served beside the
OpenAPI schema at /api/asyncapi.json: the messages the service pushes, each kind's payload described once
(tournaments/message_schemas.py) and carried by the event's stream, a player's own stream and the webhooks, as
tournaments/announcements.py's catalogue says. tests/test_asyncapi.py holds it to what is actually sent."""

from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.http import HttpRequest, JsonResponse
from django.views.decorators.http import require_GET

from config.openapi_examples import example_of
from tournaments.announcements import CATALOGUE, EVENT, PLAYER
from tournaments.message_schemas import PAYLOADS, PING, webhook_envelope

STREAMS = {
    "eventStream": (EVENT, "/events/{event}/stream/", "The event's public stream (Server-Sent Events, anyone)."),
    "playerStream": (PLAYER, "/me/stream/", "The signed-in player's own stream (Server-Sent Events)."),
}
PING_SUMMARY = "A test delivery an owner asks for (POST /api/organisations/{slug}/webhooks/{id}/ping/)."


def asyncapi_document() -> dict[str, Any]:
    channels = {**_stream_channels(), "webhook": _webhook_channel()}
    return {
        "asyncapi": "3.0.0",
        "info": {
            "title": "Boomerang tournaments: live messages",
            "version": settings.VERSION,
            "description": "What the service pushes as play happens: the streams (docs/stream.md) and the "
            "webhooks (docs/webhooks.md) carry one catalogue of message kinds; a stream message's `data` and a "
            "webhook delivery's `data` are the same payload.",
        },
        "servers": {"api": _server()},
        "channels": channels,
        "operations": {
            f"receive.{name}": {"action": "receive", "channel": {"$ref": f"#/channels/{name}"}} for name in channels
        },
        "components": {"messages": _messages()},
    }


def _server() -> dict[str, str]:
    site = urlsplit(settings.SITE_URL)
    return {
        "host": site.netloc,
        "protocol": site.scheme or "https",
        "pathname": "/api",
        "description": "The streams: GET, text/event-stream; each message's SSE `event` is its kind.",
    }


def _stream_channels() -> dict[str, Any]:
    channels = {}
    for name, (stream, address, description) in STREAMS.items():
        carried = [kind for kind, of in CATALOGUE.items() if of.stream == stream]
        channels[name] = {"address": address, "description": description, "messages": _refs(carried)}
        if "{event}" in address:
            channels[name]["parameters"] = {"event": {"description": "The event's id."}}
    return channels


def _webhook_channel() -> dict[str, Any]:
    return {
        "address": None,  # the URL each subscriber gave
        "description": "The URL an organisation's owner subscribed (POST /api/organisations/{slug}/webhooks/): "
        "each delivery is a POST of the envelope, signed in Webhook-Signature (docs/webhooks.md).",
        "messages": _refs([f"webhook.{kind}" for kind in _webhook_kinds()]),
    }


def _webhook_kinds() -> list[str]:
    return [*(kind for kind, of in CATALOGUE.items() if of.webhook), "ping"]


def _refs(names: list[str]) -> dict[str, Any]:
    return {name: {"$ref": f"#/components/messages/{name}"} for name in names}


def _messages() -> dict[str, Any]:
    messages = {kind: _message(kind, of.data, PAYLOADS[kind], of.private) for kind, of in CATALOGUE.items()}
    for kind in _webhook_kinds():
        summary, data = (PING_SUMMARY, PING) if kind == "ping" else (CATALOGUE[kind].data, PAYLOADS[kind])
        messages[f"webhook.{kind}"] = _message(kind, summary, webhook_envelope(kind, data), ())
    return messages


def _message(kind: str, summary: str, payload: dict[str, Any], private: tuple[str, ...]) -> dict[str, Any]:
    message = {
        "name": kind, "title": kind, "contentType": "application/json", "summary": summary, "payload": payload,
        "examples": [{"name": kind, "summary": "At a club's night", "payload": example_of(payload)}],
    }  # fmt: skip
    if private:
        message["description"] = f"The public stream leaves out: {', '.join(private)}."
    return message


@require_GET
def asyncapi_view(request: HttpRequest) -> JsonResponse:
    return JsonResponse(asyncapi_document(), json_dumps_params={"indent": 1})
