"""Defects found by the adversarial run (issue 13): each refused with a 400 naming the field, never a 500."""

import csv
import io
import random
from datetime import timedelta

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from config.renderers import CSVRenderer
from tests.factories import EventFactory, PlayerFactory, UserFactory
from tests.tournaments.helpers import legal_seat_data, running_round
from tournaments.models import Event, Player
from tournaments.validators import validate_handle, validate_points_by_table_size

pytestmark = pytest.mark.django_db


def create_event(client, **fields):
    return client.post("/api/events/", {"name": "Night", "game": "boomerang-flip", **fields}, format="json")


@pytest.mark.parametrize(
    "points",
    [
        {"2": [1e308, 0]},
        {"2": [4, -1]},
        {"2": [0, 4]},  # the loser would earn more
        {"2": [4, 0], "7": [1] * 7},
        {"2": [4]},
    ],
)
def test_an_unusable_points_scheme_is_refused(user_client, points) -> None:
    response = create_event(user_client, points_by_table_size=points)
    assert response.status_code == 400, response.json()
    assert response.json()["field"] == "points_by_table_size"
    assert Event.objects.count() == 0


def test_the_admins_validation_refuses_the_same_schemes() -> None:
    with pytest.raises(ValidationError):
        validate_points_by_table_size({"4": [4, 2, 1e308, 0]})
    event = EventFactory(game="boomerang-flip")
    event.points_by_table_size = {"2": [0, 5]}
    with pytest.raises(ValidationError) as raised:
        event.full_clean()
    assert "points_by_table_size" in raised.value.message_dict


def test_registration_closing_before_it_opens_is_refused(user_client) -> None:
    opens = timezone.now() + timedelta(days=2)
    response = create_event(
        user_client, registration_opens=opens.isoformat(), registration_closes=(opens - timedelta(hours=1)).isoformat()
    )
    assert response.status_code == 400
    assert response.json()["field"] == "registration_closes"


@pytest.mark.parametrize("password", ["password123", "12345678901234", "player-one-x"])
def test_sign_up_runs_the_password_validators(api_client, password: str) -> None:
    body = {"username": "player-one", "password": password, "handle": "one"}
    response = api_client.post("/api/players/", body, format="json")
    assert response.status_code == 400
    assert response.json()["field"] == "password"
    assert not Player.objects.exists()


@pytest.mark.parametrize(
    ("taken", "attempt"),
    [("zoe", "ZOE"), ("zoe", "Zoé"), ("zoe", "ｚｏｅ"), ("Ana", "ana")],
)
def test_handles_that_fold_to_the_same_are_one_handle(api_client, taken: str, attempt: str) -> None:
    PlayerFactory(handle=taken)
    body = {"username": "someone-new", "password": "correct-horse-battery", "handle": attempt}
    response = api_client.post("/api/players/", body, format="json")
    assert (response.status_code, response.json()["code"]) == (409, "handle_taken")


def test_a_fullwidth_handle_is_stored_in_its_plain_form(api_client) -> None:
    body = {"username": "wide", "password": "correct-horse-battery", "handle": "Ｍａｒｉｅ"}
    assert api_client.post("/api/players/", body, format="json").json()["handle"] == "Marie"


@pytest.mark.parametrize("handle", ["аnna", "a b", "x", "<b>", "ann\u200b"])  # Cyrillic 'а', space, zero-width space
def test_a_handle_outside_the_pattern_is_refused_naming_the_pattern(api_client, handle: str) -> None:
    body = {"username": "someone", "password": "correct-horse-battery", "handle": handle}
    response = api_client.post("/api/players/", body, format="json")
    assert response.status_code == 400
    assert response.json()["field"] == "handle"
    assert "Latin alphabet" in response.json()["detail"]
    with pytest.raises(ValidationError):  # the admin's form runs the same validator
        validate_handle(handle)


def test_csv_cells_that_a_spreadsheet_would_run_are_neutralised() -> None:
    rows = [{"player": '=HYPERLINK("http://x")', "note": "@SUM(A1)", "other": "+1", "minus": "-2+3", "points": -3}]
    parsed = next(csv.DictReader(io.StringIO(CSVRenderer().render(rows).decode())))
    assert parsed == {
        "player": "'=HYPERLINK(\"http://x\")", "note": "'@SUM(A1)", "other": "'+1", "minus": "'-2+3", "points": "-3"
    }  # fmt: skip


def test_public_sheets_show_who_entered_them_by_handle_not_login(api_client) -> None:
    _event, round_ = running_round()
    seat = round_.tables.get().seats.select_related("player__user").first()
    seat.player.user.username = "private-login-name"
    seat.player.user.save()
    data = legal_seat_data(round_.tables.get(), random.Random(2))[0]
    from tournaments.results.services.sheets import sheet_submit

    sheet_submit(seat_id=seat.pk, data=data, by=seat.player.user)
    shown = api_client.get(f"/api/seats/{seat.pk}/sheets/").json()["results"]
    assert shown[0]["entered_by"] == seat.player.handle
    assert "private-login-name" not in str(shown)


def test_an_organiser_without_a_handle_shows_as_no_one_rather_than_a_login() -> None:
    from tournaments.serializers.sheets import ScoreSheetSerializer

    organiser = UserFactory(username="secret-admin")
    _event, round_ = running_round()
    seat = round_.tables.get().seats.first()
    from tournaments.models import ScoreSheet

    sheet = ScoreSheet.objects.create(seat=seat, version=1, data={}, entered_by=organiser)
    assert ScoreSheetSerializer(sheet).data["entered_by"] is None
