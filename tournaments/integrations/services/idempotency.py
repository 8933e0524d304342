"""Idempotent POSTs (as Stripe's): a request sent with an `Idempotency-Key` is done once; a repeat of it by
the same caller within IDEMPOTENCY_HOURS gets the first answer again, a different request under the same key
is refused (422), and a repeat that arrives while the first is still under way is told so at once (409
`idempotency_key_in_use` with `Retry-After`, as pretix answers): no web thread waits on another's request.

The request is done inside `holding`: one transaction that holds the key, does the view and stores its
answer, so the write and the answer are committed together or not at all. A process that dies anywhere
before the commit leaves nothing behind: its transaction is rolled back with its connection, and the key is
free at once for the retry, which is then done once; one that dies after the commit has left the answer,
which the retry gets. On PostgreSQL the key is held by a transaction-level advisory lock (gone with the
transaction, whichever web process or node it was); on another database (SQLite, the embedded default's
single process) by a set of the keys this process is answering."""

import hashlib
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.db import connection, transaction
from django.utils import timezone

from config.errors import Conflict, DomainError
from config.rows import columns_of, field_of, instance_from
from tournaments.integrations.models import IdempotentRequest

RETRY_AFTER_SECONDS = 1  # what a repeat is told while the first request is under way
LOCK_SPACE = 0x1D3  # the first half of the advisory locks' keys: this service's own space of them
_under_way: set[tuple[str, str]] = set()  # the keys this process holds, where no advisory lock exists
_under_way_guard = threading.Lock()


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


_TABLE = f'"{IdempotentRequest._meta.db_table}"'
_ANSWER_OF_KEY = f"SELECT {columns_of(IdempotentRequest, 'i')} FROM {_TABLE} i WHERE i.caller = %s AND i.key = %s"


def fingerprint_of(method: str, path: str, body: bytes) -> str:
    return hashlib.sha256(f"{method} {path}\n".encode() + body).hexdigest()


def caller_of(credentials: str) -> str:
    """Keys are per caller: a hash of what identifies them (a token, a session's user), never stored."""
    return hashlib.sha256(credentials.encode()).hexdigest()


@contextmanager
def holding(*, caller: str, key: str) -> Iterator[None]:
    """A transaction holding this caller's key (KeyInUse at once if another request holds it): what is done
    inside, and the answer stored inside by `idempotent_record`, is committed as one."""
    if connection.vendor == "postgresql":
        with transaction.atomic():
            _lock_or_refuse(caller, key)
            yield
        return
    with _under_way_guard:
        if (caller, key) in _under_way:
            raise _in_use()
        _under_way.add((caller, key))
    try:
        with transaction.atomic():
            yield
    finally:
        with _under_way_guard:
            _under_way.discard((caller, key))


def idempotent_answer(*, caller: str, key: str, fingerprint: str) -> StoredAnswer | None:
    """Inside `holding`: the answer the first request with this key gave (KeyReused if it was another
    request), or None when this one is the first and must be done."""
    with connection.cursor() as cursor:  # by hand: the POST's hot path (config/rows.py)
        cursor.execute(_ANSWER_OF_KEY, [caller, key])
        row = cursor.fetchone()
    if row is None:
        return None
    first = instance_from(IdempotentRequest, row, 0, connection.alias)
    if first.created_at < timezone.now() - timedelta(hours=settings.IDEMPOTENCY_HOURS):
        first.delete()
        return None
    if first.fingerprint != fingerprint:
        raise KeyReused(
            "this Idempotency-Key was already used for a different request (another path or body)",
            "idempotency_key_reused", "Idempotency-Key",
        )  # fmt: skip
    return StoredAnswer(first.status_code, first.content_type, bytes(first.body), first.location)


def idempotent_record(*, caller: str, key: str, fingerprint: str, answer: StoredAnswer) -> None:
    """Inside `holding`: keep the answer, committed with what the request wrote."""
    values = {"caller": caller, "key": key, "fingerprint": fingerprint, "status_code": answer.status_code,
              "content_type": answer.content_type, "body": answer.body, "location": answer.location,
              "created_at": timezone.now()}  # fmt: skip
    fields = [field_of(IdempotentRequest, name) for name in values]
    with connection.cursor() as cursor:  # by hand: the POST's hot path (config/rows.py)
        cursor.execute(
            f"INSERT INTO {_TABLE} ({', '.join(field.column for field in fields)})"
            f" VALUES ({', '.join(['%s'] * len(fields))})",
            [field.get_db_prep_save(value, connection) for field, value in zip(fields, values.values(), strict=True)],
        )


def idempotency_sweep() -> int:
    """Delete the keys past IDEMPOTENCY_HOURS (the periodic clean-up); returns how many."""
    kept_since = timezone.now() - timedelta(hours=settings.IDEMPOTENCY_HOURS)
    return IdempotentRequest.objects.filter(created_at__lt=kept_since).delete()[0]


def _lock_or_refuse(caller: str, key: str) -> None:
    digest = hashlib.sha256(f"{caller}\n{key}".encode()).digest()
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_try_advisory_xact_lock(%s, %s)", [LOCK_SPACE, int.from_bytes(digest[:4], "big", signed=True)]
        )
        if not cursor.fetchone()[0]:
            raise _in_use()


def _in_use() -> KeyInUse:
    return KeyInUse(
        f"a request with this Idempotency-Key is still under way; retry in {RETRY_AFTER_SECONDS} s",
        "idempotency_key_in_use", "Idempotency-Key",
    )  # fmt: skip
