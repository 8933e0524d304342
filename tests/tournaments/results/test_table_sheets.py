"""The table's score pad: several seats' sheets in one request, all stored or none."""

import random

import pytest
from rest_framework.test import APIClient

from tests.factories import EventFactory, PlayerFactory
from tests.tournaments.helpers import legal_seat_data, register_and_check_in
from tournaments.models import ScoreSheet, TableResult
from tournaments.services.rounds import event_start, round_start

pytestmark = pytest.mark.django_db


@pytest.fixture
def table():
    event = EventFactory()
    register_and_check_in(event, [PlayerFactory() for _ in range(4)])
    round_ = event_start(event=event, by=event.organisers.get())
    round_start(round_=round_, by=event.organisers.get())
    return round_.tables.get()


def client_for(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def post_pad(table, user, seats):
    return client_for(user).post(f"/api/tables/{table.pk}/sheets/", {"seats": seats}, format="json")


def test_a_player_at_the_table_submits_the_whole_pad_and_the_table_is_verified(
    table, django_capture_on_commit_callbacks
) -> None:
    keeper = table.seats.order_by("position").first().player.user
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        answer = post_pad(table, keeper, legal_seat_data(table, random.Random(3)))
    assert answer.status_code == 202, answer.data
    assert [sheet["version"] for sheet in answer.data] == [1, 1, 1, 1]
    assert len(callbacks) >= 1  # verification queued once the pad completed the table
    result = TableResult.objects.get(table=table)
    assert result.status == TableResult.Status.VERIFIED
    assert set(ScoreSheet.objects.filter(seat__table=table).values_list("entered_by", flat=True)) == {keeper.pk}


def test_a_pad_of_some_seats_waits_for_the_others_and_a_resubmission_is_a_new_version(table) -> None:
    seats = legal_seat_data(table, random.Random(4))
    keeper = table.seats.order_by("position").first().player.user
    assert post_pad(table, keeper, seats[:2]).status_code == 202
    assert TableResult.objects.get(table=table).status == TableResult.Status.WAITING
    answer = post_pad(table, keeper, seats[1:3])
    assert [sheet["version"] for sheet in answer.data] == [2, 1]
    statuses = dict(ScoreSheet.objects.filter(seat__table=table, version=1).values_list("seat__position", "status"))
    assert statuses[table.seats.get(player__handle=seats[1]["player"]).position] == ScoreSheet.Status.SUPERSEDED


@pytest.mark.parametrize(
    ("change", "status", "code", "field"),
    [
        (lambda seats: [*seats, seats[0]], 400, "duplicate_seat", "seats[4].player"),
        (lambda seats: [{**seats[0], "player": "nobody"}], 400, "wrong_player", "seats[0].player"),
        (lambda seats: [seats[0], {**seats[1], "rounds": "four"}], 400, "malformed_sheet", "seats[1].rounds"),
        (lambda seats: [], 400, "malformed_sheet", "seats"),
        (lambda seats: "not a list", 400, "malformed_sheet", "seats"),
        (lambda seats: [seats[0], "a string"], 400, "malformed_sheet", "seats[1]"),
    ],
)
def test_a_bad_pad_is_refused_naming_the_field_and_nothing_is_stored(table, change, status, code, field) -> None:
    keeper = table.seats.first().player.user
    answer = post_pad(table, keeper, change(legal_seat_data(table, random.Random(5))))
    assert (answer.status_code, answer.data["code"], answer.data["field"]) == (status, code, field)
    assert not ScoreSheet.objects.filter(seat__table=table).exists()


def test_a_player_from_another_table_cannot_submit_the_pad(table) -> None:
    stranger = PlayerFactory().user
    answer = post_pad(table, stranger, legal_seat_data(table, random.Random(6)))
    assert (answer.status_code, answer.data["code"]) == (403, "not_at_table")
    assert not ScoreSheet.objects.filter(seat__table=table).exists()


def test_an_organiser_submits_the_pad(table) -> None:
    organiser = table.round.event.organisers.get()
    answer = post_pad(table, organiser, legal_seat_data(table, random.Random(7)))
    assert answer.status_code == 202, answer.data
    assert TableResult.objects.get(table=table).attempt == 1


@pytest.mark.django_db(transaction=True)
def test_a_pad_answers_with_the_tables_verdict_when_it_is_already_known() -> None:
    """Tasks in-process: the table is verified before the answer, which says so (200, not 202 'submitted')."""
    from tests.tournaments.helpers import running_round

    event, round_ = running_round()
    table = round_.tables.get()
    seats = legal_seat_data(table, random.Random(9))
    client = APIClient()
    client.force_authenticate(event.organisers.get())
    first = client.post(f"/api/tables/{table.pk}/sheets/", {"seats": seats[:2]}, format="json")
    assert first.status_code == 202
    assert {row["table_status"] for row in first.json()} == {"waiting"}
    last = client.post(f"/api/tables/{table.pk}/sheets/", {"seats": seats[2:]}, format="json")
    assert last.status_code == 200
    assert {(row["table_status"], row["status"]) for row in last.json()} == {("verified", "verified")}
