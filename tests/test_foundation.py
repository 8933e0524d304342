"""The service starts: admin, API root, interactive docs and schema answer; settings fail loudly."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.urls import reverse

from tests.fresh_sqlite import fresh_sqlite_database
from tests.migration_seeds import SEEDED_ROWS, seeded_rows
from tests.passes import embedded_pass_only

pytestmark = pytest.mark.embedded


ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.django_db
@pytest.mark.parametrize(("url", "status"), [("/admin/login/", 200), ("/api/", 200), ("/api/docs/", 200), ("/", 200)])
def test_the_public_pages_answer(client, url: str, status: int) -> None:
    assert client.get(url).status_code == status


@pytest.mark.django_db
def test_the_openapi_schema_describes_the_endpoints(client) -> None:
    schema = client.get(reverse("schema"), HTTP_ACCEPT="application/json").json()
    assert {"/api/games/", "/api/sheet-checks/", "/api/editions/"} <= set(schema["paths"])


@pytest.mark.django_db
def test_the_admin_lists_editions_for_a_superuser(admin_client) -> None:
    page = admin_client.get("/admin/catalogue/edition/")
    assert page.status_code == 200
    assert b"practice deck" in page.content


@embedded_pass_only
def test_a_malformed_setting_stops_start_up_naming_the_variable() -> None:
    env = {**os.environ, "DEBUG": "perhaps"}
    result = subprocess.run(
        [sys.executable, "manage.py", "check"], cwd=ROOT, env=env, capture_output=True, text=True, check=False
    )
    assert result.returncode != 0
    assert "perhaps" in result.stderr


@embedded_pass_only
@pytest.mark.django_db
def test_bootstrap_is_idempotent_and_prints_the_admin_credentials(tmp_path) -> None:
    seeded_in_the_suite = seeded_rows()
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path / 'fresh.sqlite3'}"}
    env["ADMIN_CREDENTIALS_FILE"] = str(tmp_path / ".admin-credentials")  # not the checkout's own file
    env.pop("REDIS_URL", None)
    env.pop("CELERY_BROKER_URL", None)

    def manage(*args: str) -> str:
        done = subprocess.run(
            [sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True, check=False
        )
        assert done.returncode == 0, f"manage.py {' '.join(args)}: {done.stderr[-4000:]}"  # what went wrong
        assert "No hostname was supplied" not in done.stderr  # kombu looking for a broker that is not configured
        return done.stdout

    fresh_sqlite_database(tmp_path / "fresh.sqlite3", env)  # `manage.py migrate --noinput` (tests/fresh_sqlite.py)
    # The migrations seed what the suite seeds its databases with (tests/migration_seeds.py)
    assert manage("shell", "-c", SEEDED_ROWS).splitlines()[-1] == seeded_in_the_suite
    production = manage("bootstrap", "--no-demo")  # a production install starts without the demo
    assert "0 new demo sheet(s) verified, 0 new demo event(s)" in production
    assert "statuses  rated players 0" in manage("shell", "-c", FIRST_LOOK)
    first, second = manage("bootstrap"), manage("bootstrap")
    password = first.split("password ")[1].split()[0]
    assert password in second
    assert "10 new demo sheet(s) verified, 7 new demo event(s)" in first
    assert "0 new demo sheet(s) verified, 0 new demo event(s)" in second
    first_look = manage("shell", "-c", FIRST_LOOK)
    assert "statuses finished,registration,running" in first_look  # open, running and finished events
    assert "rated players 8" in first_look  # the leaderboards are not empty
    assert "names unique True" in first_look
    assert "a list of 0 after 8 demo players" in manage("shell", "-c", FIRST_LIST)  # the demo never enters one
    manage("demo_clear")
    assert "statuses  rated players 0" in manage("shell", "-c", FIRST_LOOK)  # and demo_clear removes all


FIRST_LIST = """
from ratings.services.lists import list_publish
from tournaments.models import Player
published = list_publish(game="boomerang-australia", name="first", actor="steward")
demo = Player.objects.filter(demo=True, user__ratings__pool__game="boomerang-australia").count()
print("a list of", published.entries.count(), "after", demo, "demo players")
"""

FIRST_LOOK = """
from ratings.models import Rating
from tournaments.models import Event
statuses = ",".join(sorted(set(Event.objects.values_list("status", flat=True))))
names = list(Event.objects.values_list("name", flat=True))
print("statuses", statuses, "rated players", Rating.objects.filter(pool__game="boomerang-australia").count())
print("names unique", len(names) == len(set(names)))
"""


def manage_check(*args: str, **variables: str) -> subprocess.CompletedProcess[str]:
    """`manage.py check` in a clean environment: no .env file, only these variables (and PATH)."""
    env = {"PATH": os.environ.get("PATH", ""), "ENV_FILE": "/nonexistent/.env", **variables}
    return subprocess.run(
        [sys.executable, "manage.py", "check", *args], cwd=ROOT, env=env, capture_output=True, text=True, check=False
    )


@embedded_pass_only
def test_with_debug_off_and_no_secret_key_the_server_refuses_to_start_naming_the_variable() -> None:
    result = manage_check()
    assert result.returncode != 0
    assert "SECRET_KEY is not set" in result.stderr
    assert manage_check(DEBUG="true").returncode == 0  # a developer's DEBUG run keeps working


@embedded_pass_only
@pytest.mark.parametrize(
    ("key", "reason"),
    [
        ("insecure-dev-key-for-debug-only", "is the development key"),
        ("too-short-a-key-0123456789", "is 26 characters long"),
        ("ab" * 30, "has only 2 distinct characters"),
    ],
)
def test_with_debug_off_a_weak_secret_key_stops_start_up_naming_the_variable_and_why(key: str, reason: str) -> None:
    result = manage_check(SECRET_KEY=key)
    assert result.returncode != 0
    assert f"SECRET_KEY {reason}" in result.stderr
    assert manage_check(SECRET_KEY=key, DEBUG="true").returncode == 0


@embedded_pass_only
def test_the_production_settings_the_readme_describes_pass_check_deploy() -> None:
    readme = (ROOT / "README.md").read_text()
    production = {
        "SECRET_KEY": "k" * 10 + "-a-long-random-production-key-0123456789abcdef",
        "ALLOWED_HOSTS": "boomerang.example.org",
        "HTTPS": "true",
    }
    assert all(f"`{name}`" in readme for name in production)
    result = manage_check("--deploy", "--fail-level", "WARNING", **production)
    assert result.returncode == 0, result.stdout + result.stderr


@embedded_pass_only
@pytest.mark.parametrize(
    ("value", "message"),
    [("0", "VERIFY_BATCH=0 is below 1"), ("fast", "VERIFY_BATCH='fast' is not a whole number")],
)
def test_a_malformed_verification_batch_stops_start_up_naming_the_variable(value: str, message: str) -> None:
    result = manage_check(DEBUG="true", VERIFY_BATCH=value)
    assert result.returncode != 0
    assert message in result.stderr


def test_a_refused_request_is_logged_on_one_line_without_a_traceback() -> None:
    import logging

    from config.logfilters import RefusalsWithoutTraceback

    try:
        raise PermissionError("only an organiser")
    except PermissionError:
        refused = logging.LogRecord(
            "django.request", logging.WARNING, "x", 1, "Forbidden: %s", ("/x/",), sys.exc_info()
        )
        fault = logging.LogRecord("django.request", logging.ERROR, "x", 1, "Error: %s", ("/y/",), sys.exc_info())
    refused.status_code, fault.status_code = 403, 500  # type: ignore[attr-defined]
    keep = RefusalsWithoutTraceback()
    assert keep.filter(refused)
    assert keep.filter(fault)
    formatter = logging.Formatter()
    assert formatter.format(refused) == "Forbidden: /x/"
    assert "Traceback" in formatter.format(fault)


@pytest.mark.django_db
def test_lists_take_a_page_size_up_to_200(client) -> None:
    from tests.factories import EventFactory

    for _ in range(3):
        EventFactory()
    assert len(client.get("/api/events/", {"page_size": 2}).json()["results"]) == 2
    assert len(client.get("/api/events/", {"page_size": 500}).json()["results"]) == 3  # read as 200, not refused
    schema = client.get("/api/schema/", {"format": "json"}).json()
    names = [p["name"] for p in schema["paths"]["/api/events/"]["get"]["parameters"]]
    assert "page_size" in names


def test_the_apis_version_is_the_projects_and_its_changes_are_written_down(client) -> None:
    import tomllib
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    version = tomllib.loads((root / "pyproject.toml").read_text())["project"]["version"]
    assert client.get("/api/schema/", {"format": "json"}).json()["info"]["version"] == version
    assert f"## {version}" in (root / "docs" / "api-changes.md").read_text()


@pytest.mark.django_db
@pytest.mark.parametrize("size", ["0", "-1", "x", "2.5"])
def test_a_page_size_that_is_no_whole_number_from_1_is_refused_naming_it(client, size: str) -> None:
    answer = client.get("/api/events/", {"page_size": size})
    assert (answer.status_code, answer.json()["field"]) == (400, "page_size")
