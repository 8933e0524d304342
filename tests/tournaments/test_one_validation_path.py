"""One validation path: the same hostile values fed to every way an event enters (the API, the pages' form,
the service that the admin and the management commands call, an archive) are refused by each, naming the
field, and nothing is stored. The rules are the model's own validators, run by services.event_check."""

import json

import pytest
from django.test import Client

from config.errors import DomainError
from tests.factories import OrganisationFactory, PlayerFactory, UserFactory
from tournaments.models import Event, Staff
from tournaments.services.events import event_create

pytestmark = pytest.mark.django_db

HOSTILE = [
    ("name", "Night\r\nBcc: everyone@example.org"),
    ("name", "Night \u202eevil"),
    ("name", "x" * 5000),
    ("venue", "Café\nupstairs"),
    ("venue", "Café \x1b[31mred"),
    ("description", "Bring cards \x00"),
    ("description", "Bring cards \u200f"),
    ("rounds_planned", 10**6),
    ("capacity", 0),
    ("seed", 10**30),
    ("timezone", "Mars/Olympus"),
    ("draft_direction", "sideways"),
]


@pytest.fixture
def organiser():
    player = PlayerFactory()
    club = OrganisationFactory(slug="owls")
    Staff.objects.create(organisation=club, user=player.user, role="owner")
    return player.user, club


@pytest.mark.parametrize(("field", "value"), HOSTILE)
def test_the_api_refuses_naming_the_field(organiser, field, value) -> None:
    user, _club = organiser
    client = Client()
    client.force_login(user)
    body = {"name": "Night", "game": "boomerang-australia", "organisation": "owls", field: value}
    answer = client.post("/api/events/", json.dumps(body), content_type="application/json")
    assert answer.status_code == 400, answer.content
    assert field in json.dumps(answer.json())
    assert not Event.objects.exists()


@pytest.mark.parametrize(("field", "value"), HOSTILE)
def test_the_pages_form_refuses_and_shows_the_form_again(organiser, field, value) -> None:
    user, _club = organiser
    client = Client()
    client.force_login(user)
    form = {"name": "Night", "organisation": "owls", "game": "boomerang-australia", "timezone": "Europe/Paris",
            "rounds_planned": 4, "capacity": 32, "draft_direction": "left", "late_entry_until_round": 0,
            "final_table_size": 0, "tie_breaks": "game_score", "points_4": "4 3 2 1", field: value}  # fmt: skip
    answer = client.post("/events/new/", form)
    assert answer.status_code in (200, 400)
    assert 'class="errorlist' in answer.content.decode() or answer.status_code == 400
    assert not Event.objects.exists()


@pytest.mark.parametrize(("field", "value"), [(f, v) for f, v in HOSTILE if f != "description" or "\x00" not in v])
def test_the_service_the_admin_and_commands_call_refuses_naming_the_field(organiser, field, value) -> None:
    user, club = organiser
    settings = {"name": "Night", "game": "boomerang-australia", field: value}
    with pytest.raises(DomainError) as refused:
        event_create(organiser=user, organisation=club, **settings)
    assert refused.value.field == field
    assert not Event.objects.exists()


def test_the_admin_refuses_a_line_break_in_a_name() -> None:
    from tests.factories import EventFactory

    event = EventFactory()
    admin = Client()
    admin.force_login(UserFactory(is_superuser=True, is_staff=True))
    page = admin.get(f"/admin/tournaments/event/{event.pk}/change/")
    assert page.status_code == 200
    form = page.context["adminform"].form
    data = {name: form[name].value() for name in form.fields if form[name].value() is not None}
    data["name"] = "Night\r\nBcc: all"
    data = {k: (json.dumps(v) if isinstance(v, dict) else v) for k, v in data.items()}  # lists: several values
    data.update({"registrations-TOTAL_FORMS": 0, "registrations-INITIAL_FORMS": 0})
    answer = admin.post(f"/admin/tournaments/event/{event.pk}/change/", data)
    assert answer.status_code == 200  # the form again, with the error
    assert "one line of visible text" in answer.content.decode()
    event.refresh_from_db()
    assert "\n" not in event.name
