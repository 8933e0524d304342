"""A client generated from the served OpenAPI schema with openapi-python-client (pinned in requirements.txt),
as an integrator would make one: every module of it imports, and it plays the start of an event against the
running app, with no hand-written HTTP: sign-up, a club, an event, registrations, check-in, round 1 seated."""

import importlib
import os
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db(transaction=True)
BIN = Path(sys.executable).parent


def generate(tmp_path: Path) -> str:
    """The client package generated from the schema the app serves, importable as `boomerang_client`."""
    schema = tmp_path / "schema.json"
    schema.write_bytes(Client().get("/api/schema/", {"format": "json"}).content)
    result = subprocess.run(
        [str(BIN / "openapi-python-client"), "generate", "--path", str(schema), "--meta", "none",
         "--output-path", str(tmp_path / "boomerang_client")],
        capture_output=True, text=True, check=False, env={**os.environ, "PATH": f"{BIN}:{os.environ['PATH']}"},
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    sys.path.insert(0, str(tmp_path))
    for name in [name for name in sys.modules if name.startswith("boomerang_client")]:
        del sys.modules[name]
    return "boomerang_client"


def test_every_module_of_the_generated_client_imports(tmp_path: Path) -> None:
    package = importlib.import_module(generate(tmp_path))
    failures = []
    modules = list(pkgutil.walk_packages(package.__path__, f"{package.__name__}."))
    for module in modules:
        try:
            importlib.import_module(module.name)
        except Exception as error:
            failures.append(f"{module.name}: {error!r}")
    assert len(modules) > 150
    assert failures == []


def answered(value):
    """The generated client's parsed answer: None means the status was not the one the schema declares."""
    assert value is not None
    return value


def test_the_generated_client_plays_sign_up_a_club_an_event_and_round_one(tmp_path: Path, live_server) -> None:
    generate(tmp_path)
    from boomerang_client import AuthenticatedClient
    from boomerang_client import Client as PublicClient
    from boomerang_client.api.events import (
        events_create,
        events_open_registration_create,
        events_registrations_create,
        events_start_create,
    )
    from boomerang_client.api.organisations import organisations_create
    from boomerang_client.api.players import players_create
    from boomerang_client.api.registrations import registrations_check_in_create
    from boomerang_client.models import EventInputRequest, GameEnum, OrganisationInputRequest, PlayerSignupRequest

    public = PublicClient(base_url=live_server.url)

    def signed_up(handle: str) -> AuthenticatedClient:
        body = PlayerSignupRequest(username=handle, password="a-long-test-password", handle=handle)
        token = answered(players_create.sync(client=public, body=body)).token
        return AuthenticatedClient(base_url=live_server.url, token=token, prefix="Token")

    organiser = signed_up("orga")
    club = answered(
        organisations_create.sync(client=organiser, body=OrganisationInputRequest(slug="owls", name="Owls"))
    )
    assert club.slug == "owls"
    body = EventInputRequest(name="Thursday", game=GameEnum("boomerang-australia"), organisation="owls",
                             rounds_planned=2, capacity=8)  # fmt: skip
    event = answered(events_create.sync(client=organiser, body=body))
    assert event.status == "draft"
    assert answered(events_open_registration_create.sync(id=event.id, client=organiser)).status == "registration"
    for player in [signed_up(f"player{n}") for n in range(4)]:
        registration = answered(events_registrations_create.sync(id=event.id, client=player))
        assert registration.status == "registered"
        assert answered(registrations_check_in_create.sync(id=registration.id, client=player)).status == "checked_in"
    round_one = answered(events_start_create.sync(id=event.id, client=organiser))
    assert round_one.number == 1
    seated = sorted(seat.player for table in round_one.tables for seat in table.seats)
    assert seated == [f"player{n}" for n in range(4)]
