"""A federation's season takes its member clubs' events (issue 54, item 7): a club's owner says which
federation it belongs to; its page links it and the federation's lists it; the federation's staff add a member
club's event to a season that takes them, alone; another club's event still needs that club's staff."""

import pytest
from django.test import Client
from rest_framework.test import APIClient

from tests.factories import EventFactory, PlayerFactory
from tournaments.models import Organisation
from tournaments.seasons.models import SeasonEvent
from tournaments.services.clubs import organisation_create

pytestmark = pytest.mark.django_db
GAME = "boomerang-australia"


def test_a_federations_season_adds_its_member_clubs_events_from_the_season_page() -> None:
    secretary, club_owner, stranger_owner = PlayerFactory(), PlayerFactory(), PlayerFactory()
    federation = organisation_create(by=secretary.user, slug="fed", name="Federation", kind="federation")
    club = organisation_create(by=club_owner.user, slug="owls", name="Owls")
    stranger = organisation_create(by=stranger_owner.user, slug="larks", name="Larks")
    owner_api = APIClient()
    owner_api.force_authenticate(club_owner.user)
    linked = owner_api.post("/api/organisations/owls/federation/", {"federation": "fed"}, format="json")
    assert (linked.status_code, linked.json()["federation"]) == (200, "fed")
    refused = owner_api.post("/api/organisations/owls/federation/", {"federation": "larks"}, format="json")
    assert refused.json()["code"] == "not_a_federation"
    assert Organisation.objects.get(slug="owls").federation == federation
    club_page = Client().get("/clubs/owls/").content.decode()
    assert 'href="/clubs/fed/"' in club_page
    assert 'href="/clubs/owls/"' in Client().get("/clubs/fed/").content.decode()

    page = Client()
    page.force_login(secretary.user)
    created = page.post("/clubs/fed/seasons/new/", {
        "name": "National circuit", "game": GAME, "starts_on": "2026-01-01", "ends_on": "2026-12-31",
        "best_of": 3, "qualifiers": 0, "takes_events_of": "members",
    })  # fmt: skip
    assert created.status_code == 302, created.content.decode()[:3000]
    season_url = created["Location"]
    member_event = EventFactory(game=GAME, organisation=club)
    other_event = EventFactory(game=GAME, organisation=stranger)
    shown = page.get(season_url).content.decode()
    assert member_event.name in shown  # offered to the federation's staff
    assert other_event.name not in shown
    season_id = int(season_url.rstrip("/").split("/")[-1])
    api = APIClient()
    api.force_authenticate(secretary.user)
    added = api.post(f"/api/seasons/{season_id}/events/", {"event": member_event.pk, "tier": 1}, format="json")
    assert added.status_code == 201, added.json()
    not_member = api.post(f"/api/seasons/{season_id}/events/", {"event": other_event.pk, "tier": 1}, format="json")
    assert not_member.status_code == 403
    assert list(SeasonEvent.objects.values_list("event", flat=True)) == [member_event.pk]
