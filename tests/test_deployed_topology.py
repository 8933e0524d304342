"""The web process as docs/deploy.md starts it, under test: `uvicorn config.asgi:application --workers 3`
in processes of its own, with the default settings, against the test's PostgreSQL database and Redis.

What the other tests read on Django's test server (WSGI) is read here where players meet it: a signed-in
browser's personal stream, and a burst of page and API reads that must never meet a 503 from running out of
database connections (each process draws from a pool of DB_POOL_SIZE, config/environment.py)."""

import http.client
import subprocess
import sys
import threading
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.conf import settings
from django.db import connection
from django.test import Client

from tests.factories import EventFactory, PlayerFactory
from tests.tournaments.helpers import register_and_check_in
from tests.workers import ROOT, free_port, service_env, wait_until
from tournaments.services.rounds import event_start

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]
WEB_PROCESSES = 3
POOL_SIZE = 8  # config/environment.py's default DB_POOL_SIZE


@pytest.fixture
def deployed() -> Iterator[int]:
    """uvicorn serving config.asgi as deploy/boomerang-web.service does; its port."""
    port = free_port()
    command = [sys.executable, "-m", "uvicorn", "config.asgi:application", "--host", "127.0.0.1", "--port",
               str(port), "--workers", str(WEB_PROCESSES), "--log-level", "warning"]  # fmt: skip
    server = subprocess.Popen(command, cwd=ROOT, env=service_env(), stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        wait_until(lambda: _answers(port), 30, "uvicorn to serve")
        yield port
    finally:
        server.terminate()
        server.wait(timeout=20)
        wait_until(lambda: _server_connections() == 0, 20, "the web processes' connections to close")


def _answers(port: int) -> bool:
    try:
        return _get(port, "/healthz")[0] == 200
    except OSError:
        return False


def _get(port: int, path: str, headers: dict[str, str] | None = None) -> tuple[int, str]:
    connection_ = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection_.request("GET", path, headers=headers or {})
        answer = connection_.getresponse()
        return answer.status, answer.getheader("Content-Type", "")
    finally:
        connection_.close()


def test_a_signed_in_browser_reads_its_own_stream_by_its_session_cookie(deployed: int) -> None:
    player = PlayerFactory()
    browser = Client()
    browser.force_login(player.user)
    cookie = f"{settings.SESSION_COOKIE_NAME}={browser.cookies[settings.SESSION_COOKIE_NAME].value}"
    stream = http.client.HTTPConnection("127.0.0.1", deployed, timeout=10)
    stream.request("GET", "/api/me/stream/", headers={"Cookie": cookie, "Accept": "text/event-stream"})
    answer = stream.getresponse()
    assert (answer.status, answer.getheader("Content-Type")) == (200, "text/event-stream")
    stream.close()


def test_a_bad_token_on_the_personal_stream_is_refused_with_401_not_500(deployed: int) -> None:
    for credential in ("Token nope", "Bearer nope"):
        assert _get(deployed, "/api/me/stream/", {"Authorization": credential})[0] == 401, credential


def test_400_reads_from_8_threads_meet_no_503_and_connections_stay_within_the_pools(deployed: int) -> None:
    event = EventFactory(game="boomerang-australia", rounds_planned=2)
    register_and_check_in(event, [PlayerFactory() for _ in range(8)])
    event_start(event=event, by=event.organisers.get())
    paths = ["/api/events/", f"/api/events/{event.pk}/", f"/api/events/{event.pk}/standings/",
             f"/events/{event.pk}/", f"/events/{event.pk}/standings/"]  # fmt: skip
    peak, done = [0], threading.Event()

    def watch_connections() -> None:
        try:
            while not done.is_set():
                peak[0] = max(peak[0], _server_connections() - 1)  # less the test thread's own
                done.wait(0.05)
        finally:
            connection.close()

    watcher = threading.Thread(target=watch_connections)
    watcher.start()
    try:
        with ThreadPoolExecutor(8) as readers:
            statuses = Counter(status for status, _ in readers.map(lambda n: _get(deployed, paths[n % 5]), range(400)))
    finally:
        done.set()
        watcher.join()
    assert statuses == Counter({200: 400}), statuses
    assert 0 < peak[0] <= WEB_PROCESSES * POOL_SIZE, peak[0]  # the bound docs/deploy.md states


def _server_connections() -> int:
    """Connections to the test database other than this process's own."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
        return int(cursor.fetchone()[0])
