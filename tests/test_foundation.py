"""The service starts: admin, API root, interactive docs and schema answer; settings fail loudly."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.urls import reverse

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.django_db
@pytest.mark.parametrize(("url", "status"), [("/admin/login/", 200), ("/api/", 200), ("/api/docs/", 200), ("/", 302)])
def test_the_public_pages_answer(client, url: str, status: int) -> None:  # type: ignore[no-untyped-def]
    assert client.get(url).status_code == status


@pytest.mark.django_db
def test_the_openapi_schema_describes_the_endpoints(client) -> None:  # type: ignore[no-untyped-def]
    schema = client.get(reverse("schema"), HTTP_ACCEPT="application/json").json()
    assert {"/api/games/", "/api/sheet-checks/", "/api/editions/"} <= set(schema["paths"])


@pytest.mark.django_db
def test_the_admin_lists_editions_for_a_superuser(admin_client) -> None:  # type: ignore[no-untyped-def]
    page = admin_client.get("/admin/tournaments/edition/")
    assert page.status_code == 200
    assert b"practice deck" in page.content


def test_a_malformed_setting_stops_start_up_naming_the_variable() -> None:
    env = {**os.environ, "DEBUG": "perhaps"}
    result = subprocess.run(
        [sys.executable, "manage.py", "check"], cwd=ROOT, env=env, capture_output=True, text=True, check=False
    )
    assert result.returncode != 0
    assert "perhaps" in result.stderr


def test_bootstrap_is_idempotent_and_prints_the_admin_credentials(tmp_path) -> None:  # type: ignore[no-untyped-def]
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path / 'fresh.sqlite3'}"}
    env.pop("REDIS_URL", None)
    env.pop("CELERY_BROKER_URL", None)

    def manage(*args: str) -> str:
        return subprocess.run(
            [sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True, check=True
        ).stdout

    manage("migrate", "--noinput")
    first, second = manage("bootstrap"), manage("bootstrap")
    password = first.split("password ")[1].split()[0]
    assert password in second
    assert "10 new demo sheet(s) verified, 5 new demo event(s) played" in first
    assert "0 new demo sheet(s) verified, 0 new demo event(s) played" in second
