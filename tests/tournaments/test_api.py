"""The event API end to end, its error answers, and query-count guards on list endpoints."""

import csv
import io
import random

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from tests.factories import EventFactory, PlayerFactory
from tests.tournaments.helpers import legal_seat_data, register_and_check_in
from tournaments import task_names
from tournaments.catalogue.selectors import practice_games_now
from tournaments.models import Table
from tournaments.services.registrations import registration_create
from tournaments.services.rounds import event_start, round_start

pytestmark = pytest.mark.django_db


def client_for(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def sign_up(api_client: APIClient, name: str) -> APIClient:
    response = api_client.post(
        "/api/players/", {"username": name, "password": "correct-horse-battery", "handle": name}, format="json"
    )
    assert response.status_code == 201, response.data
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {response.data['token']}")
    return client


def test_an_organiser_runs_a_whole_event_through_the_api(
    api_client, user_client, django_capture_on_commit_callbacks
) -> None:
    created = user_client.post(
        "/api/events/",
        {"name": "Club night", "game": "boomerang-europe", "rounds_planned": 1, "seed": 5},
        format="json",
    )
    assert created.status_code == 201, created.data
    event_id = created.data["id"]
    assert user_client.post(f"/api/events/{event_id}/open-registration/").data["status"] == "registration"
    players = {name: sign_up(api_client, name) for name in ["ann", "bo", "cy", "dee"]}
    for client in players.values():
        registration = client.post(f"/api/events/{event_id}/registrations/", {}, format="json")
        assert registration.data["status"] == "registered"
        assert client.post(f"/api/registrations/{registration.data['id']}/check-in/").data["status"] == "checked_in"
    round_ = user_client.post(f"/api/events/{event_id}/start/").data
    assert user_client.post(f"/api/rounds/{round_['id']}/start/").data["status"] == "running"
    table = Table.objects.get(pk=round_["tables"][0]["id"])
    for seat, data in zip(table.seats.order_by("position"), legal_seat_data(table, random.Random(8)), strict=True):
        data.pop("player")
        with django_capture_on_commit_callbacks(execute=True):
            answer = players[seat.player.handle].post(f"/api/seats/{seat.pk}/sheets/", {"data": data}, format="json")
        assert answer.status_code == 202, answer.data
    detail = api_client.get(f"/api/tables/{table.pk}/").data
    assert detail["result"]["status"] == "verified"
    standings = api_client.get(f"/api/events/{event_id}/standings/").data["results"]
    assert sorted(row["player"] for row in standings) == ["ann", "bo", "cy", "dee"]
    assert standings[0]["rank"] == 1
    exported = api_client.get(f"/api/events/{event_id}/standings/?format=csv")
    rows = list(csv.DictReader(io.StringIO(exported.content.decode())))
    assert exported["Content-Type"].startswith("text/csv")
    assert [row["player"] for row in rows] == [row["player"] for row in standings]
    assert api_client.get(f"/api/events/{event_id}/").data["status"] == "running"  # until its organiser closes it
    assert players["ann"].post(f"/api/events/{event_id}/close/").status_code == 403
    assert user_client.post(f"/api/events/{event_id}/close/").data["status"] == "finished"
    assert api_client.get(f"/api/events/{event_id}/").data["status"] == "finished"


@pytest.fixture
def running_table():
    event = EventFactory()
    register_and_check_in(event, [PlayerFactory() for _ in range(4)])
    round_ = event_start(event=event, by=event.organisers.get())
    return event, round_, round_.tables.get()


def test_submitting_for_someone_elses_seat_is_forbidden(running_table) -> None:
    event, round_, table = running_table
    round_start(round_=round_, by=event.organisers.get())
    seats = list(table.seats.order_by("position"))
    answer = client_for(seats[1].player.user).post(f"/api/seats/{seats[0].pk}/sheets/", {"data": {}}, format="json")
    assert (answer.status_code, answer.data["code"], answer.data["field"]) == (403, "not_your_seat", "seat")


TRANSACTION = ("BEGIN", "COMMIT")
SHEET_STATEMENTS = 5  # the table's lock, the seat, its newest version, the insert, whether a seat still waits


@pytest.mark.django_db(transaction=True)
def test_a_sheet_is_answered_as_stored_and_the_one_completing_the_table_as_verified(running_table) -> None:
    """Sheets that leave the table waiting are answered from what was written, in a few statements (no second
    read); the last one is read again after its verification (in-process here, at the commit). Either way the
    answer is the stored row."""
    from tournaments.models import ScoreSheet
    from tournaments.serializers.sheets import ScoreSheetSerializer

    event, round_, table = running_table
    round_start(round_=round_, by=event.organisers.get())
    seats = list(table.seats.select_related("player__user").order_by("position"))
    sheets = legal_seat_data(table, random.Random(3))
    for i, (seat, data) in enumerate(zip(seats, sheets, strict=True)):
        client = client_for(seat.player.user)
        with CaptureQueriesContext(connection) as queries:
            answer = client.post(f"/api/seats/{seat.pk}/sheets/", {"data": data}, format="json")
        stored = ScoreSheet.objects.select_related("entered_by__player").get(seat=seat)
        expected = dict(ScoreSheetSerializer(stored).data)
        if i < 3:
            assert (answer.status_code, answer.data["table_status"]) == (202, "waiting")
            assert not any('AS "table_status"' in q["sql"] for q in queries.captured_queries)  # no second read
            writes = [q["sql"] for q in queries.captured_queries if q["sql"] not in TRANSACTION]
            sheet_statements = [sql for sql in writes if '"tournaments_' in sql and "authtoken" not in sql]
            assert len(sheet_statements) <= SHEET_STATEMENTS, sheet_statements
        else:
            assert (answer.status_code, answer.data["table_status"]) == (200, "verified")
            assert any('AS "table_status"' in q["sql"] for q in queries.captured_queries)  # read again
        assert {k: v for k, v in answer.data.items() if k != "table_status"} == expected
        assert expected["entered_by"] == seat.player.handle


@pytest.mark.django_db(transaction=True)
def test_with_a_worker_the_sheet_completing_the_table_is_answered_pending_without_a_second_read(
    running_table, monkeypatch
) -> None:
    """A task sent to a worker has not run when the answer is written: it says what the sheet left, the table
    queued, and reads nothing again. (The sending is recorded here instead of reaching a broker, whose worker
    could verify the table while the test reads it.)"""
    from config import celery
    from tournaments.results.services import verification

    event, round_, table = running_table
    round_start(round_=round_, by=event.organisers.get())
    sent: list[tuple[str, tuple[object, ...]]] = []
    monkeypatch.setitem(celery.app.conf, "task_always_eager", False)
    monkeypatch.setattr(verification, "dispatch", lambda name, *args: sent.append((name, args)) or True)
    seats = list(table.seats.select_related("player__user").order_by("position"))
    for seat, data in zip(seats, legal_seat_data(table, random.Random(3)), strict=True):
        with CaptureQueriesContext(connection) as queries:
            answer = client_for(seat.player.user).post(f"/api/seats/{seat.pk}/sheets/", {"data": data}, format="json")
        assert answer.status_code == 202
        assert not any('AS "table_status"' in q["sql"] for q in queries.captured_queries)
    assert answer.data["table_status"] == "pending"
    assert sent == [(task_names.TABLE_VERIFY, (table.pk, 1))]


def test_submitting_to_a_round_that_is_not_running_is_a_conflict(running_table) -> None:
    _event, _round, table = running_table
    seat = table.seats.first()
    data = legal_seat_data(table, random.Random(1))[0]
    answer = client_for(seat.player.user).post(f"/api/seats/{seat.pk}/sheets/", {"data": data}, format="json")
    assert (answer.status_code, answer.data["code"]) == (409, "round_not_running")


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"rounds": "four"}, "data.rounds"),
        ({"rounds": [{"cards": ["A"]}] * 4, "colour": 1}, "data.colour"),
        ("not an object", "data"),
    ],
)
def test_a_malformed_sheet_gets_a_400_naming_the_field(running_table, data, field) -> None:
    event, round_, table = running_table
    round_start(round_=round_, by=event.organisers.get())
    seat = table.seats.first()
    answer = client_for(seat.player.user).post(f"/api/seats/{seat.pk}/sheets/", {"data": data}, format="json")
    assert (answer.status_code, answer.data["field"]) == (400, field)


def test_anonymous_writes_are_refused(api_client, running_table) -> None:
    _event, _round, table = running_table
    assert (
        api_client.post(f"/api/seats/{table.seats.first().pk}/sheets/", {"data": {}}, format="json").status_code == 401
    )
    assert api_client.post("/api/events/", {"name": "x", "game": "boomerang-usa"}, format="json").status_code == 401


def test_only_organisers_override(running_table) -> None:
    _event, _round, table = running_table
    player = table.seats.first().player.user
    answer = client_for(player).post(f"/api/tables/{table.pk}/override/", {"reason": "trust me"}, format="json")
    assert (answer.status_code, answer.data["code"]) == (403, "not_organiser")


def test_signup_refuses_a_taken_handle_naming_the_field(api_client) -> None:
    sign_up(api_client, "ann")
    again = api_client.post(
        "/api/players/", {"username": "ann2", "password": "correct-horse-battery", "handle": "ann"}, format="json"
    )
    assert (again.status_code, again.data["field"]) == (409, "handle")


def test_signup_refuses_a_username_taken_in_another_unicode_form(api_client) -> None:
    """'ﬁ' (one ligature character) is stored as 'fi' by Django's NFKC normalisation: found by schemathesis."""
    sign_up(api_client, "fin")
    again = api_client.post(
        "/api/players/", {"username": "\ufb01n", "password": "correct-horse-battery", "handle": "fin2"}, format="json"
    )
    assert (again.status_code, again.data["code"], again.data["field"]) == (409, "username_taken", "username")


def test_the_waitlist_position_is_visible(user_client) -> None:
    event = EventFactory(capacity=1)
    for _ in range(3):
        registration_create(event=event, player=PlayerFactory())
    rows = user_client.get(f"/api/events/{event.pk}/registrations/").data["results"]
    assert [(r["status"], r["waitlist_position"]) for r in rows] == [
        ("registered", None),
        ("waitlisted", 1),
        ("waitlisted", 2),
    ]


@pytest.mark.parametrize("players", [4, 12])
def test_list_endpoints_use_a_fixed_number_of_queries(api_client, players: int) -> None:
    event = EventFactory()
    register_and_check_in(event, [PlayerFactory() for _ in range(players)])
    event_start(event=event, by=event.organisers.get())
    practice_games_now()  # read once a minute for every answer (a cache), not once an answer: not counted here
    counts = {}
    for url in ["/api/events/", f"/api/events/{event.pk}/registrations/", f"/api/events/{event.pk}/rounds/"]:
        with CaptureQueriesContext(connection) as queries:
            assert api_client.get(url).status_code == 200
        counts[url] = len(queries)
    assert counts == {
        "/api/events/": 3,  # count, events, their organisers with their handles
        f"/api/events/{event.pk}/registrations/": 2,
        f"/api/events/{event.pk}/rounds/": 8,  # the count, the rounds with their tables, seats, results and byes
    }


def test_the_schema_describes_standings_as_the_page_the_endpoint_returns(api_client) -> None:
    """Found by schemathesis when standings answered a bare array; since 0.8.0 they are paged like every list."""
    event = EventFactory()
    schema = api_client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    answer = schema["paths"]["/api/events/{id}/standings/"]["get"]["responses"]["200"]["content"]["application/json"]
    assert answer["schema"]["$ref"] == "#/components/schemas/PaginatedStandingList"
    assert api_client.get(f"/api/events/{event.pk}/standings/").json() == {
        "count": 0, "next": None, "previous": None, "results": [],
    }  # fmt: skip
