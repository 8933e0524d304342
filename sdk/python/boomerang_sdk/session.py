"""An httpx client for the service: its address, and a credential (a person's token, an API key or an OAuth
access token) sent as `Authorization: Bearer`."""

import httpx


def session(base_url: str, credential: str | None = None, *, timeout: float = 30.0) -> httpx.Client:
    headers = {"Accept": "application/json"}
    if credential:
        headers["Authorization"] = f"Bearer {credential}"
    return httpx.Client(base_url=base_url.rstrip("/"), headers=headers, timeout=timeout)
