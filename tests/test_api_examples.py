"""Issue 56, item 9: a domain example for every request body and answer of the schema, each one valid by its own
schema (config/openapi_examples.py), so the examples never promise what the API would not do."""

import copy
from typing import Any

import pytest
from django.test import Client
from jsonschema import Draft7Validator

pytestmark = pytest.mark.django_db


def _json_schema(node: Any) -> Any:
    """OpenAPI 3.0's `nullable` as JSON Schema's null type, everywhere in the document."""
    if isinstance(node, list):
        return [_json_schema(item) for item in node]
    if not isinstance(node, dict):
        return node
    converted = {key: _json_schema(value) for key, value in node.items() if key != "example"}
    if converted.pop("nullable", False):
        return {"anyOf": [converted, {"type": "null"}]}
    return converted


def test_every_request_and_answer_schema_has_an_example_its_schema_accepts() -> None:
    schema = Client().get("/api/schema/", {"format": "json"}).json()
    components = schema["components"]["schemas"]
    root = {"components": _json_schema(copy.deepcopy(schema["components"]))}
    missing, invalid = [], {}
    for name, component in components.items():
        if "example" not in component:
            missing.append(name)
            continue
        errors = list(
            Draft7Validator({**root, "$ref": f"#/components/schemas/{name}"}).iter_errors(component["example"])
        )
        if errors:
            invalid[name] = [f"{list(e.absolute_path)}: {e.message[:120]}" for e in errors[:3]]
    assert missing == []
    assert invalid == {}
    used = {
        content["schema"]["$ref"].rsplit("/", 1)[1]
        for item in schema["paths"].values() for operation in item.values() if isinstance(operation, dict)
        for body in [operation.get("requestBody", {}), *operation.get("responses", {}).values()]
        for content in body.get("content", {}).values() if "$ref" in content.get("schema", {})
    }  # fmt: skip
    assert used <= set(components)  # every body the operations name is one of the examples checked above


def test_the_examples_are_a_clubs_night_and_a_real_sheet() -> None:
    components = Client().get("/api/schema/", {"format": "json"}).json()["components"]["schemas"]
    assert components["PlayerSignupRequest"]["example"]["handle"] == "ann"
    assert components["SheetInputRequest"]["example"]["data"]["rounds"][0]["cards"] == [
        "G",
        "D",
        "Y",
        "L",
        "F",
        "T",
        "O",
    ]
    assert components["Event"]["example"]["game"] == "boomerang-australia"


def test_each_csv_examples_header_is_the_header_the_server_writes(django_capture_on_commit_callbacks) -> None:
    """A club night played, closed, rated and counted in a season, a list published: every CSV export of the
    schema read from the server, its header held to its example's (a season's event columns by pattern)."""
    import csv
    import io
    import re

    from ratings.services.lists import list_publish
    from tests.tournaments.helpers import season_night
    from tournaments.models import Organisation, Seat
    from tournaments.results.services.closing import event_close
    from tournaments.seasons.models import Season

    event, owner = season_night(django_capture_on_commit_callbacks, rounds_played=1)
    with django_capture_on_commit_callbacks(execute=True):
        event_close(event=event, by=owner)
    rating_list = list_publish(game=event.game, name="November", actor="cy")
    federation = Organisation.objects.get(slug="fed")
    filled = {"{id}": str(event.pk), "{game}": event.game, "{slug}": federation.slug,
              "{handle}": Seat.objects.filter(table__round__event=event).first().player.handle}  # fmt: skip
    readers = {"/api/seasons/{id}/": Season.objects.get().pk, "/api/ratings/lists/{id}": rating_list.pk}
    schema = Client().get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    exports = {path: item["get"]["responses"]["200"]["content"]["text/csv"]["example"]
               for path, item in schema["paths"].items() if path.endswith(".csv")}  # fmt: skip
    assert len(exports) == 9
    for path, example in exports.items():
        url = path
        for prefix, pk in readers.items():
            url = url.replace(prefix, prefix.replace("{id}", str(pk))) if url.startswith(prefix) else url
        for name, value in filled.items():
            url = url.replace(name, value)
        user = federation.staff.get().user if "/levy" in path else owner
        page = Client()
        page.force_login(user)
        answer = page.get(url, {"from": "2020-01-01", "to": "2035-01-01"} if "/levy" in path else {})
        assert answer.status_code == 200, (url, answer.content[:300])
        served = b"".join(answer.streaming_content) if answer.streaming else answer.content
        header, *rows = list(csv.reader(io.StringIO(served.decode())))
        shown, *example_rows = list(csv.reader(io.StringIO(example)))
        assert rows or "/levy" in path, url  # read with a line under its header (levy: its header alone)
        assert all(len(row) == len(shown) for row in example_rows), path
        if "/seasons/" in path:  # the counting events' columns, "name #id", one a played event
            header = [re.sub(r"^.+ #\d+$", "<event>", column) for column in header]
            shown = [re.sub(r"^.+ #\d+$", "<event>", column) for column in shown]
            shown = [c for i, c in enumerate(shown) if c != "<event>" or shown[i - 1] != "<event>"]
        if "/entrants" in path:  # a column an answer to the event's own questions (this night asks none)
            shown = [column for column in shown if not column.startswith("answers.")]
        assert header == shown, path


def test_the_example_event_is_created_as_sent_and_only_a_webhook_url_names_a_hook() -> None:
    """Issue 67, item 18: the example for creating an event was refused (`invalid_dates`), and a webhook's URL
    was the example of every `url` (a player's page, the pages' `next`)."""
    from rest_framework.test import APIClient

    from tests.factories import PlayerFactory
    from tournaments.services.clubs import organisation_create

    components = Client().get("/api/schema/", {"format": "json"}).json()["components"]["schemas"]
    owner = PlayerFactory().user
    organisation_create(by=owner, slug="owls", name="Owls")
    api = APIClient()
    api.force_authenticate(owner)
    created = api.post("/api/events/", components["EventInputRequest"]["example"], format="json")
    assert created.status_code == 201, created.json()
    assert "hooks" in components["WebhookInputRequest"]["example"]["url"]
    assert "hooks" not in components["PlayerSummary"]["example"]["url"]
    assert "hooks" not in components["PaginatedEventList"]["example"]["next"]
