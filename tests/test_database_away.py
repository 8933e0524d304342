"""PostgreSQL kills the request's database connection mid-request (`pg_terminate_backend`): a read is run
again on a new connection and answers 200; a write answers 503 with Retry-After in the error shape.
Both were 500s (tests failed before: the OperationalError reached the client)."""

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import psycopg
import pytest
from django.db import connection

from tests.tournaments.helpers import running_round
from tests.workers import database_url

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@contextmanager
def connection_killed_at_query(number: int) -> Iterator[list[int]]:
    """Terminate this thread's PostgreSQL backend just before its `number`th query, once."""
    seen: list[int] = []

    def wrapper(execute: Any, sql: str, params: Any, many: bool, context: dict[str, Any]) -> Any:
        seen.append(1)
        if len(seen) == number:
            backend = context["connection"].connection.info.backend_pid
            with psycopg.connect(database_url(), autocommit=True) as killer:
                killer.execute("SELECT pg_terminate_backend(%s)", [backend])
        return execute(sql, params, many, context)

    with connection.execute_wrapper(wrapper):
        yield seen


def test_a_read_whose_connection_is_killed_is_run_again_and_answers(api_client) -> None:
    _event, round_ = running_round(players=4)
    table = round_.tables.get()
    with connection_killed_at_query(2) as seen:
        response = api_client.get(f"/api/tables/{table.pk}/")
    assert len(seen) > 2  # the connection died under the view, and the view ran again
    assert response.status_code == 200
    assert response.json()["id"] == table.pk


def test_a_page_read_whose_connection_is_killed_is_run_again(client) -> None:
    event, _round = running_round(players=4)
    with connection_killed_at_query(1):
        response = client.get(f"/events/{event.pk}/")
    assert response.status_code == 200


def test_a_write_whose_connection_is_killed_answers_503_with_retry_after(api_client) -> None:
    event, _round = running_round(players=4, rounds=2)
    api_client.force_authenticate(event.organisers.get())
    with connection_killed_at_query(2):
        response = api_client.post(f"/api/events/{event.pk}/next-round/")
    assert response.status_code == 503
    assert response["Retry-After"] == "5"
    assert response.json()["code"] == "database_unavailable"
    assert connection.is_usable() or connection.connection is None


@pytest.mark.parametrize("query", [2, 3, 4, 5, 6, 7])
def test_a_write_whose_connection_is_killed_inside_its_transaction_answers_503(api_client, query) -> None:
    """Atomic's exit closes the dead connection and later code may open a new one: whether the connection
    is usable afterwards does not say what happened; the error itself does."""
    from tests.factories import EventFactory, PlayerFactory

    event = EventFactory()  # open for registration
    player = PlayerFactory()
    api_client.force_authenticate(player.user)
    with connection_killed_at_query(query) as seen:
        response = api_client.post(f"/api/events/{event.pk}/registrations/", {}, format="json")
    assert len(seen) >= query
    assert response.status_code == 503, response.content
    assert response.json()["code"] == "database_unavailable"
    assert api_client.post(f"/api/events/{event.pk}/registrations/", {}, format="json").status_code == 201
