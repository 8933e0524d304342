"""Real worker processes for the tests that need them (.ci/run's second pass): a `celery worker` started
against the test database, stopped however the test ends."""

import os
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
import redis
from django.conf import settings

ROOT = Path(__file__).resolve().parents[1]


def database_url() -> str:
    """The test database (pytest-django's copy), as psycopg wants it."""
    db = settings.DATABASES["default"]
    return f"postgresql://{db['USER']}@{db['HOST']}:{db['PORT'] or 5432}/{db['NAME']}"


def service_env(**overrides: str) -> dict[str, str]:
    """This process's environment pointing a child process at the test database and at this test worker's
    Redis database (config/settings.py, redis_url_of_this_process)."""
    own = {"DATABASE_URL": database_url().replace("postgresql://", "postgres://")}
    if settings.REDIS_URL:
        own["REDIS_URL"] = settings.REDIS_URL
    environment = {**os.environ, **own, **overrides}
    environment.pop("PYTEST_XDIST_WORKER", None)
    return environment


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def redis_server(port: int) -> Iterator[subprocess.Popen[bytes]]:
    """A real `redis-server` on this port, answering before this returns, stopped however the block ends."""
    server = subprocess.Popen(
        ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL,
    )
    try:
        wait_until(lambda: _pings(f"redis://127.0.0.1:{port}/0"), 10, "redis-server to start")
        yield server
    finally:
        server.terminate()
        server.wait(timeout=10)


def _pings(url: str) -> bool:
    try:
        return bool(redis.Redis.from_url(url, socket_connect_timeout=1).ping())
    except redis.RedisError:
        return False


def redis_reachable(url: str) -> None:
    try:
        redis.Redis.from_url(url, socket_connect_timeout=2, socket_timeout=2).ping()
    except redis.RedisError as error:
        pytest.fail(f"Redis at {url} does not answer ({error}); start it or unset REDIS_URL")


@contextmanager
def celery_worker(
    *options: str, env: dict[str, str] | None = None, quiet: bool = False, output: Any = None
) -> Iterator[Any]:
    """A `celery -A config worker` with these options, exactly as `make worker` and deploy/ start one;
    its output is readable unless `quiet` (or goes to the file `output`)."""
    stdout = output if output is not None else (subprocess.DEVNULL if quiet else subprocess.PIPE)
    process = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "config", "worker", "--loglevel=info", *options],
        cwd=ROOT, env=env or service_env(), stdout=stdout, stderr=subprocess.STDOUT, text=True,
    )  # fmt: skip
    try:
        yield process
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()


def wait_until(condition: Callable[[], Any], seconds: float, what: str) -> Any:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.1)
    pytest.fail(f"timed out waiting for {what}")
