"""Idempotent POSTs (as Stripe's): a request sent with an `Idempotency-Key` is done once; a repeat of it by
the same caller within IDEMPOTENCY_HOURS gets the first answer again, a different request under the same key
is refused (422), and a repeat that arrives while the first is still under way is told so at once (409
`idempotency_key_in_use` with `Retry-After`, as pretix answers): no web thread waits on another's request.

The request is done inside `holding`: one transaction that claims the key (`idempotent_claim`: a row for the
answer, held), does the view and keeps its answer in that row, so the write and the answer are committed
together or not at all. A process that dies anywhere before the commit leaves nothing behind: its
transaction is rolled back with its connection, and the key is free at once for the retry, which is then
done once; one that dies after the commit has left the answer, which the retry gets. On PostgreSQL the key
is held by a transaction-level advisory lock (gone with the transaction, whichever web process or node it
was), taken in the claim's one statement, which also reads the caller's token when asked (a keyed POST's
first statement is its only one before the view: issue 65, item 5); on another database (SQLite, the
embedded default's single process) by a set of the keys this process is answering."""

import hashlib
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import timedelta
from functools import cache

from django.conf import settings
from django.db import connection, transaction
from django.utils import timezone
from rest_framework.authtoken.models import Token

from config.authentication import token_from, token_reading
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
_BODY = field_of(IdempotentRequest, "body")


def _column(name: str) -> str:
    return f'"{field_of(IdempotentRequest, name).column}"'


def _claim_statement(token_columns: str = "", token_join: str = "") -> str:
    """PostgreSQL: the key's lock, and when it is won a row for the answer unless one is there (the first
    request's, committed: `ON CONFLICT` sees it even after the statement's snapshot was taken), in one
    statement; with the token's columns and join when it reads a token too."""
    columns = ", ".join(map(_column, ("caller", "key", "fingerprint", "status_code", "content_type", "body",
                                      "location", "created_at")))  # fmt: skip
    return (
        "WITH held AS (SELECT pg_try_advisory_xact_lock(%s, %s) AS locked),"
        f" pending AS (INSERT INTO {_TABLE} ({columns}) SELECT %s, %s, %s, 0, '', '', '', %s FROM held"
        f" WHERE held.locked ON CONFLICT ({_column('caller')}, {_column('key')}) DO NOTHING RETURNING id)"
        f" SELECT held.locked, (SELECT id FROM pending){token_columns} FROM held{token_join}"
    )


_CLAIM = _claim_statement()
_RECORD = (
    f"UPDATE {_TABLE} SET {_column('status_code')} = %s, {_column('content_type')} = %s, {_column('body')} = %s,"
    f" {_column('location')} = %s WHERE id = %s"
)


@cache
def _claim_with_token() -> str:
    """_CLAIM, reading too the token named by its last parameter (NULLs when there is no such token)."""
    columns, joined = token_reading()
    return _claim_statement(f", {columns}", f" LEFT JOIN ({joined}) ON t.key = %s")


def fingerprint_of(method: str, path: str, body: bytes) -> str:
    return hashlib.sha256(f"{method} {path}\n".encode() + body).hexdigest()


def caller_of(credentials: str) -> str:
    """Keys are per caller: a hash of what identifies them (a token, a session's user), never stored."""
    return hashlib.sha256(credentials.encode()).hexdigest()


@dataclass(frozen=True)
class Claim:
    """A key claimed by this request (inside `holding`): the answer its first request gave, when this one
    is a repeat; else the row that keeps this request's answer (`pending`). `token`: the caller's token read
    with the key, when asked for (its key, and the token or None when there is no such token)."""

    first: StoredAnswer | None
    pending: int | None = None
    token: tuple[str, Token | None] | None = None


@contextmanager
def holding(*, caller: str, key: str) -> Iterator[None]:
    """A transaction for the request with this caller's key, in which `idempotent_claim` holds the key (on
    PostgreSQL: elsewhere this process's set holds it, KeyInUse at once if another request does): what is
    done inside, and the answer kept inside by `idempotent_record`, is committed as one."""
    if connection.vendor == "postgresql":
        with transaction.atomic():
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


def idempotent_claim(*, caller: str, key: str, fingerprint: str, token_key: str | None = None) -> Claim:
    """Inside `holding`: the key held (KeyInUse at once if another request holds it), and either the first
    request's answer (KeyReused if it was another request) or a row kept for this one's answer. On PostgreSQL
    one statement takes the lock, makes the row and reads the token named `token_key`; a second reads the
    first answer when there was one."""
    if connection.vendor != "postgresql":
        first = _first_answer(caller, key, fingerprint)
        return Claim(first, None if first else _pending_insert(caller, key, fingerprint))
    created_at = field_of(IdempotentRequest, "created_at").get_db_prep_save(timezone.now(), connection)
    params = [LOCK_SPACE, _lock_id(caller, key), caller, key, fingerprint, created_at]
    with connection.cursor() as cursor:  # by hand: the POST's hot path (config/rows.py)
        if token_key is None:
            cursor.execute(_CLAIM, params)
        else:
            cursor.execute(_claim_with_token(), [*params, token_key])
        row = cursor.fetchone()
    if not row[0]:
        raise _in_use()
    token = None if token_key is None else (token_key, token_from(row, 2))
    if row[1] is not None:
        return Claim(None, row[1], token)
    # A row was there: the first request's, committed once its lock was let go (the row's conflict sees it
    # whatever the statement's snapshot; the read below takes a new one).
    first = _first_answer(caller, key, fingerprint)
    return Claim(first, None if first else _pending_insert(caller, key, fingerprint), token)


def idempotent_record(*, claim: Claim, answer: StoredAnswer) -> None:
    """Inside `holding`: keep the answer in the claimed row, committed with what the request wrote."""
    with connection.cursor() as cursor:  # by hand: the POST's hot path (config/rows.py)
        body = _BODY.get_db_prep_save(answer.body, connection)
        cursor.execute(_RECORD, [answer.status_code, answer.content_type, body, answer.location, claim.pending])


def idempotent_release(*, claim: Claim) -> None:
    """Inside `holding`: keep no answer (a repeat is done again), and keep what the request wrote."""
    assert claim.pending is not None, "a repeat's claim has no row of its own"
    IdempotentRequest.objects.filter(pk=claim.pending).delete()


def _first_answer(caller: str, key: str, fingerprint: str) -> StoredAnswer | None:
    """The answer the first request with this key gave (KeyReused if it was another request); None when
    there is none, or it is older than IDEMPOTENCY_HOURS (then it is forgotten)."""
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


def _pending_insert(caller: str, key: str, fingerprint: str) -> int:
    """The row that will keep this request's answer (none yet: status 0, always filled or deleted before
    the transaction commits)."""
    return IdempotentRequest.objects.create(caller=caller, key=key, fingerprint=fingerprint, status_code=0).pk


def idempotency_sweep() -> int:
    """Delete the keys past IDEMPOTENCY_HOURS (the periodic clean-up); returns how many."""
    kept_since = timezone.now() - timedelta(hours=settings.IDEMPOTENCY_HOURS)
    return IdempotentRequest.objects.filter(created_at__lt=kept_since).delete()[0]


def _lock_id(caller: str, key: str) -> int:
    """The second half of the key's advisory lock: its first four bytes of a hash of caller and key."""
    return int.from_bytes(hashlib.sha256(f"{caller}\n{key}".encode()).digest()[:4], "big", signed=True)


def _in_use() -> KeyInUse:
    return KeyInUse(
        f"a request with this Idempotency-Key is still under way; retry in {RETRY_AFTER_SECONDS} s",
        "idempotency_key_in_use", "Idempotency-Key",
    )  # fmt: skip
