"""Every read that answers a page declares `page` and `page_size` in the schema (issue 67, item 6), so a client
generated from it can read past the first 50 rows: the leaderboard, event and season standings, card
statistics, pick accuracy and the levy among them."""

import pytest
from django.test import Client

pytestmark = [pytest.mark.django_db, pytest.mark.embedded]
SIX = [
    "/api/ratings/pools/{game}/leaderboard/",
    "/api/events/{id}/standings/",
    "/api/seasons/{id}/standings/",
    "/api/games/{game}/cards/",
    "/api/players/{handle}/pick-accuracy/",
    "/api/organisations/{slug}/levy/",
]


@pytest.fixture(scope="module")
def schema(django_db_setup, django_db_blocker) -> dict:
    with django_db_blocker.unblock():
        return Client().get("/api/schema/", {"format": "json"}).json()


@pytest.mark.parametrize("path", SIX)
def test_the_leaderboards_list_operation_declares_page_and_page_size(schema: dict, path: str) -> None:
    names = {parameter["name"] for parameter in schema["paths"][path]["get"]["parameters"]}
    assert {"page", "page_size"} <= names


def test_every_paged_read_declares_its_pages(schema: dict) -> None:
    undeclared = [
        path
        for path, operations in schema["paths"].items()
        if "Paginated" in str(operations.get("get", {}).get("responses", {}).get("200", {}))
        and not {"page", "page_size"} <= {p["name"] for p in operations["get"].get("parameters", [])}
    ]
    assert undeclared == []
