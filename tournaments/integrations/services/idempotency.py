"""Idempotent POSTs (as Stripe's): a request sent with an `Idempotency-Key` is done once; a repeat of it by
the same caller within IDEMPOTENCY_HOURS gets the first answer again, a different request under the same key
is refused (422), and a repeat that arrives while the first is still under way is told so at once (409
`idempotency_key_in_use` with `Retry-After`, as pretix answers): no web thread waits on another's request.

The claim is a row with a unique (caller, key), inserted before the view runs and committed at once, so it
holds across web processes and nodes: of two concurrent requests only one inserts it."""

import hashlib
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from config.errors import Conflict, DomainError
from tournaments.integrations.models import IdempotentRequest

RETRY_AFTER_SECONDS = 1  # what a repeat is told while the first request is under way
UNDER_WAY_FOR_AT_MOST = timedelta(minutes=5)  # a claim older than this with no answer died with its process


class KeyReused(DomainError):
    http_status = 422


class KeyInUse(Conflict):
    """The first request with this key is still under way: retry after `retry_after` seconds."""

    retry_after = RETRY_AFTER_SECONDS


@dataclass(frozen=True)
class StoredAnswer:
    status_code: int
    content_type: str
    body: bytes
    location: str = ""  # a redirect's (the pages' forms answer one)


def fingerprint_of(method: str, path: str, body: bytes) -> str:
    return hashlib.sha256(f"{method} {path}\n".encode() + body).hexdigest()


def caller_of(credentials: str) -> str:
    """Keys are per caller: a hash of what identifies them (a token header, a session's user), never stored."""
    return hashlib.sha256(credentials.encode()).hexdigest()


def idempotent_claim(*, caller: str, key: str, fingerprint: str) -> StoredAnswer | None:
    """None: this request holds the key now and must be done, then recorded or released. Else the answer
    the first request with this key gave; KeyInUse while that one is under way."""
    while True:
        try:
            with transaction.atomic():
                IdempotentRequest.objects.create(caller=caller, key=key, fingerprint=fingerprint)
            return None
        except IntegrityError:
            first = IdempotentRequest.objects.filter(caller=caller, key=key).first()
        if first is None or _forgotten(first):
            continue  # released, expired or dead since: claim it again
        if first.fingerprint != fingerprint:
            raise KeyReused(
                "this Idempotency-Key was already used for a different request (another path or body)",
                "idempotency_key_reused", "Idempotency-Key",
            )  # fmt: skip
        if first.status_code is not None:
            return StoredAnswer(first.status_code, first.content_type, bytes(first.body), first.location)
        raise KeyInUse(
            f"a request with this Idempotency-Key is still under way; retry in {RETRY_AFTER_SECONDS} s",
            "idempotency_key_in_use", "Idempotency-Key",
        )  # fmt: skip


def idempotent_record(*, caller: str, key: str, answer: StoredAnswer) -> None:
    IdempotentRequest.objects.filter(caller=caller, key=key).update(
        status_code=answer.status_code, content_type=answer.content_type, body=answer.body, location=answer.location
    )


def idempotent_release(*, caller: str, key: str) -> None:
    """The request failed in a way worth retrying (a 5xx, a throttle, no credentials): forget the key, so the
    retry is done afresh."""
    IdempotentRequest.objects.filter(caller=caller, key=key, status_code__isnull=True).delete()


def idempotency_sweep() -> int:
    """Delete the keys past IDEMPOTENCY_HOURS (the periodic clean-up); returns how many."""
    kept_since = timezone.now() - timedelta(hours=settings.IDEMPOTENCY_HOURS)
    return IdempotentRequest.objects.filter(created_at__lt=kept_since).delete()[0]


def _forgotten(first: IdempotentRequest) -> bool:
    """Delete the claim when it is past IDEMPOTENCY_HOURS, or under way for longer than any request lives
    (its process died); whether it was."""
    now = timezone.now()
    expired = first.created_at < now - timedelta(hours=settings.IDEMPOTENCY_HOURS)
    dead = first.status_code is None and first.created_at < now - UNDER_WAY_FOR_AT_MOST
    if expired or dead:
        IdempotentRequest.objects.filter(pk=first.pk).delete()
    return expired or dead
