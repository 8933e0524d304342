"""Oversized bodies are refused, login attempts are throttled; neither is ever a 500."""

import pytest

from tournaments.models import SheetCheck

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
    assert statuses[:30] == [400] * 30
    assert statuses[30] == 429


def test_signups_are_throttled(api_client) -> None:
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
