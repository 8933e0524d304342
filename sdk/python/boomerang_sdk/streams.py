"""An event's stream (`/api/events/{id}/stream/`) or your own (`/api/me/stream/`) as messages, resumed after a
dropped connection with the last id received (`Last-Event-ID`), so nothing is missed (docs/stream.md)."""

import json
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import httpx


@dataclass(frozen=True)
class Message:
    id: str
    kind: str  # the SSE `event:` name: a kind of docs/stream.md's catalogue (its AsyncAPI document types it)
    data: Any  # the JSON payload


def messages(
    client: httpx.Client, path: str, *, last_event_id: str | None = None, reconnects: int = 10,
    retry_wait: float = 2.0,
) -> Iterator[Message]:  # fmt: skip
    """Each message as it comes, for ever (stop iterating to stop); after a drop it reconnects with the last id
    (up to `reconnects` times in a row) and first receives what it missed. A refusal (401, 404) raises."""
    failures = 0
    while True:
        headers = {"Accept": "text/event-stream"}
        if last_event_id:
            headers["Last-Event-ID"] = last_event_id
        try:
            with client.stream("GET", path, headers=headers, timeout=httpx.Timeout(30.0, read=60.0)) as answer:
                answer.raise_for_status()
                for message in _parsed(answer.iter_lines()):
                    failures = 0
                    last_event_id = message.id or last_event_id
                    yield message
        except (httpx.TransportError, httpx.RemoteProtocolError):
            pass
        failures += 1
        if failures > reconnects:
            raise ConnectionError(f"{path}: {reconnects} reconnections in a row failed")
        time.sleep(retry_wait)


def _parsed(lines: Iterator[str]) -> Iterator[Message]:
    """Server-sent events: `id:`, `event:`, `data:` lines up to a blank line; comments (`:`) and `retry:` skipped."""
    fields: dict[str, str] = {}
    data: list[str] = []
    for line in lines:
        if not line:
            if data:
                yield Message(fields.get("id", ""), fields.get("event", "message"), json.loads("\n".join(data)))
            fields, data = {}, []
        elif line.startswith(":"):
            continue
        else:
            name, _, value = line.partition(":")
            value = value[1:] if value.startswith(" ") else value
            if name == "data":
                data.append(value)
            elif name in ("id", "event"):
                fields[name] = value
