"""A process short of CPU or connections refuses early and honestly (config/overload.py): past
WEB_MAX_IN_FLIGHT requests in flight, or after waiting out the connection pool, the answer is 503
`overloaded` with Retry-After (nothing was saved), never the "connection lost" sentence where nothing ran."""

import asyncio
import json

import pytest
from django.db.utils import OperationalError
from django.test import RequestFactory
from psycopg_pool import PoolTimeout

from config import asgi
from config.middleware import DatabaseAway

pytestmark = pytest.mark.embedded


def _call(path: str) -> tuple[int, dict[str, str], bytes]:
    sent: list[dict] = []
    requested: list[bool] = []

    async def receive() -> dict:
        if requested:  # the body was read: the client stays connected until the answer is sent
            await asyncio.Event().wait()
        requested.append(True)
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict) -> None:
        sent.append(message)

    scope = {"type": "http", "method": "GET", "path": path, "raw_path": path.encode(), "query_string": b"",
             "headers": [(b"host", b"testserver")], "server": ("testserver", 80), "client": ("192.0.2.1", 1),
             "scheme": "http", "http_version": "1.1", "root_path": "", "asgi": {"version": "3.0"}}  # fmt: skip
    asyncio.run(asgi.application(scope, receive, send))
    start = sent[0]
    headers = {name.decode(): value.decode() for name, value in start["headers"]}
    return start["status"], headers, b"".join(m.get("body", b"") for m in sent[1:])


def test_the_503_for_an_overloaded_node_names_overloaded_and_carries_retry_after(settings) -> None:
    settings.WEB_MAX_IN_FLIGHT = 3
    asgi.gate.in_flight = 3  # three requests of this process are being answered
    try:
        status, headers, body = _call("/api/events/")
    finally:
        asgi.gate.in_flight = 0
    assert status == 503
    assert int(headers["retry-after"]) > 0
    answer = json.loads(body)
    assert answer["code"] == "overloaded"
    assert "nothing was saved" in answer["detail"]


@pytest.mark.django_db
def test_below_the_bound_a_request_is_answered_and_leaves_the_gate(settings) -> None:
    settings.WEB_MAX_IN_FLIGHT = 1
    assert _call("/healthz")[0] == 200
    assert asgi.gate.in_flight == 0


def test_a_request_that_waited_out_the_pool_is_told_nothing_was_saved() -> None:
    try:
        try:
            raise PoolTimeout("couldn't get a connection after 10.00 sec")
        except PoolTimeout as waited:
            raise OperationalError(str(waited)) from waited
    except OperationalError as error:
        exception = error
    request = RequestFactory().post("/api/seats/1/sheets/")
    answer = DatabaseAway(lambda request: None).process_exception(request, exception)
    assert answer.status_code == 503
    assert json.loads(answer.content)["code"] == "overloaded"
    assert int(answer["Retry-After"]) > 0
    page = DatabaseAway(lambda request: None).process_exception(RequestFactory().post("/events/1/"), exception)
    assert page.status_code == 503
    assert "nothing was saved" in page.content.decode()
