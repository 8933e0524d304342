import os
from collections.abc import Iterator
from typing import Any

import pytest
from rest_framework.test import APIClient

from config.celery import app as celery_app
from tests.durations import database_free_among_the_first, longest_first
from tests.factories import UserFactory

SERVICES_REASON = (
    "needs REDIS_URL and a PostgreSQL DATABASE_URL: the embedded run executes tasks in-process; "
    ".ci/run runs this module again against PostgreSQL, Redis and a real worker"
)


def services_configured() -> bool:
    return bool(os.environ.get("REDIS_URL")) and os.environ.get("DATABASE_URL", "").startswith("postgres")


POSTGRES_REASON = "needs a PostgreSQL DATABASE_URL (row locks); .ci/run's second pass runs it"


@pytest.hookimpl(wrapper=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> Iterator[None]:
    """Around every plugin's reordering: the longest tests first (tests/durations.py), before pytest-django's
    stable sort puts the database tests first and the transactional ones after them, which it must (their
    flush empties the tables the others read seeded), so each of its groups runs longest first; then the tests
    that use no database join the first group (tests/durations.py)."""
    longest_first(items)
    yield
    database_free_among_the_first(items)
    postgres = os.environ.get("DATABASE_URL", "").startswith("postgres")
    for item in items:
        if "services" in item.keywords and not services_configured():
            item.add_marker(pytest.mark.skip(reason=SERVICES_REASON))
        if "postgres" in item.keywords and not postgres:
            item.add_marker(pytest.mark.skip(reason=POSTGRES_REASON))


@pytest.fixture(autouse=True, scope="session")
def _static_files_of_the_apps(tmp_path_factory: pytest.TempPathFactory):
    """The suite links and serves the apps' own static files under their plain names, whatever `make run`
    left in staticfiles/ (hashed copies, maybe of another commit, with a manifest that renames every link)."""
    from django.test import override_settings

    with override_settings(STATIC_ROOT=str(tmp_path_factory.mktemp("staticfiles"))):
        yield


@pytest.fixture(autouse=True, scope="session")
def _flush_by_delete_on_postgresql() -> Iterator[None]:
    """After each transactional test Django empties every table with one TRUNCATE of all of them, which costs
    PostgreSQL 0.4-0.5 s (a new file for each of ~90 tables); a DELETE of each, in the flush's own transaction
    with the foreign keys' checks deferred to its commit (Django makes them DEFERRABLE), costs 0.01-0.02 s on a
    test's few rows. About 300 transactional tests: two minutes of the workers' time in CI (issue 68)."""
    from unittest import mock

    from django.db.backends.postgresql.operations import DatabaseOperations

    truncate = DatabaseOperations.sql_flush

    def sql_flush(self, style, tables, *, reset_sequences=False, allow_cascade=False):
        if reset_sequences or not tables:
            return truncate(self, style, tables, reset_sequences=reset_sequences, allow_cascade=allow_cascade)
        deletes = [f"{style.SQL_KEYWORD('DELETE FROM')} {style.SQL_FIELD(self.quote_name(table))};" for table in tables]
        return ["SET CONSTRAINTS ALL DEFERRED;", *deletes]

    with mock.patch.object(DatabaseOperations, "sql_flush", sql_flush):
        yield


@pytest.fixture(autouse=True, scope="session")
def _flush_keeps_what_post_migrate_makes() -> Iterator[None]:
    """After each transactional test Django's flush empties every table, then sends `post_migrate`, whose two
    receivers (contenttypes' and auth's) make the content types and permissions of every model again: ~0.12 s
    of CPU a test, 36 s of CI's second pass (issue 68). Nothing a test does changes those rows, which are the
    models' own: the flush keeps them and sends no signal (its only receivers are those two)."""
    from unittest import mock

    from django.contrib.auth.models import Permission
    from django.contrib.contenttypes.models import ContentType
    from django.core.management.commands import flush

    kept = {ContentType._meta.db_table, Permission._meta.db_table}

    def sql_flush(style, connection, reset_sequences=True, allow_cascade=False):  # type: ignore[no-untyped-def]
        tables = set(connection.introspection.django_table_names(only_existing=True, include_views=False)) - kept
        return connection.ops.sql_flush(style, sorted(tables), reset_sequences=reset_sequences,
                                        allow_cascade=allow_cascade)  # fmt: skip

    with mock.patch.object(flush, "sql_flush", sql_flush), mock.patch.object(flush, "emit_post_migrate_signal"):
        yield


@pytest.fixture(autouse=True)
def _each_test_starts_in_the_default_language() -> Iterator[None]:
    """A request leaves its language active in its thread (LocaleMiddleware activates it, nothing resets it),
    and a signed-in player's requests take their stored language: a test calling a service after another
    test's Spanish request would read Spanish refusals. Each test starts in the default language."""
    from django.conf import settings
    from django.utils import translation

    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def _tasks_run_in_process(request: pytest.FixtureRequest):
    """Unit tests run tasks in-process; only `services` tests send them through Redis to a worker."""
    eager = "services" not in request.keywords
    previous = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = eager
    yield
    celery_app.conf.task_always_eager = previous


# Set once for the session (`_settings_of_the_suite`): a test's data lives in its own transaction, which a
# background thread cannot see, so in-process tasks and live pages' rebuilds all run inside the request, but
# in tests marked `off_the_request` (transactional, as the service), which get the deployed values back.
INSIDE_THE_REQUEST = {"TASKS_OFF_THE_REQUEST": [], "LIVE_PAGES_BEHIND": False, "LIVE_PAGE_REBUILD_SECONDS": 0}
FAST_PASSWORD_HASHING = {"PASSWORD_HASHERS": ["django.contrib.auth.hashers.MD5PasswordHasher"]}


@pytest.fixture(autouse=True, scope="session")
def _settings_of_the_suite() -> Iterator[None]:
    """The suite's own settings, set once for the whole session. Set per test (pytest-django's `settings`
    fixture), each sent `setting_changed` twice a test, which empties every cache that listens: the OpenAPI
    schema, kept once a process (config/schema.py) and built in 0.4-0.9 s, was built again by every test
    that read it (33 s of CI's CPU, issue 68)."""
    from django.test import override_settings

    with override_settings(**INSIDE_THE_REQUEST, **FAST_PASSWORD_HASHING):
        yield


@pytest.fixture(autouse=True)
def _tasks_off_the_request_where_marked(request: pytest.FixtureRequest) -> None:
    if "off_the_request" in request.keywords:
        from config import settings as deployed

        settings = request.getfixturevalue("settings")
        for name in INSIDE_THE_REQUEST:
            setattr(settings, name, getattr(deployed, name))


@pytest.fixture(autouse=True)
def _fresh_parsed_editions() -> None:
    """The parsed editions are cached by their row's id, which a database never gives twice, but a rolled-back
    test's rows give again (SQLite reuses them): a test must not score with the last test's edition."""
    from tournaments.catalogue.selectors import _parsed_edition

    _parsed_edition.cache_clear()


@pytest.fixture(autouse=True)
def _fresh_throttle_counts():
    """Throttle counters live in the cache; user ids repeat across rolled-back tests."""
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


@pytest.fixture(scope="session")
def django_db_use_migrations() -> bool:
    """Each test database is made from the models (~1 s) instead of by the ~140 migrations (~25 s a worker,
    in both of CI's passes: Django renders the state of every model related to the one each operation
    changes). The migrations are tested where they are the subject: `tests/test_migrations.py` holds that
    they build exactly the models (`makemigrations --check`); the bootstrap test (tests/test_foundation.py)
    that a fresh `migrate` seeds what is seeded here; `tests/test_apps_migration.py` walks a populated
    database through them; `make run`'s first start (tests/test_venue_laptop.py) migrates a fresh one."""
    return False


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker) -> None:  # type: ignore[no-untyped-def]
    """What the migrations seed, seeded by the migrations' own functions: the shipped editions and a rating
    pool per game."""
    from tests.migration_seeds import seed

    with django_db_blocker.unblock():
        seed()


@pytest.fixture(scope="session")
def live_server(django_db_setup, django_db_blocker) -> Iterator[Any]:
    """uvicorn serving config.asgi, as deployed (tests/asgi_server.py), for every test that reads the site over
    HTTP (browsers, streams, SDKs, generated clients) in place of pytest-django's WSGI server; stopped before
    the test database is dropped, its connections with it."""
    from tests.asgi_server import AsgiLiveServer

    server = AsgiLiveServer()
    yield server
    with django_db_blocker.unblock():
        server.stop()


@pytest.fixture
def api_client() -> APIClient:
    return APIClient()


@pytest.fixture
def user(db):
    return UserFactory()


@pytest.fixture
def user_client(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


@pytest.fixture
def real_edition_stand_in():
    """Take games' shipped practice data as if it were their printed edition: a test stand-in (the service
    ships no real data for them) for what happens once a steward has made the real edition the game's."""
    import json
    from pathlib import Path

    import games
    from tournaments.catalogue.models import Edition

    def take(*game_ids: str) -> None:
        for game in (game for game in game_ids if games.GAMES[game].practice_edition is not None):
            if not Edition.objects.filter(game=game, is_active=True).update(is_practice=False):
                raw = json.loads((Path(games.__file__).parent / "data" / f"practice-{game}.json").read_text())
                Edition.objects.create(game=game, name=f"{raw['name']} (test stand-in for the printed edition)",
                                       data=raw, is_practice=False, is_active=True)  # fmt: skip

    return take
