"""Routes a client needs that were missing (issue 15): single rounds and registrations, /me, editing and
deleting a draft, co-organisers, a root that lists every route, list-shaped schemas."""

import pytest
from rest_framework.test import APIClient

from tests.factories import EventFactory, PlayerFactory
from tests.tournaments.helpers import running_round
from tournaments.models import Event

pytestmark = pytest.mark.django_db


def client_for(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def test_a_round_and_a_registration_can_be_read_alone(api_client) -> None:
    event, round_ = running_round()
    answer = api_client.get(f"/api/rounds/{round_.pk}/").json()
    assert (answer["number"], answer["status"], answer["event"]) == (1, "running", event.pk)
    assert answer["started_at"] is not None
    assert len(answer["tables"][0]["seats"]) == 4
    registration = event.registrations.first()
    assert api_client.get(f"/api/registrations/{registration.pk}/").json()["status"] == "checked_in"


def test_me_shows_my_registrations_and_my_current_seat() -> None:
    event, round_ = running_round()
    seat = round_.tables.get().seats.select_related("player__user").first()
    me = client_for(seat.player.user).get("/api/me/").json()
    assert me["handle"] == seat.player.handle
    assert [r["event"] for r in me["registrations"]] == [event.pk]
    assert me["current_seat"] == {
        "event": event.pk, "round": 1, "round_status": "running", "table": seat.table_id, "table_number": 1,
        "seat": seat.pk, "position": seat.position,
    }  # fmt: skip
    assert APIClient().get("/api/me/").status_code == 401


def test_an_organiser_edits_and_deletes_a_draft_edits_an_open_event_and_neither_once_it_started() -> None:
    draft = EventFactory(status="draft")
    organiser = client_for(draft.organisers.get())
    answer = organiser.patch(f"/api/events/{draft.pk}/", {"venue": "Café du Coin", "capacity": 12}, format="json")
    assert answer.status_code == 200, answer.json()
    assert (answer.json()["venue"], answer.json()["capacity"]) == ("Café du Coin", 12)
    assert client_for(PlayerFactory().user).patch(f"/api/events/{draft.pk}/", {"venue": "x"}).status_code == 403
    assert organiser.delete(f"/api/events/{draft.pk}/").status_code == 204
    assert not Event.objects.filter(pk=draft.pk).exists()
    open_event = EventFactory(status="registration")
    organiser = client_for(open_event.organisers.get())
    assert organiser.patch(f"/api/events/{open_event.pk}/", {"venue": "x"}, format="json").status_code == 200
    assert organiser.delete(f"/api/events/{open_event.pk}/").status_code == 409  # players may rely on it
    Event.objects.filter(pk=open_event.pk).update(status="running")
    assert organiser.patch(f"/api/events/{open_event.pk}/", {"venue": "y"}, format="json").status_code == 409


def test_a_co_organiser_can_run_the_event_and_the_last_organiser_stays() -> None:
    event = EventFactory(status="draft")
    founder, helper = event.organisers.get(), PlayerFactory()
    PlayerFactory(user=founder)
    added = client_for(founder).post(f"/api/events/{event.pk}/organisers/", {"player": helper.handle}, format="json")
    assert added.status_code == 200
    assert helper.handle in added.json()["organisers"]
    assert client_for(helper.user).post(f"/api/events/{event.pk}/open-registration/").status_code == 200
    assert (
        client_for(helper.user).delete(f"/api/events/{event.pk}/organisers/{founder.player.handle}/").status_code == 200
    )
    last = client_for(helper.user).delete(f"/api/events/{event.pk}/organisers/{helper.handle}/")
    assert (last.status_code, last.json()["code"]) == (409, "last_organiser")


def test_the_api_root_lists_every_route(api_client) -> None:
    routes = api_client.get("/api/").json()
    for name in ("me", "games", "events", "round", "registration", "leaderboard", "token", "docs"):
        assert name in routes


def test_the_leaderboard_names_players_by_handle() -> None:
    from ratings.serializers import RatingSerializer

    assert "handle" in RatingSerializer().fields


@pytest.mark.parametrize(
    "path", ["/api/events/{id}/registrations/", "/api/events/{id}/rounds/", "/api/seats/{id}/sheets/"]
)
def test_the_schema_describes_list_endpoints_as_pages_of_lists(api_client, path: str) -> None:
    schema = api_client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    answer = schema["paths"][path]["get"]["responses"]["200"]["content"]["application/json"]
    page = schema["components"]["schemas"][answer["schema"]["$ref"].split("/")[-1]]
    assert page["properties"]["results"]["type"] == "array"
    assert {"count", "next", "previous"} <= set(page["properties"])


def test_starting_a_round_starts_its_clock() -> None:
    _event, round_ = running_round()
    round_.refresh_from_db()
    assert round_.started_at is not None
    assert round_.length_minutes == 45


def test_anyone_can_score_a_table_in_progress(api_client) -> None:
    import random

    from games.simulate import legal_sheet

    sheet = legal_sheet("boomerang-australia", 3, random.Random(8))
    for seat in sheet["seats"]:
        seat["rounds"] = seat["rounds"][:1]
        seat.pop("claimed_total")
    answer = api_client.post("/api/games/boomerang-australia/score/", {"seats": sheet["seats"]}, format="json")
    assert answer.status_code == 200, answer.json()
    body = answer.json()
    assert body["complete"] is False
    assert body["problems"] == []
    assert all(len(totals) == 1 for totals in body["running_totals"].values())
    assert {s["rank"] for s in body["seats"]} <= {1, 2, 3}
    bad = api_client.post("/api/games/boomerang-australia/score/", {"seats": [{"player": "a"}]}, format="json")
    assert (bad.status_code, bad.json()["field"]) == (400, "seats[0].rounds")
    assert api_client.post("/api/games/chess/score/", {"seats": []}, format="json").status_code == 404


@pytest.mark.parametrize("path", ["/api/editions/999/", "/api/events/999/", "/api/no-such-route/"])
def test_an_unknown_object_or_route_answers_404_in_the_one_error_shape(api_client, path) -> None:
    answer = api_client.get(path)
    assert answer.status_code == 404
    assert answer.json()["code"] == "not_found"
    assert answer.json()["detail"]


def test_the_schema_declares_the_error_shape_once_and_every_operation_refers_to_it(api_client) -> None:
    schema = api_client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    assert schema["components"]["schemas"]["Error"]["required"] == ["code", "detail"]
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            for status in ("404", "409", "429"):
                content = operation["responses"][status]["content"]["application/json"]
                assert content["schema"] == {"$ref": "#/components/schemas/Error"}, (method, path, status)


def test_a_body_with_a_field_the_endpoint_does_not_take_is_refused_naming_it() -> None:
    """Issue 56: unknown fields were dropped in silence (a PATCH of `venu` answered 200 and changed nothing)."""
    from django.test import Client

    from tests.factories import EventFactory

    event = EventFactory(status="draft", venue="Café")
    organiser = Client()
    organiser.force_login(event.organisers.get())
    answer = organiser.patch(f"/api/events/{event.pk}/", {"venu": "La Halle"}, content_type="application/json")
    assert answer.status_code == 400
    assert (answer.json()["field"], answer.json()["code"]) == ("venu", "unknown_field")
    assert "unknown field" in answer.json()["detail"]
    event.refresh_from_db()
    assert event.venue == "Café"
    again = organiser.patch(f"/api/events/{event.pk}/", {"venue": "La Halle"}, content_type="application/json")
    assert again.status_code == 200
    schema = Client().get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    requests = {name: body for name, body in schema["components"]["schemas"].items() if name.endswith("Request")}
    assert requests
    assert all(body.get("additionalProperties") is False for body in requests.values() if body.get("type") == "object")
