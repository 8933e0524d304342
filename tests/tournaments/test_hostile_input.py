"""Oversized bodies are refused, login attempts are throttled; neither is ever a 500."""

import pytest
from rest_framework.test import APIClient

from tests.tournaments.helpers import running_round
from tournaments.catalogue.models import SheetCheck
from tournaments.models import ScoreSheet

pytestmark = pytest.mark.django_db


def test_an_oversized_body_is_refused_and_nothing_is_stored(user_client) -> None:
    huge = {"sheet": {"game": "boomerang-flip", "seats": [], "padding": "x" * 400_000}}
    response = user_client.post("/api/sheet-checks/", huge, format="json")
    assert response.status_code in (400, 413)
    assert SheetCheck.objects.count() == 0


def test_login_attempts_are_throttled(api_client) -> None:
    statuses = [
        api_client.post("/api/auth/token/", {"username": "x", "password": "wrong"}, format="json").status_code
        for _ in range(31)
    ]
    assert statuses[:30] == [401] * 30
    assert statuses[30] == 429


def test_signups_are_throttled(api_client, monkeypatch) -> None:
    from config.throttling import SignupThrottle

    monkeypatch.setattr(SignupThrottle, "rate", "20/hour", raising=False)  # the default (300) is a venue's door

    def sign_up(i: int) -> int:
        body = {"username": f"u{i}", "password": "correct-horse-battery", "handle": f"h{i}"}
        return api_client.post("/api/players/", body, format="json").status_code

    statuses = [sign_up(i) for i in range(21)]
    assert statuses[:20] == [201] * 20
    assert statuses[20] == 429


def test_sheet_submission_is_throttled_per_user() -> None:
    from rest_framework.test import APIClient

    from tests.tournaments.helpers import running_round

    _event, round_ = running_round()
    seat = round_.tables.get().seats.first()
    client = APIClient()
    client.force_authenticate(seat.player.user)
    statuses = [
        client.post(f"/api/seats/{seat.pk}/sheets/", {"data": {}}, format="json").status_code for _ in range(121)
    ]
    assert set(statuses[:120]) == {400}
    assert statuses[120] == 429


def test_a_pad_draft_of_the_wrong_shape_is_refused_naming_the_field_and_no_page_breaks(api_client) -> None:
    """A seat without `rounds` was saved (200) and then broke another player's my-event page (500)."""
    from tests.tournaments.helpers import running_round

    event, round_ = running_round(players=4)
    table = round_.tables.get()
    keeper, other = [seat.player.user for seat in table.seats.order_by("position")[:2]]
    api_client.force_authenticate(keeper)
    handle = table.seats.order_by("position").first().player.handle
    bad_drafts = [
        ({"seats": [{"player": handle}]}, "data.seats[0].rounds"),
        ({"seats": [{"player": handle, "rounds": [{"cards": "ABC"}]}]}, "data.seats[0].rounds[0].cards"),
        ({"seats": [{"player": "nobody-here", "rounds": [{"cards": []}]}]}, "data.seats[0].player"),
        ({"seats": [{"player": handle, "rounds": [{"cards": []}]}] * 2}, "data.seats[1].player"),
    ]
    for data, field in bad_drafts:
        response = api_client.put(f"/api/tables/{table.pk}/pad/", {"data": data, "version": 0}, format="json")
        assert response.status_code == 400, (data, response.content)
        assert response.json()["field"] == field
    good = {"seats": [{"player": handle, "rounds": [{"cards": []}]}]}
    assert (
        api_client.put(f"/api/tables/{table.pk}/pad/", {"data": good, "version": 0}, format="json").status_code == 200
    )
    from tournaments.models import PadDraft

    PadDraft.objects.filter(table=table).update(data={"seats": [{"player": "x"}, 3, {"rounds": 1}], "contests": []})
    from django.test import Client

    page = Client()
    page.force_login(other)
    assert page.get(f"/events/{event.pk}/me/").status_code == 200  # a draft stored before the checks


@pytest.mark.parametrize("seat", ["99999999999999999999", "9223372036854775808", "abc", "0", "-1", "1e3", "١٢"])
def test_a_sheet_posted_to_a_seat_id_no_row_can_have_is_a_404_naming_it(seat: str) -> None:
    _event, round_ = running_round()
    player = round_.tables.get().seats.first().player
    client = APIClient()
    client.force_authenticate(player.user)
    answer = client.post(f"/api/seats/{seat}/sheets/", {"data": {}}, format="json")
    assert answer.status_code == 404
    assert answer.json()["field"] == "seat"
    assert not ScoreSheet.objects.exists()


def test_a_sheet_posted_to_a_seat_that_does_not_exist_is_a_404(api_client) -> None:
    _event, round_ = running_round()
    seat = round_.tables.get().seats.first()
    client = APIClient()
    client.force_authenticate(seat.player.user)
    answer = client.post(f"/api/seats/{seat.pk + 1000}/sheets/", {"data": {}}, format="json")
    assert answer.status_code == 404
    assert answer.json() == {"code": "not_found", "detail": f"no seat has the id {seat.pk + 1000}", "field": "seat"}
