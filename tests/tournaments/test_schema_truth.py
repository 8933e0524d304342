"""The served schema says what the server accepts (issue 44, item 2): the bounds the server checks are in
the schema, and what the schema leaves optional the server does not require."""

import json

import pytest
from django.test import Client

from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def schema(django_db_blocker) -> dict:
    with django_db_blocker.unblock():
        return Client().get("/api/schema/", {"format": "json"}).json()


def test_handles_and_slugs_are_two_characters_at_least_in_the_schema_as_on_the_server(schema: dict) -> None:
    components = schema["components"]["schemas"]
    assert components["PlayerSignupRequest"]["properties"]["handle"]["minLength"] == 2
    assert components["GuestInputRequest"]["properties"]["handle"]["minLength"] == 2
    assert components["OrganisationInputRequest"]["properties"]["slug"]["minLength"] == 2
    answer = Client().post("/api/players/", {"username": "x1", "password": "a-long-enough-secret", "handle": "x"},
                           content_type="application/json")  # fmt: skip
    assert (answer.status_code, answer.json()["field"]) == (400, "handle")


def test_query_bounds_are_declared(schema: dict) -> None:
    cards = schema["paths"]["/api/games/{game}/cards/"]["get"]["parameters"]
    assert next(p for p in cards if p["name"] == "players")["schema"]["enum"] == [2, 3, 4]
    board = schema["paths"]["/api/ratings/pools/{game}/leaderboard/"]["get"]["parameters"]
    active = next(p for p in board if p["name"] == "active_days")["schema"]
    assert (active["minimum"], active["maximum"]) == (1, 3650)


def test_patching_me_with_nothing_changes_nothing_and_is_not_refused() -> None:
    player = PlayerFactory(country="FR")
    client = Client()
    client.force_login(player.user)
    answer = client.patch("/api/me/", {}, content_type="application/json")
    assert answer.status_code == 200, answer.content
    assert answer.json()["country"] == "FR"
    changed = client.patch("/api/me/", {"country": "BE"}, content_type="application/json")
    assert changed.json()["country"] == "BE"


def test_a_tables_sheets_answer_a_list_and_a_swap_its_two_handles_as_the_schema_says(schema: dict) -> None:
    sheets = schema["paths"]["/api/tables/{id}/sheets/"]["post"]["responses"]["202"]["content"]["application/json"]
    assert sheets["schema"]["type"] == "array"  # the answer is the list itself, not a page of it
    swap = schema["paths"]["/api/seats/swap/"]["post"]["responses"]["200"]["content"]["application/json"]
    swapped = schema["components"]["schemas"][swap["schema"]["$ref"].rsplit("/", 1)[1]]
    assert set(swapped["properties"]) == {"seat_a", "seat_b"}


def test_nested_lists_advertise_no_filter_they_would_ignore(schema: dict) -> None:
    for path in ("/api/events/{id}/registrations/", "/api/events/{id}/rounds/", "/api/events/{id}/standings/",
                 "/api/seasons/{id}/standings/"):  # fmt: skip
        names = {p["name"] for p in schema["paths"][path]["get"].get("parameters", [])}
        assert not names & {"game", "status", "organisation__slug"}, (path, names)


def test_a_player_is_read_by_handle_with_ratings_ranks_and_places(django_capture_on_commit_callbacks) -> None:
    from django.utils import timezone

    from ratings.services.pools import Placing, match_record
    from tests.tournaments.test_pages import played_event

    event = played_event(8, django_capture_on_commit_callbacks)
    player = event.registrations.select_related("player").first().player
    others = [PlayerFactory() for _ in range(2)]
    placings = [Placing(p.user_id, p.handle, rank) for rank, p in enumerate([player, *others], start=1)]
    match_record(game="boomerang-flip", source="table:999", order_at=timezone.now(), placings=placings)
    answer = Client().get(f"/api/players/{player.handle}/")
    assert answer.status_code == 200, answer.content
    body = answer.json()
    assert body["handle"] == player.handle
    assert [line["event"] for line in body["events"]] == [event.pk]
    assert body["events"][0]["place"] is None  # not finished yet
    flip = next(line for line in body["ratings"] if line["game"] == "boomerang-flip")
    assert (flip["game"], flip["rank"], flip["of"], flip["provisional"]) == ("boomerang-flip", 1, 3, True)
    assert Client().get("/api/players/nobody-here/").json()["field"] == "handle"
    assert Client().post("/api/players/claim/", {}, content_type="application/json").status_code in (401, 403)


def test_the_card_statistics_answer_is_declared_as_its_lines(schema: dict) -> None:
    content = schema["paths"]["/api/games/{game}/cards/"]["get"]["responses"]["200"]["content"]
    assert set(content) == {"application/json"}  # its CSV is an operation of its own (tests/test_csv_operations.py)
    assert set(schema["paths"]["/api/games/{game}/cards.csv"]["get"]["responses"]["200"]["content"]) == {"text/csv"}
    page = schema["components"]["schemas"][content["application/json"]["schema"]["$ref"].rsplit("/", 1)[1]]
    line = schema["components"]["schemas"][page["properties"]["results"]["items"]["$ref"].rsplit("/", 1)[1]]
    served = Client().get("/api/games/boomerang-australia/cards/").json()["results"]
    assert served
    assert set(served[0]) == set(line["properties"])  # every key served is declared, and only those


def test_every_success_answer_has_a_schema(schema: dict) -> None:
    missing = []
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            for code, answer in operation["responses"].items():
                if code.startswith("2") and code != "204":
                    media = answer.get("content", {})
                    if not media or not all("schema" in m for m in media.values()):
                        missing.append(f"{method.upper()} {path} {code}")
    assert missing == []


def test_the_engines_answers_match_their_declared_schemas(django_capture_on_commit_callbacks) -> None:
    """The score preview, the rebuilt draft, a table's verdict and pick accuracy (typed picks, not arrays)
    as served, validated against the served schema."""
    import random

    import requests
    import schemathesis
    from schemathesis.core.transport import Response as Answer

    from tests.tournaments.analysis.test_pick_accuracy import GAME, played
    from tests.tournaments.helpers import legal_seat_data
    from tournaments.analysis.models import SeatPickAccuracy

    served = schemathesis.openapi.from_dict(Client().get("/api/schema/", {"format": "json"}).json())

    def valid(method: str, path: str, template: str, body: object = None) -> dict:
        answer = Client().generic(method, path, "" if body is None else json.dumps(body),
                                  content_type="application/json")  # fmt: skip
        assert answer.status_code == 200, answer.content
        sent = requests.Request(method, f"http://testserver{path}").prepare()
        as_served = Answer(answer.status_code, {"Content-Type": [answer["Content-Type"]]}, answer.content, sent,
                           elapsed=0.0, verify=False)  # fmt: skip
        served[template][method].validate_response(as_served)
        return answer.json()

    _event, table = played(django_capture_on_commit_callbacks)
    seats = legal_seat_data(table, random.Random(3))
    preview = valid("POST", f"/api/games/{GAME}/score/", "/api/games/{game}/score/", {"seats": seats})
    assert preview["complete"] is True
    rebuilt = valid("POST", f"/api/games/{GAME}/rebuild/", "/api/games/{game}/rebuild/", {"table": {"seats": seats}})
    assert len(rebuilt["rounds"]) == 4
    assert rebuilt["rounds"][0]["picks"][0][0]["taken"] in rebuilt["rounds"][0]["dealt"][0]
    assert valid("GET", f"/api/tables/{table.pk}/", "/api/tables/{id}/")["result"]["verdict"]["valid"] is True
    row = SeatPickAccuracy.objects.select_related("player").first()
    lines = valid("GET", f"/api/players/{row.player.handle}/pick-accuracy/", "/api/players/{handle}/pick-accuracy/")[
        "results"
    ]
    first = lines[0]["rounds"][0]
    assert first["round"] == 1
    assert set(first["picks"][0]) == {"pick", "taken", "points", "best_points", "best_card"}
    assert [p["taken"] for p in first["picks"]] == [pick[1] for pick in row.rounds[0]]
