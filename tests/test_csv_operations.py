"""Issue 56, item 3: a read that also answers CSV is two operations in the schema: the JSON one, and its twin
at `<path>.csv` answering `text/csv` alone, which the server serves."""

import pytest
from django.test import Client

from tests.factories import EventFactory, PlayerFactory

pytestmark = pytest.mark.django_db


def test_every_csv_export_is_an_operation_of_its_own_and_answers_csv() -> None:
    event = EventFactory()
    player = PlayerFactory()
    schema = Client().get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    csv_paths = [path for path in schema["paths"] if path.endswith(".csv")]
    assert len(csv_paths) >= 6  # standings, season standings, leaderboard, a list, card statistics, pick accuracy
    for path, item in schema["paths"].items():
        for operation in item.values():
            answers = operation.get("responses", {}).get("200", {}).get("content", {})
            if path.endswith(".csv"):
                assert list(answers) == ["text/csv"], path
            else:
                assert "text/csv" not in answers, path
    filled = {"{id}": str(event.pk), "{game}": "boomerang-australia", "{handle}": player.handle}
    for path in csv_paths:
        if "/lists/" in path or "/seasons/" in path or path.endswith(("/levy.csv", "/ledger.csv", "/entrants.csv")):
            continue  # need a list, a season, an organiser, or a federation's staff and a period: tested with them
        url = path
        for name, value in filled.items():
            url = url.replace(name, value)
        answer = Client().get(url)
        assert answer.status_code == 200, (url, answer.content[:200])
        assert answer["Content-Type"].startswith("text/csv"), url


def test_the_lists_own_list_has_no_csv_a_lists_entries_do() -> None:
    """The lists' list is a page of their headers, not a sheet: its `.csv` is not served (it once answered the
    page's envelope as one CSV line) nor declared; one list's entries are."""
    schema = Client().get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    assert "/api/ratings/lists.csv" not in schema["paths"]
    assert "/api/ratings/lists/{id}.csv" in schema["paths"]
    assert Client().get("/api/ratings/lists.csv").status_code == 404
    assert Client().get("/api/ratings/lists/", {"format": "csv"}).status_code == 404
