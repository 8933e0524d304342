"""Hostile input answered at the edge: 400 with a code and the field, never a 500 and nothing stored."""

import json

import pytest
from django.test import Client

from tournaments.catalogue.models import SheetCheck
from tournaments.models import Event

pytestmark = pytest.mark.django_db


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


@pytest.mark.parametrize("depth", [33, 990, 5000])
@pytest.mark.parametrize("path", ["/api/sheet-checks/", "/api/events/", "/api/players/"])
def test_deeply_nested_json_is_a_400_on_every_write(user_client, path: str, depth: int) -> None:
    body = '{"sheet": ' + nested(depth) + "}"
    response = user_client.generic("POST", path, body, content_type="application/json")
    assert response.status_code == 400
    assert response.json()["code"] == "too_deep"


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"sheet": {"game": "boomerang-flip", "seats": [{"player": "a\x00b"}]}}, "sheet.seats[0].player"),
        (
            {"sheet": {"game": "boomerang-hunt", "seats": [{"captured": {"ka\x00": 1}}]}},
            "sheet.seats[0].captured.ka\x00",
        ),
    ],
)
def test_a_nul_character_in_a_json_body_is_a_400_naming_the_field(user_client, body, field) -> None:
    response = user_client.post("/api/sheet-checks/", body, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "nul_character"
    assert response.json()["field"] == field
    assert SheetCheck.objects.count() == 0


def test_a_nul_character_in_points_keys_or_event_name_is_refused(user_client) -> None:
    body = {"name": "Night", "game": "boomerang-flip", "points_by_table_size": {"2\x00": [1, 0]}}
    response = user_client.post("/api/events/", body, format="json")
    assert (response.status_code, response.json()["code"]) == (400, "nul_character")
    response = user_client.post("/api/events/", {"name": "Ni\x00ght", "game": "boomerang-flip"}, format="json")
    assert response.status_code == 400
    assert Event.objects.count() == 0


@pytest.mark.parametrize(
    "url", ["/api/ratings/pools/%00/", "/api/events/?game=%00", "/api/ratings/pools/x%00y/leaderboard/"]
)
def test_a_nul_character_in_the_url_is_a_400(url: str) -> None:
    response = Client().get(url)
    assert response.status_code == 400
    assert response.json()["code"] == "nul_character"


def test_a_ten_megabyte_body_is_refused_in_json(user_client) -> None:
    body = json.dumps({"sheet": {"padding": "x" * 10_000_000}})
    response = user_client.generic("POST", "/api/sheet-checks/", body, content_type="application/json")
    assert response.status_code == 413
    assert response["Content-Type"] == "application/json"
    assert response.json()["code"] == "too_large"
    assert SheetCheck.objects.count() == 0


def test_an_unexpected_api_error_answers_json(monkeypatch) -> None:
    def explode(**_kwargs: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr("tournaments.api.events.event_list", explode)
    response = Client(raise_request_exception=False).get("/api/events/")
    assert response.status_code == 500
    assert response.json()["code"] == "server_error"


def test_every_validation_error_has_the_one_error_shape(api_client) -> None:
    response = api_client.post("/api/players/", {"username": "ab", "password": "x"}, format="json")
    body = response.json()
    assert response.status_code == 400
    assert set(body) == {"code", "detail", "field", "errors"}
    assert body["field"] in body["errors"]
    assert isinstance(body["detail"], str)


def test_drfs_own_errors_have_the_error_shape(api_client) -> None:
    response = api_client.post("/api/events/", {"name": "x"}, format="json")
    assert response.status_code == 401
    assert response.json()["code"] == "not_authenticated"
    assert isinstance(response.json()["detail"], str)


@pytest.mark.django_db
def test_format_csv_wins_over_an_accept_json_header() -> None:
    from tests.factories import EventFactory

    event = EventFactory()
    for url in (
        f"/api/events/{event.pk}/standings/?format=csv",
        "/api/ratings/pools/boomerang-australia/leaderboard/?format=csv",
    ):
        response = Client().get(url, HTTP_ACCEPT="application/json")
        assert response.status_code in (200, 404), response.content
        if response.status_code == 200:
            assert response["Content-Type"].startswith("text/csv")
