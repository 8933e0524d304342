"""Reading the environment for config/settings.py: typed variables, the secret key, the database."""

import os
from typing import Any

from django.core.exceptions import ImproperlyConfigured

BOOLEANS = {"true": True, "1": True, "yes": True, "on": True, "false": False, "0": False, "no": False, "off": False}


def env_bool(name: str, default: bool) -> bool:
    """A boolean variable; anything but true/false, 1/0, yes/no, on/off stops start-up."""
    raw = os.environ.get(name)
    if raw is None:
        return default
    if raw.strip().lower() not in BOOLEANS:
        raise ImproperlyConfigured(f"{name}={raw!r} is not a boolean: use true/false, 1/0, yes/no or on/off")
    return BOOLEANS[raw.strip().lower()]


def env_int(name: str, default: int) -> int:
    """A whole-number variable; anything else stops start-up."""
    raw = os.environ.get(name)
    if raw is None:
        return default
    try:
        return int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name}={raw!r} is not a whole number") from None


DEVELOPMENT_SECRET_KEY = "insecure-dev-key-for-debug-only"


def redis_url_of_this_process(url: str) -> str:
    """REDIS_URL, except in a pytest-xdist worker (PYTEST_XDIST_WORKER=gwN), which takes the Nth Redis
    database after it, as pytest-django gives it a test database of its own: one worker's `cache.clear()`
    must not empty another's Celery queue, nor its Celery worker take another's tasks."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    if not url or not worker.startswith("gw"):
        return url
    head, _, database = url.rpartition("/")
    own = int(database or 0) + int(worker[2:])
    if own > 15:
        raise ImproperlyConfigured(f"REDIS_URL {url}: test worker {worker} would need Redis database {own}")
    return f"{head}/{own}"


def secret_key(raw: str, debug: bool) -> str:
    """SECRET_KEY as set; with DEBUG off, refused unless it is long and random enough to sign sessions."""
    if not raw:
        if not debug:
            raise ImproperlyConfigured(
                "SECRET_KEY is not set: export SECRET_KEY (50 random characters), or run `make setup`, which "
                "writes one to .env; DEBUG=true alone falls back to a development key"
            )
        return DEVELOPMENT_SECRET_KEY
    if debug:
        return raw
    if raw == DEVELOPMENT_SECRET_KEY or raw.startswith("django-insecure"):
        problem = "is the development key"
    elif len(raw) < 50:
        problem = f"is {len(raw)} characters long; at least 50 are needed"
    elif len(set(raw)) < 5:
        problem = f"has only {len(set(raw))} distinct characters; at least 5 are needed"
    else:
        return raw
    raise ImproperlyConfigured(f"SECRET_KEY {problem}: `make setup` writes a random one to .env")


def database(url_settings: dict[str, Any]) -> dict[str, Any]:
    """DATABASE_URL's settings with how connections are kept (docs/deploy.md, "Database connections").

    Under ASGI (the deployed web process: config/asgi.py sets ASGI=true) Django runs each request's
    synchronous part in a thread of its own, so a connection a thread keeps is never used again: persistent
    connections pile up until PostgreSQL refuses clients. There the process draws its PostgreSQL connections
    from a psycopg pool of DB_POOL_SIZE (a hard bound a process) and gives each back when its request ends;
    another database reconnects every request. Other processes (Celery workers, commands, the embedded WSGI
    server) keep one connection a thread for DB_CONN_MAX_AGE seconds, which a thread does use again."""
    url_settings["ATOMIC_REQUESTS"] = False
    url_settings["CONN_HEALTH_CHECKS"] = True
    under_asgi = env_bool("ASGI", default=False)
    if env_bool("DB_POOL", default=under_asgi) and "postgresql" in url_settings["ENGINE"]:
        size = env_int("DB_POOL_SIZE", default=8)
        url_settings["CONN_MAX_AGE"] = 0  # the pool keeps them: Django must give each back
        url_settings.setdefault("OPTIONS", {})["pool"] = {
            "min_size": min(2, size), "max_size": size, "timeout": env_int("DB_POOL_TIMEOUT", default=10),
        }  # fmt: skip
    else:
        url_settings["CONN_MAX_AGE"] = 0 if under_asgi else env_int("DB_CONN_MAX_AGE", default=60)
    if "sqlite" in url_settings["ENGINE"]:
        url_settings.setdefault("OPTIONS", {}).update(SQLITE_FOR_A_CROWD)
    return url_settings


# The embedded default (a venue laptop's `make run`) under a crowd: Django's SQLite defaults (deferred
# transactions, a 5 s timeout, the rollback journal) answer "database is locked" when writers meet, because a
# deferred transaction that reads and then writes cannot wait for the lock it needs. Immediate transactions
# take the write lock at BEGIN and so wait for it (up to `timeout`); WAL lets readers go on beside the writer.
SQLITE_FOR_A_CROWD = {
    "transaction_mode": "IMMEDIATE",
    "timeout": 30,
    "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
}
