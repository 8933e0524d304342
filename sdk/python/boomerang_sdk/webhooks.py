"""A webhook delivery's signature (docs/webhooks.md): `Webhook-Signature: t=<unix time>,v1=<hex>[,v1=<hex>]`,
each hex an HMAC-SHA256 of `"<t>.<raw body>"` keyed by the secret's text; two `v1` for a day after a rotation."""

import hashlib
import hmac
import time


def verified(secret: str, header: str, body: bytes, *, tolerance: int = 300, now: float | None = None) -> bool:
    """Whether the delivery was signed with `secret` less than `tolerance` seconds ago (a replay fails)."""
    try:
        parts = [part.strip().split("=", 1) for part in header.split(",")]
        stamp = next(value for name, value in parts if name == "t")
        signed_at = int(stamp)
    except (StopIteration, ValueError):
        return False
    if abs((time.time() if now is None else now) - signed_at) > tolerance:
        return False
    expected = hmac.new(secret.encode(), stamp.encode() + b"." + body, hashlib.sha256).hexdigest()
    return any(hmac.compare_digest(value, expected) for name, value in parts if name == "v1")
