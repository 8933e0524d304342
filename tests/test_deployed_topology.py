"""The web process as docs/deploy.md starts it, under test: `uvicorn config.asgi:application --workers 3`
in processes of its own, with the default settings, against the test's PostgreSQL database and Redis.

What the other tests read on Django's test server (WSGI) is read here where players meet it: a signed-in
browser's personal stream, and a burst of page and API reads that must never meet a 503 from running out of
database connections (each process draws from a pool of DB_POOL_SIZE, config/environment.py)."""

import http.client
import json
import os
import random
import signal
import subprocess
import sys
import threading
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager, suppress

import psycopg
import pytest
from django.conf import settings
from django.db import connection
from django.test import Client

from config import versioning
from tests.factories import EventFactory, PlayerFactory
from tests.tournaments.helpers import legal_seat_data, register_and_check_in, running_round
from tests.workers import ROOT, database_url, free_port, service_env, wait_until
from tournaments.models import ScoreSheet
from tournaments.services.accounts import token_for_login
from tournaments.services.rounds import event_start

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]
WEB_PROCESSES = 3
POOL_SIZE = 8  # config/environment.py's default DB_POOL_SIZE
WEB_APPLICATION = "boomerang-web-under-test"  # libpq's PGAPPNAME: the web processes' connections, told apart


@pytest.fixture
def deployed() -> Iterator[int]:
    """uvicorn serving config.asgi as deploy/boomerang-web.service does; its port."""
    port = free_port()
    command = [sys.executable, "-m", "uvicorn", "config.asgi:application", "--host", "127.0.0.1", "--port",
               str(port), "--workers", str(WEB_PROCESSES), "--log-level", "warning"]  # fmt: skip
    server = subprocess.Popen(command, cwd=ROOT, env=service_env(PGAPPNAME=WEB_APPLICATION), start_new_session=True,
                              stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)  # fmt: skip
    try:
        wait_until(lambda: _answers(port), 30, "uvicorn to serve")
        yield port
    finally:
        _stop_process_group(server)
        try:
            wait_until(lambda: _server_connections() == 0, 20, "the web processes' connections to close")
        except pytest.fail.Exception:
            pytest.fail(f"the web processes' connections outlived them; the test database's others: {_who()}")


def _stop_process_group(server: subprocess.Popen[bytes]) -> None:
    """SIGTERM to uvicorn's supervisor (which stops its workers), then SIGKILL to whatever of its group is
    left: a worker it had replaced or lost must not outlive the test holding a database connection."""
    server.terminate()
    try:
        server.wait(timeout=20)
    finally:
        with suppress(ProcessLookupError):
            os.killpg(server.pid, signal.SIGKILL)


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
                peak[0] = max(peak[0], _server_connections())
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


def test_a_web_process_killed_during_a_keyed_post_leaves_its_key_free_and_the_retry_is_done_once() -> None:
    """The drill's fault: a uvicorn process SIGKILLed while it answers a keyed sheet. The retry, on the
    process started after it, is done at once (not 409 for minutes) and stores one sheet."""
    _event, round_ = running_round()
    table = round_.tables.get()
    seat = table.seats.select_related("player__user").order_by("position").first()
    body = json.dumps({"data": legal_seat_data(table, random.Random(4))[0]})
    headers = {"Authorization": f"Token {token_for_login(user=seat.player.user)}", "Idempotency-Key": "pad-1",
               "Content-Type": "application/json"}  # fmt: skip
    blocker = psycopg.connect(database_url(), autocommit=True)
    try:  # the table's result row (by its table: a result's id need not be its table's), held until closed
        blocker.execute("BEGIN")
        blocker.execute("SELECT id FROM tournaments_tableresult WHERE table_id = %s FOR UPDATE", [table.pk])
        with _one_web_process() as (server, port):
            sending = ThreadPoolExecutor(1).submit(_post, port, f"/api/seats/{seat.pk}/sheets/", body, headers)
            wait_until(_a_backend_waits_on_a_lock, 20, "the sheet's request to wait on the table's row")
            server.send_signal(signal.SIGKILL)
            server.wait(timeout=10)
            with pytest.raises((http.client.RemoteDisconnected, ConnectionResetError)):
                sending.result(timeout=10)
    finally:
        blocker.close()  # a failure must not leave the row locked for the tests after it
    with _one_web_process() as (_server, port):
        status, replayed = _post(port, f"/api/seats/{seat.pk}/sheets/", body, headers)
        again = _post(port, f"/api/seats/{seat.pk}/sheets/", body, headers)
    assert (status, replayed) == (202, None)
    assert again == (202, "true")
    assert list(ScoreSheet.objects.filter(seat=seat).values_list("version", flat=True)) == [1]


@contextmanager
def _one_web_process() -> Iterator[tuple[subprocess.Popen[bytes], int]]:
    port = free_port()
    command = [sys.executable, "-m", "uvicorn", "config.asgi:application", "--host", "127.0.0.1", "--port",
               str(port), "--log-level", "warning"]  # fmt: skip
    server = subprocess.Popen(command, cwd=ROOT, env=service_env(), stdout=subprocess.DEVNULL)
    try:
        wait_until(lambda: _answers(port), 30, "uvicorn to serve")
        yield server, port
    finally:
        if server.poll() is None:
            server.terminate()
            server.wait(timeout=20)


def _post(port: int, path: str, body: str, headers: dict[str, str]) -> tuple[int, str | None]:
    connection_ = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection_.request("POST", path, body=body, headers=headers)
        answer = connection_.getresponse()
        return answer.status, answer.getheader("Idempotent-Replayed")
    finally:
        connection_.close()


def _a_backend_waits_on_a_lock() -> bool:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'"
        )
        return int(cursor.fetchone()[0]) > 0


def _server_connections() -> int:
    """The web processes' connections to the test database."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND application_name = %s",
            [WEB_APPLICATION],
        )
        return int(cursor.fetchone()[0])


def _who() -> list[tuple[str, str, str]]:
    """Every other connection to the test database (its application, state and last query): what a timeout names."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT application_name, state, left(query, 80) FROM pg_stat_activity"
            " WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
        return cursor.fetchall()


def test_a_player_lets_an_app_act_for_them_through_uvicorn_then_revokes_it(deployed: int) -> None:
    """Issue 56, item 6, as deployed: the consent page, the token exchange with PKCE, the app's own sheet by
    Bearer and the player's revocation, every step an HTTP request to the uvicorn processes."""
    import base64
    import hashlib
    import re
    import secrets
    from urllib.parse import parse_qs, urlencode, urlsplit

    import httpx
    from oauth2_provider.models import Application

    from tournaments.services.rounds import round_start

    event = EventFactory(game="boomerang-europe", rounds_planned=1)
    players = [PlayerFactory() for _ in range(4)]
    register_and_check_in(event, players)
    round_ = event_start(event=event, by=event.organisers.get())
    round_start(round_=round_, by=event.organisers.get())
    table = round_.tables.get()
    seat = table.seats.order_by("position").first()
    sheet = legal_seat_data(table, random.Random(3))[0]
    sheet.pop("player")
    app = Application.objects.create(
        name="Table bot", client_id="table-bot-deployed", client_type="public", redirect_uris="https://bot.example/cb",
        authorization_grant_type="authorization-code", user=PlayerFactory().user,
    )  # fmt: skip
    browser = Client()
    browser.force_login(seat.player.user)
    base = f"http://127.0.0.1:{deployed}"
    verifier = secrets.token_urlsafe(48)
    challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
    query = urlencode({"response_type": "code", "client_id": app.client_id, "redirect_uri": "https://bot.example/cb",
                       "scope": "read sheets:write", "state": "s1", "code_challenge": challenge,
                       "code_challenge_method": "S256"})  # fmt: skip
    with httpx.Client(base_url=base, cookies={settings.SESSION_COOKIE_NAME:
                      browser.cookies[settings.SESSION_COOKIE_NAME].value}, timeout=30) as player:  # fmt: skip
        page = player.get(f"/o/authorize/?{query}")
        assert page.status_code == 200
        assert "Allow Table bot to act for you?" in page.text
        form = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', page.text))
        allowed = player.post(f"/o/authorize/?{query}", data={**form, "allow": "Authorize"},
                              headers={"Referer": base + "/"})  # fmt: skip
        assert allowed.status_code == 302, allowed.text[:500]
        code = parse_qs(urlsplit(allowed.headers["Location"]).query)["code"][0]
        with httpx.Client(base_url=base, timeout=30) as bot:
            exchange = {"grant_type": "authorization_code", "code": code, "client_id": app.client_id,
                        "redirect_uri": "https://bot.example/cb", "code_verifier": verifier}  # fmt: skip
            tokens = bot.post("/o/token/", data=exchange)
            assert tokens.status_code == 200, tokens.text
            as_player = {"Authorization": f"Bearer {tokens.json()['access_token']}"}
            assert bot.get("/api/me/", headers=as_player).json()["handle"] == seat.player.handle
            posted = bot.post(f"/api/seats/{seat.pk}/sheets/", json={"data": sheet}, headers=as_player)
            assert posted.status_code == 202, posted.text
            assert posted.headers["API-Version"] == versioning.pinned(app.created)  # the day the app was registered
            assert int(posted.headers["RateLimit-Remaining"]) >= 0
            stream = _open_stream(base, as_player)
            revoked = player.post(f"/account/apps/{app.pk}/revoke/", data={"csrfmiddlewaretoken":
                                  player.cookies["csrftoken"]}, headers={"Referer": base + "/"})  # fmt: skip
            assert revoked.status_code in (200, 302), revoked.text[:500]
            assert bot.get("/api/me/", headers=as_player).status_code == 401
            # a revoked app's open /api/me/stream/ ends within a second (issue 67, item 1)
            assert stream.wait(1.0), "the revoked app's stream was still open a second later"
    assert ScoreSheet.objects.filter(seat=seat).count() == 1


def _open_stream(base: str, headers: dict[str, str]) -> threading.Event:
    """Opens the personal stream with these credentials on a thread of its own; the event is set when the
    server ends it (the opening is answered before this returns)."""
    import httpx

    opened, ended = threading.Event(), threading.Event()

    def read() -> None:
        try:
            with (
                httpx.Client(base_url=base, timeout=httpx.Timeout(30, read=60)) as client,
                client.stream("GET", "/api/me/stream/", headers=headers) as answer,
            ):
                assert answer.status_code == 200
                opened.set()
                for _chunk in answer.iter_bytes():
                    pass
        except httpx.RemoteProtocolError:
            pass  # the server closed the connection before the body's last chunk: the stream ended all the same
        finally:
            ended.set()

    threading.Thread(target=read, daemon=True).start()
    assert opened.wait(10), "the stream did not open"
    return ended
