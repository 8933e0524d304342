"""A write sent until it is answered, with one `Idempotency-Key` (docs/api.md, "Retrying a write"): the service
does it once, and answers a repeat with the first answer (`Idempotent-Replayed: true`)."""

import time
import uuid
from typing import Any

import httpx

RETRIED_STATUSES = frozenset({429, 502, 503, 504})


def post(
    client: httpx.Client, path: str, json: Any, *, key: str | None = None, attempts: int = 5, wait: float = 0.5
) -> httpx.Response:
    """POST `json` to `path`, again on a dropped connection, a 429/502/503/504 (503 `overloaded`: nothing was
    saved) or a 409 with `Retry-After` (`idempotency_key_in_use`: this key's first sending is still under
    way), after `Retry-After` when given, else a doubling wait; always with the same key. The last answer, or
    the last error raised."""
    headers = {"Idempotency-Key": key or str(uuid.uuid4())}
    for attempt in range(1, attempts + 1):
        try:
            answer = client.post(path, json=json, headers=headers)
        except httpx.TransportError:
            if attempt == attempts:
                raise
        else:
            in_use = answer.status_code == 409 and _number(answer.headers.get("Retry-After"))
            if (answer.status_code not in RETRIED_STATUSES and not in_use) or attempt == attempts:
                return answer
            wait = (
                float(answer.headers.get("Retry-After", wait)) if _number(answer.headers.get("Retry-After")) else wait
            )
        time.sleep(wait)
        wait *= 2
    raise AssertionError("unreachable: the last attempt returns or raises")


def _number(text: str | None) -> bool:
    try:
        return text is not None and float(text) >= 0
    except ValueError:
        return False
