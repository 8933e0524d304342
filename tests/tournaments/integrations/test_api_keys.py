"""An organisation's API keys: made and revoked by its owners, shown once, held to their scopes and to their
organisation's events (the scope matrix), recorded on every write; people's tokens keep working."""

import json
import random

import pytest
from django.test import Client

from tests.factories import PlayerFactory
from tests.tournaments.helpers import legal_seat_data, running_round
from tournaments.integrations.models import ApiKey, ApiKeyWrite
from tournaments.models import Event, Staff
from tournaments.services.accounts import token_for_login

pytestmark = pytest.mark.django_db


def bot(key: str) -> Client:
    return Client(headers={"Authorization": f"Bearer {key}"})


def post(client: Client, path: str, body: object = None):
    return client.post(path, json.dumps(body or {}), content_type="application/json")


def key_for(event: Event, scopes: list[str]) -> str:
    owner = event.organisers.get()
    Staff.objects.get_or_create(organisation=event.organisation, user=owner, defaults={"role": Staff.Role.OWNER})
    client = Client()
    client.force_login(owner)
    made = post(client, f"/api/organisations/{event.organisation.slug}/keys/", {"name": "bot", "scopes": scopes})
    assert made.status_code == 201, made.content
    return made.json()["key"]


@pytest.fixture
def running():
    event, round_ = running_round()
    table = round_.tables.get()
    seat = table.seats.order_by("position").first()
    return event, seat, legal_seat_data(table, random.Random(4))[0]


def test_an_owner_makes_a_key_shown_once_lists_and_revokes_it(running) -> None:
    event, _seat, _data = running
    key = key_for(event, ["read"])
    owner = Client()
    owner.force_login(event.organisers.get())
    listed = owner.get(f"/api/organisations/{event.organisation.slug}/keys/").json()["results"]
    assert [(k["name"], k["scopes"]) for k in listed] == [("bot", ["read"])]
    assert "key" not in listed[0]
    assert key.startswith(listed[0]["prefix"] + "_")
    assert key not in json.dumps(listed)
    assert bot(key).get(f"/api/events/{event.pk}/").status_code == 200
    assert (
        post(owner, f"/api/organisations/{event.organisation.slug}/keys/{listed[0]['id']}/revoke/").status_code == 200
    )
    refused = bot(key).get(f"/api/events/{event.pk}/")
    assert refused.status_code == 401
    stranger = Client()
    stranger.force_login(PlayerFactory().user)
    assert stranger.get(f"/api/organisations/{event.organisation.slug}/keys/").status_code == 403


@pytest.mark.parametrize(
    ("scopes", "read", "sheet", "start_next", "webhook"),
    [
        (["read"], 200, 403, 403, 403),
        (["results:write"], 403, 202, 403, 403),
        (["events:write"], 403, 403, 409, 403),
        (["read", "events:write", "results:write"], 200, 202, 409, 403),
    ],
)
def test_the_scope_matrix(running, scopes, read, sheet, start_next, webhook) -> None:
    event, seat, data = running
    client = bot(key_for(event, scopes))
    assert client.get(f"/api/events/{event.pk}/").status_code == read
    answer = post(client, f"/api/seats/{seat.pk}/sheets/", {"data": data})
    assert answer.status_code == sheet, answer.content
    if sheet == 403:
        assert answer.json()["code"] == "key_scope"
    assert post(client, f"/api/events/{event.pk}/next-round/").status_code == start_next  # rounds to play: 409
    hook = post(client, f"/api/organisations/{event.organisation.slug}/webhooks/",
                {"url": "https://example.org/hook", "events": ["event.finished"]})  # fmt: skip
    assert (hook.status_code, hook.json()["code"]) == (webhook, "key_scope")


def test_a_key_writes_only_its_organisations_events_and_every_write_is_recorded(running) -> None:
    event, _seat, _data = running
    key = key_for(event, ["events:write"])
    other, _round = running_round()
    refused = post(bot(key), f"/api/events/{other.pk}/next-round/")
    assert (refused.status_code, refused.json()["code"]) == (403, "key_organisation")
    made = post(bot(key), "/api/events/", {"name": "Bot night", "game": "boomerang-europe",
                                           "organisation": event.organisation.slug})  # fmt: skip
    assert made.status_code == 201, made.content
    elsewhere = post(bot(key), "/api/events/", {"name": "Not ours", "game": "boomerang-europe",
                                                "organisation": other.organisation.slug})  # fmt: skip
    assert elsewhere.status_code == 403
    writes = list(ApiKeyWrite.objects.order_by("id").values_list("method", "path", "status_code"))
    assert writes == [
        ("POST", f"/api/events/{other.pk}/next-round/", 403),
        ("POST", "/api/events/", 201),
        ("POST", "/api/events/", 403),
    ]
    assert ApiKey.objects.get().last_used_at is not None


def test_a_key_stops_when_its_maker_is_no_longer_an_owner_and_tokens_keep_working(running) -> None:
    event, _seat, _data = running
    key = key_for(event, ["read"])
    owner = event.organisers.get()
    Staff.objects.filter(user=owner).delete()
    assert bot(key).get(f"/api/events/{event.pk}/").status_code == 401
    token = token_for_login(user=owner)
    assert Client(headers={"Authorization": f"Token {token}"}).get("/api/me/").status_code == 200


@pytest.mark.parametrize("name", ["", "   ", "x" * 81])
def test_a_key_without_a_fitting_name_is_refused_naming_it_by_api_and_page(running, name: str) -> None:
    event, _seat, _data = running
    owner = event.organisers.get()
    Staff.objects.get_or_create(organisation=event.organisation, user=owner, defaults={"role": Staff.Role.OWNER})
    client = Client()
    client.force_login(owner)
    answer = post(client, f"/api/organisations/{event.organisation.slug}/keys/", {"name": name, "scopes": ["read"]})
    assert (answer.status_code, answer.json()["field"]) == (400, "name")
    page = client.post(f"/clubs/{event.organisation.slug}/integrations/keys/", {"name": name, "scopes": ["read"]},
                       follow=True)  # fmt: skip
    assert "A key&#x27;s name is 1 to 80 characters." in page.content.decode()
    assert not ApiKey.objects.exists()


def test_an_events_write_key_closes_registration_of_its_organisations_event() -> None:
    """Issue 67, item 7: close-registration, teams, entry exceptions, the entry fee and payments answered 403
    `key_scope` "for a person's own token" to a key with every scope."""
    from tests.factories import EventFactory

    event = EventFactory(game="boomerang-europe")
    key = key_for(event, ["read", "events:write"])
    closed = post(bot(key), f"/api/events/{event.pk}/close-registration/")
    assert closed.status_code == 200, closed.content
    event.refresh_from_db()
    assert event.registration_closes is not None or event.status != "registration"
    fee = bot(key).put(f"/api/events/{event.pk}/entry-fee/", json.dumps({"amount": "5.00", "currency": "EUR"}),
                       content_type="application/json")  # fmt: skip
    assert fee.json().get("code") != "key_scope", fee.content
    other = EventFactory(game="boomerang-europe")
    refused = post(bot(key), f"/api/events/{other.pk}/close-registration/")
    assert (refused.status_code, refused.json()["code"]) == (403, "key_organisation")
    read_only = key_for(event, ["read"])
    refused = post(bot(read_only), f"/api/events/{event.pk}/close-registration/")
    assert (refused.status_code, refused.json()["code"]) == (403, "key_scope")


def test_a_keys_registration_without_a_player_registers_nobody() -> None:
    """A key never acts as its maker: `POST .../registrations/ {}` registered the key's creator."""
    from tests.factories import EventFactory
    from tournaments.models import Registration

    event = EventFactory(game="boomerang-europe")
    PlayerFactory(user=event.organisers.get())
    key = key_for(event, ["read", "events:write"])
    refused = post(bot(key), f"/api/events/{event.pk}/registrations/", {})
    assert (refused.status_code, refused.json()["code"], refused.json()["field"]) == (403, "key_person", "player")
    assert not Registration.objects.filter(event=event).exists()
    player = PlayerFactory()
    named = post(bot(key), f"/api/events/{event.pk}/registrations/", {"player": player.handle})
    assert named.status_code == 201, named.content
