"""Casual sheet checks: submit a whole table, a worker verifies it, the verdict is read back."""

import random

import pytest
from django.urls import reverse

import games
from games.simulate import legal_sheet
from tournaments.catalogue.models import SheetCheck
from tournaments.catalogue.services import sheet_check_reverify, sheet_check_submit, sheet_check_verify

pytestmark = pytest.mark.django_db


def australia_sheet(seed: int = 1) -> dict:
    return legal_sheet("boomerang-australia", 4, random.Random(seed))


def submit(client, sheet, on_commit):
    with on_commit(execute=True):
        return client.post(reverse("sheet-check-list"), {"sheet": sheet}, format="json")


def test_a_submitted_sheet_is_accepted_and_verified(user_client, django_capture_on_commit_callbacks) -> None:
    response = submit(user_client, australia_sheet(), django_capture_on_commit_callbacks)
    assert response.status_code == 202
    detail = user_client.get(reverse("sheet-check-detail", args=[response.data["id"]]))
    assert detail.data["status"] == "verified"
    assert detail.data["verdict"]["valid"] is True
    assert detail.data["verdict"]["edition"] == "Boomerang: Australia"


def test_a_sheet_breaking_the_rules_is_rejected_with_the_problems_in_words(
    user_client, django_capture_on_commit_callbacks
) -> None:
    sheet = australia_sheet()
    sheet["seats"][2]["claimed_total"] += 1
    response = submit(user_client, sheet, django_capture_on_commit_callbacks)
    check = SheetCheck.objects.get(pk=response.data["id"])
    assert check.status == "rejected"
    assert [p["code"] for p in check.verdict["problems"]] == ["total_mismatch"]
    assert check.verdict["problems"][0]["message"].startswith("total: claimed")


@pytest.mark.parametrize(
    ("body", "field", "detail"),
    [
        ({}, "sheet", None),
        ({"sheet": {"game": "chess", "seats": []}}, "sheet.game", "game: unknown game 'chess'"),
        ({"sheet": {"game": "boomerang-usa", "seats": [{"player": "a"}]}}, "sheet.seats[0].rounds", None),
    ],
)
def test_a_malformed_sheet_gets_a_400_naming_the_field(user_client, body, field, detail) -> None:
    response = user_client.post(reverse("sheet-check-list"), body, format="json")
    assert response.status_code == 400
    assert response.data["field"] == field  # one error shape: a missing field is named like a malformed one
    assert response.data["code"] == ("required" if not body else "malformed_sheet")
    if detail:
        assert response.data["detail"].startswith(detail)
    assert SheetCheck.objects.count() == 0


def test_anonymous_users_cannot_submit(api_client) -> None:
    response = api_client.post(reverse("sheet-check-list"), {"sheet": australia_sheet()}, format="json")
    assert response.status_code in (401, 403)


def test_verification_is_enqueued_only_once_the_submission_commits(django_capture_on_commit_callbacks) -> None:
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        check = sheet_check_submit(sheet=australia_sheet())
    assert check.status == "submitted"
    assert len(callbacks) == 1
    callbacks[0]()
    check.refresh_from_db()
    assert check.status == "verified"


def test_verifying_twice_changes_nothing_the_second_time() -> None:
    check = sheet_check_submit(sheet=australia_sheet())  # its on-commit task never fires in a test
    first = sheet_check_verify(check_id=check.pk)
    second = sheet_check_verify(check_id=check.pk)
    assert first is not None
    assert second is not None
    assert (first.status, first.verified_at) == (second.status, second.verified_at)


def test_the_list_filters_by_game_and_status(user_client) -> None:
    sheet_check_submit(sheet=australia_sheet())
    sheet_check_submit(sheet=legal_sheet("boomerang-flip", 2, random.Random(2)))
    response = user_client.get(reverse("sheet-check-list"), {"game": "boomerang-flip"})
    assert [row["game"] for row in response.data["results"]] == ["boomerang-flip"]


def test_a_verification_overtaken_by_a_reverification_writes_nothing(monkeypatch) -> None:
    """The old task is still running the engine when the organiser asks for a new attempt: its verdict (of
    the older edition) must not land, or the new task would find the check done and skip it."""
    check = sheet_check_submit(sheet=australia_sheet())
    engine = games.verify_table

    def reverified_meanwhile(sheet, edition, dealt=None):
        sheet_check_reverify(check=check)
        return engine(sheet, edition, dealt)

    monkeypatch.setattr(games, "verify_table", reverified_meanwhile)
    overtaken = sheet_check_verify(check_id=check.pk, attempt=0)
    assert overtaken is not None
    assert (overtaken.status, overtaken.attempt, overtaken.verdict) == ("submitted", 1, None)
    monkeypatch.setattr(games, "verify_table", engine)
    current = sheet_check_verify(check_id=check.pk, attempt=1)
    assert current is not None
    assert (current.status, current.verdict["valid"]) == ("verified", True)


def test_a_task_redelivered_after_a_lost_worker_finishes_its_attempt() -> None:
    check = sheet_check_submit(sheet=australia_sheet())
    SheetCheck.objects.filter(pk=check.pk).update(status="verifying")  # the first worker died here
    again = sheet_check_verify(check_id=check.pk, attempt=0)
    assert again is not None
    assert again.status == "verified"
