"""A web process short of CPU or connections refuses early and honestly instead of queueing invisibly.

Under ASGI, Django gives every request in flight a thread of its own with no bound, while the process has
DB_POOL_SIZE connections: past that, requests wait inside the process for a connection (PoolTimeout after
DB_POOL_TIMEOUT seconds), where nobody can see or shed the queue, and a starved process misses its server's
health check. Here each process admits at most WEB_MAX_IN_FLIGHT requests at once (the live streams, which
hold no thread, are not counted); one more is answered at once, before any code runs, 503 `overloaded` with
Retry-After: nothing was saved, send it again. A request that still waited out the pool gets the same answer
(config/middleware.py): it never had a connection, so nothing ran. Sized with the pool in docs/deploy.md."""

import json
from typing import Any

from django.conf import settings

OVERLOADED_DETAIL = "this server is busy: nothing was saved; send it again after Retry-After seconds"
RETRY_AFTER_SECONDS = 2


class InFlightGate:
    """The requests of this process in flight now (one event loop: no lock needed)."""

    def __init__(self) -> None:
        self.in_flight = 0

    def enter(self) -> bool:
        if self.in_flight >= settings.WEB_MAX_IN_FLIGHT:
            return False
        self.in_flight += 1
        return True

    def leave(self) -> None:
        self.in_flight -= 1


def overloaded_body() -> dict[str, str]:
    return {"code": "overloaded", "detail": OVERLOADED_DETAIL}


async def refuse_overloaded(send: Any) -> None:
    """The 503 answer, sent straight from the ASGI application (no thread, no database)."""
    body = json.dumps(overloaded_body()).encode()
    headers = [
        (b"content-type", b"application/json"),
        (b"retry-after", str(RETRY_AFTER_SECONDS).encode()),
        (b"cache-control", b"no-store"),
        (b"content-length", str(len(body)).encode()),
    ]
    await send({"type": "http.response.start", "status": 503, "headers": headers})
    await send({"type": "http.response.body", "body": body})
