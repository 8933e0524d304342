"""A crowd at a venue laptop (`make run`): people signing up and logging in from one address while the
organiser enters door guests and pages are read. Shared by tests/test_venue_laptop.py and
bench/venue_crowd.py."""

import http.cookiejar
import json
import os
import re
import signal
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.fresh_sqlite import copy_of_the_ci_database
from tests.workers import ROOT, free_port, wait_until


@dataclass
class Venue:
    port: int
    admin_password: str
    database: Path | None = None
    _opener: Any = None

    def errors_logged(self) -> str:
        """What the server logged besides its access lines: the tracebacks of its 500s."""
        assert self.database is not None
        return errors_logged((self.database.parent / "run.log").read_text())

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    def answers(self) -> bool:
        try:
            return self.call("GET", "/healthz")[0] == 200
        except OSError:
            return False

    def call(self, method: str, path: str, body: Any = None, token: str = "") -> tuple[int, Any]:
        headers = {"Content-Type": "application/json", "Accept": "application/json"}
        if token:
            headers["Authorization"] = f"Token {token}"
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.url(path), data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=60) as answer:
                text = answer.read().decode()
                return answer.status, json.loads(text) if "json" in answer.headers.get("Content-Type", "") else text
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode(errors="replace")[:500]

    def token(self, username: str, password: str) -> tuple[int, str]:
        status, answer = self.call("POST", "/api/auth/token/", {"username": username, "password": password})
        return status, answer["token"] if status == 200 else str(answer)  # the refusal, when refused

    def organiser_page(self, path: str) -> str:
        """A page read signed in as the admin (the organiser of the demo's events), through the log-in form."""
        if self._opener is None:
            self._opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
            form = self._opener.open(self.url("/accounts/login/"), timeout=60).read().decode()
            csrf = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form).group(1)
            body = urllib.parse.urlencode({"username": "admin", "password": self.admin_password,
                                           "csrfmiddlewaretoken": csrf}).encode()  # fmt: skip
            request = urllib.request.Request(self.url("/accounts/login/"), data=body,
                                             headers={"Referer": self.url("/accounts/login/")})  # fmt: skip
            self._opener.open(request, timeout=60).read()
        return str(self._opener.open(self.url(path), timeout=60).read().decode())


def errors_logged(log: str) -> str:
    """A `make run` log without uvicorn's access and start-up lines."""
    return "\n".join(line for line in log.splitlines() if not line.startswith("INFO:"))[-6000:]


@contextmanager
def make_run(folder: Path, **settings: str) -> Iterator[Venue]:
    """`make run` on a free port with its SQLite database in `folder`, with no Redis (the embedded default);
    `settings`: environment variables of its own (THROTTLE_WRITE_ANON for a bigger crowd)."""
    port = free_port()
    environment = {key: value for key, value in os.environ.items() if key not in ("REDIS_URL", "CELERY_BROKER_URL")}
    environment.update(DATABASE_URL=f"sqlite:///{folder / 'db.sqlite3'}", ADMIN_CREDENTIALS_FILE=str(folder / "admin"))
    # Its collectstatic writes into a folder of its own: the checkout's staticfiles/, which every other
    # process's WhiteNoise scans as it starts (the bootstrap test's, on the other test worker), is never
    # half-written under them.
    environment.update(STATIC_ROOT=str(folder / "static"))
    environment.update(settings)
    environment.pop("PYTEST_XDIST_WORKER", None)
    copy_of_the_ci_database(folder / "db.sqlite3")  # .ci/run's fresh database, if any; else `make run` migrates
    with open(folder / "run.log", "w") as log:
        server = subprocess.Popen(["make", "run", f"PORT={port}"], cwd=ROOT, env=environment, stdout=log,
                                  stderr=subprocess.STDOUT, start_new_session=True)  # fmt: skip
        try:
            wait_until(lambda: Venue(port, "").answers() or server.poll() is not None, 240, "make run to serve")
            output = (folder / "run.log").read_text()
            assert server.poll() is None, output[-3000:]
            password = re.search(r"user admin\s+password (\S+)", output)
            assert password is not None, output[-3000:]
            yield Venue(port, password.group(1), folder / "db.sqlite3")
        finally:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait(timeout=30)


@dataclass
class Night:
    errors: list[str] = field(default_factory=list)
    logged_in: int = 0
    guests_entered: int = 0
    seconds: float = 0.0


def crowd_night(venue: Venue, people: int, guests: int, threads: int = 8) -> Night:
    """`people` sign up and log in (threads at once) while the organiser enters `guests` door guests into the
    demo's running event and the event pages are read; every answer of 500 or more is an error."""
    night = Night()
    _status, admin = venue.token("admin", venue.admin_password)
    _status, running = venue.call("GET", "/api/events/?status=running")
    event = running["results"][0]["id"]
    started = time.monotonic()

    def arrive(n: int) -> None:
        handle = f"crowd{n}x{venue.port}"
        body = {"username": handle, "password": "correct-horse-battery", "handle": handle}
        status, answer = venue.call("POST", "/api/players/", body)
        if status != 201:
            night.errors.append(f"sign-up {handle}: {status} {answer}")
            return
        status, _token = venue.token(handle, "correct-horse-battery")
        if status == 200:
            night.logged_in += 1
        else:
            night.errors.append(f"log-in {handle}: {status} {_token}")
        status, answer = venue.call("GET", f"/api/events/{event}/")
        if status >= 500:
            night.errors.append(f"event read: {status} {answer}")

    def enter(n: int) -> None:
        status, answer = venue.call("POST", f"/api/events/{event}/guests/", {"handle": f"door{n}x{venue.port}"}, admin)
        if status == 201:
            night.guests_entered += 1
        else:
            night.errors.append(f"guest {n}: {status} {answer}")

    with ThreadPoolExecutor(threads) as pool:
        done = [pool.submit(arrive, n) for n in range(people)] + [pool.submit(enter, n) for n in range(guests)]
        for future in done:
            future.result()
    night.seconds = time.monotonic() - started
    return night
