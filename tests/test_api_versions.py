"""Issue 56, items 7 and 9: one pagination for every list read, and dated API versions a client can pin
(config/paging.py, config/versioning.py; docs/api.md, "Pages of results" and "Versions and deprecation")."""

import pytest
import yaml
from django.test import Client

from config import versioning
from tests.factories import EventFactory, PlayerFactory
from tests.tournaments.helpers import register_and_check_in

pytestmark = pytest.mark.django_db


def test_no_list_read_of_the_schema_answers_a_bare_array() -> None:
    schema = yaml.safe_load(Client().get("/api/schema/").content)
    bare, paged = [], 0
    for path, item in schema["paths"].items():
        answer = item.get("get", {}).get("responses", {}).get("200", {}).get("content", {}).get("application/json")
        if answer is None:
            continue
        reference = answer["schema"].get("$ref", "")
        bare += [path] if answer["schema"].get("type") == "array" else []
        paged += reference.startswith("#/components/schemas/Paginated")
    assert bare == []
    assert paged >= 29  # the sixteen that answered arrays and the thirteen paged before


def test_a_list_read_pages_follows_next_to_its_end_and_refuses_a_bad_page_size() -> None:
    event = EventFactory(game="boomerang-australia", capacity=8)
    register_and_check_in(event, [PlayerFactory() for _ in range(5)])
    client = Client()
    first = client.get(f"/api/events/{event.pk}/registrations/?page_size=2").json()
    assert (first["count"], len(first["results"]), first["previous"]) == (5, 2, None)
    seen = [row["player"] for row in first["results"]]
    page = first
    while page["next"]:
        page = client.get(page["next"]).json()
        seen += [row["player"] for row in page["results"]]
    assert sorted(seen) == sorted(event.registrations.values_list("player__handle", flat=True))
    refused = client.get(f"/api/events/{event.pk}/standings/?page_size=abc")
    assert (refused.status_code, refused.json()["field"]) == (400, "page_size")
    games = client.get("/api/games/").json()
    assert games["count"] == 5
    assert len(games["results"]) == 5


def test_a_client_pinned_to_the_version_before_keeps_its_bare_arrays() -> None:
    event = EventFactory(game="boomerang-australia", capacity=8)
    register_and_check_in(event, [PlayerFactory() for _ in range(3)])
    path = f"/api/events/{event.pk}/registrations/"
    current = Client().get(path)
    assert current["API-Version"] == versioning.CURRENT == "2026-11-27"
    assert "API-Version" in current["Vary"]
    assert set(current.json()) == {"count", "next", "previous", "results"}
    pinned = Client().get(path, headers={"API-Version": "2026-11-25"})
    assert pinned["API-Version"] == "2026-11-25"
    assert [row["player"] for row in pinned.json()] == [row["player"] for row in current.json()["results"]]
    assert isinstance(Client().get("/api/games/", headers={"API-Version": "2026-11-25"}).json(), list)


def test_an_unknown_version_is_refused_naming_the_header() -> None:
    answer = Client().get("/api/games/", headers={"API-Version": "2027-01-01"})
    assert answer.status_code == 400
    assert answer.json()["code"] == "invalid_api_version"
    assert answer.json()["field"] == "API-Version"
    assert "2026-11-25" in answer.json()["detail"]
    assert "API-Version" not in Client().get("/events/", headers={"API-Version": "nope"})  # pages are not the API's


def test_a_csv_export_stays_whole_whatever_the_page_size(django_capture_on_commit_callbacks) -> None:
    import random

    from tests.tournaments.helpers import play_round
    from tournaments.services.rounds import event_start

    event = EventFactory(game="boomerang-australia", capacity=8, rounds_planned=1)
    register_and_check_in(event, [PlayerFactory() for _ in range(8)])
    round_ = event_start(event=event, by=event.organisers.get())
    play_round(round_, event.organisers.get(), random.Random(3), django_capture_on_commit_callbacks)
    client = Client()
    assert client.get(f"/api/events/{event.pk}/standings/?page_size=3").json()["count"] == 8
    text = client.get(f"/api/events/{event.pk}/standings.csv?page_size=3").content.decode()
    assert len(text.strip().splitlines()) == 1 + 8  # the header and every player


def test_a_missing_object_is_refused_in_the_readers_language() -> None:
    """Issue 56, item 9: get_object_or_404's English sentence was answered whatever the Accept-Language."""
    english = Client().get("/api/events/999999/")
    french = Client().get("/api/events/999999/", headers={"Accept-Language": "fr"})
    assert (english.status_code, english.json()["code"]) == (404, "not_found")
    assert english.json()["detail"] == "Not found."
    assert french.json()["detail"] == "Non trouvé."


def test_a_key_answers_in_the_version_of_the_day_it_was_made_unless_the_request_names_one() -> None:
    """Issue 67, item 18: a bot that never sends `API-Version` keeps the answers of the day its key was made
    (as Stripe pins an account); a key made before pinning began keeps the version it was answered in then."""
    from datetime import UTC, date, datetime

    from tournaments.integrations.models import ApiKey
    from tournaments.integrations.services.api_keys import api_key_create
    from tournaments.seasons.services import season_create
    from tournaments.services.clubs import organisation_create

    owner = PlayerFactory().user
    club = organisation_create(by=owner, slug="owls", name="Owls")
    season = season_create(by=owner, organisation=club, name="S", game="boomerang-australia",
                           starts_on=date(2026, 1, 1), ends_on=date(2026, 12, 31))  # fmt: skip
    old_key, old_text = api_key_create(organisation=club, by=owner, name="old bot", scopes=["read"])
    ApiKey.objects.filter(pk=old_key.pk).update(created_at=datetime(2026, 11, 26, 20, tzinfo=UTC))
    _new_key, new_text = api_key_create(organisation=club, by=owner, name="new bot", scopes=["read"])
    path = f"/api/seasons/{season.pk}/"
    old = Client(headers={"authorization": f"Bearer {old_text}"}).get(path)
    assert (old.status_code, old["API-Version"]) == (200, "2026-11-26")
    assert "events" in old.json()
    assert "events_count" not in old.json()
    asked = Client(headers={"authorization": f"Bearer {old_text}", "api-version": "2026-11-27"}).get(path)
    assert (asked["API-Version"], "events_count" in asked.json()) == ("2026-11-27", True)
    new = Client(headers={"authorization": f"Bearer {new_text}"}).get(path)
    assert (new["API-Version"], "events_count" in new.json()) == (versioning.CURRENT, True)
    assert versioning.pinned(datetime(2026, 11, 20, tzinfo=UTC)) == versioning.PAGED_LISTS  # before pinning


def test_the_version_header_and_the_page_size_bound_are_declared_and_a_401_tells_its_limit() -> None:
    """Issue 67, item 18: `API-Version` was not declared as a request parameter, `page_size` had no maximum,
    and a 401 carried no RateLimit-* headers."""
    schema = yaml.safe_load(Client().get("/api/schema/").content)
    leaderboard = schema["paths"]["/api/ratings/pools/{game}/leaderboard/"]["get"]["parameters"]
    by_name = {parameter["name"]: parameter for parameter in leaderboard}
    assert by_name["API-Version"]["in"] == "header"
    assert by_name["API-Version"]["schema"]["enum"] == list(versioning.VERSIONS)
    assert by_name["page_size"]["schema"]["maximum"] == 200
    refused = Client(headers={"authorization": "Bearer not-a-token"}).get("/api/me/")
    assert refused.status_code == 401
    assert int(refused["RateLimit-Limit"]) > 0


def test_a_wrong_password_is_401_from_2026_11_27_and_a_client_pinned_before_it_keeps_its_400(
    django_user_model,
) -> None:
    """Issue 67, item 18: a log-in with wrong credentials answered 400; RFC 9110 makes it 401. A client pinned
    to 2026-11-26 keeps the 400 it was written against; a field missing stays 400 in every version."""
    django_user_model.objects.create_user("ann", password="ann-right-password")
    body = {"username": "ann", "password": "a-guess"}
    current = Client(REMOTE_ADDR="192.0.2.31").post("/api/auth/token/", body, content_type="application/json")
    assert (current.status_code, current.json()["code"]) == (401, "authorization")
    assert current["WWW-Authenticate"].startswith("Bearer")
    pinned = Client(REMOTE_ADDR="192.0.2.32", headers={"api-version": versioning.PAGED_LISTS})
    old = pinned.post("/api/auth/token/", body, content_type="application/json")
    assert (old.status_code, old.json()["code"]) == (400, "authorization")
    missing = Client(REMOTE_ADDR="192.0.2.33").post("/api/auth/token/", {"username": "ann"},
                                                      content_type="application/json")  # fmt: skip
    assert (missing.status_code, missing.json()["field"]) == (400, "password")
    french = Client(REMOTE_ADDR="192.0.2.34", headers={"accept-language": "fr"})
    assert (
        "Impossible de se connecter"
        in french.post("/api/auth/token/", body, content_type="application/json").json()["detail"]
    )
