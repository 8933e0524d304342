"""The embedded default's one write lock (SQLite): a sign-up hashes its password before its transaction takes
the lock, and a write that waited the lock out is told the server is busy (503 with Retry-After), not a 500.
A crowd of 200 signing up at a venue met both (bench/venue_crowd.py: 5-9 answers of 500 in 440 with the
machine's cores busy, each "database is locked" after the 30 s wait, behind sign-ups hashing inside it)."""

import os
import sqlite3
from typing import Any

import pytest
from django.contrib.auth.hashers import MD5PasswordHasher
from django.contrib.auth.models import User
from django.db import OperationalError, connection

from tests.tournaments.integrations.test_idempotency import _seat_and_sheet, post_json, token_client
from tournaments.models import ScoreSheet

pytestmark = pytest.mark.django_db

SIGN_UP = {"username": "dingo", "password": "correct-horse-battery", "handle": "Dingo"}
transactions_seen_by_the_hasher: list[int] = []
on_sqlite = pytest.mark.skipif(
    os.environ.get("DATABASE_URL", "").startswith("postgres"), reason="SQLite's write lock: the embedded pass's"
)


class TransactionWatchingHasher(MD5PasswordHasher):
    """Notes how deep in transactions the connection is whenever a password is hashed."""

    def encode(self, password: str, salt: str) -> str:
        transactions_seen_by_the_hasher.append(len(connection.atomic_blocks))
        return super().encode(password, salt)


@pytest.mark.embedded
def test_a_sign_up_hashes_its_password_before_its_transaction(api_client, settings) -> None:
    settings.PASSWORD_HASHERS = [f"{__name__}.TransactionWatchingHasher"]
    transactions_seen_by_the_hasher.clear()
    outside = len(connection.atomic_blocks)  # the test's own
    assert api_client.post("/api/players/", SIGN_UP, format="json").status_code == 201
    assert transactions_seen_by_the_hasher == [outside]
    assert User.objects.get(username="dingo").check_password("correct-horse-battery")


@pytest.mark.embedded
@on_sqlite
def test_a_write_that_waited_out_the_write_lock_is_told_the_server_is_busy(api_client) -> None:
    def lock_waited_out(execute: Any, sql: str, params: Any, many: bool, context: dict[str, Any]) -> Any:
        if sql.startswith("INSERT"):
            raise OperationalError("database is locked") from sqlite3.OperationalError("database is locked")
        return execute(sql, params, many, context)

    with connection.execute_wrapper(lock_waited_out):
        response = api_client.post("/api/players/", SIGN_UP, format="json")
    assert response.status_code == 503
    assert response["Retry-After"] == "2"
    assert response.json()["code"] == "overloaded"
    assert not User.objects.filter(username="dingo").exists()


@pytest.mark.embedded
@on_sqlite
def test_a_keyed_post_whose_transaction_waited_out_the_write_lock_is_told_the_server_is_busy() -> None:
    """With an Idempotency-Key the request's transaction is the key's, begun before the view: on SQLite that is
    where the lock is waited for (here the test's own transaction makes it a savepoint)."""
    seat, data = _seat_and_sheet()
    client = token_client(seat.player.user, key="busy-night")

    def lock_waited_out(execute: Any, sql: str, params: Any, many: bool, context: dict[str, Any]) -> Any:
        if sql.startswith("SAVEPOINT"):
            raise OperationalError("database is locked") from sqlite3.OperationalError("database is locked")
        return execute(sql, params, many, context)

    with connection.execute_wrapper(lock_waited_out):
        response = post_json(client, f"/api/seats/{seat.pk}/sheets/", {"data": data})
    assert (response.status_code, response.json()["code"], response["Retry-After"]) == (503, "overloaded", "2")
    assert not ScoreSheet.objects.filter(seat=seat).exists()
