"""Every row of a list: the service's lists answer `{"results", "next", ...}` pages, by page number or by an
opaque cursor; following `next` reads both the same way."""

from collections.abc import Iterator
from typing import Any

import httpx


def every(client: httpx.Client, path: str, params: dict[str, Any] | None = None) -> Iterator[dict[str, Any]]:
    """Each row of every page, in the list's order, from `path` with `params` (a `page_size` is kept by
    `next`). Raises httpx.HTTPStatusError on a refusal."""
    answer = client.get(path, params=params)
    while True:
        answer.raise_for_status()
        page = answer.json()
        yield from page["results"]
        if not page.get("next"):
            return
        answer = client.get(page["next"])
