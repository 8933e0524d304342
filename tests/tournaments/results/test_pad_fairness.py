"""The score pad is fair to the players whose seats it keeps: it never replaces a sheet a player entered
themselves, shows each player what it entered for them, and a contest blocks it until settled."""

import random

import pytest
from django.test import Client
from rest_framework.test import APIClient

from tests.tournaments.helpers import legal_seat_data, running_round
from tournaments.models import PadDraft, ScoreSheet
from tournaments.results.services.sheets import sheet_submit

pytestmark = pytest.mark.django_db


def as_user(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def table_of_four():
    _event, round_ = running_round()
    table = round_.tables.get()
    seats = list(table.seats.select_related("player__user").order_by("position"))
    return table, seats, legal_seat_data(table, random.Random(1))


def test_the_pad_never_replaces_a_sheet_a_player_entered_themselves() -> None:
    table, seats, data = table_of_four()
    sheet_submit(seat_id=seats[1].pk, data=data[1], by=seats[1].player.user)
    answer = as_user(seats[0].player.user).post(f"/api/tables/{table.pk}/sheets/", {"seats": data}, format="json")
    assert (answer.status_code, answer.json()["code"]) == (409, "own_sheet")
    assert seats[1].player.handle in answer.json()["detail"]
    assert ScoreSheet.objects.filter(seat__table=table).count() == 1  # nothing stored, nothing replaced
    others = [d for i, d in enumerate(data) if i != 1]
    ok = as_user(seats[0].player.user).post(f"/api/tables/{table.pk}/sheets/", {"seats": others}, format="json")
    assert ok.status_code in (200, 202)  # the pad submits the other seats and the table is complete
    assert ok.json()[0]["table_status"] == "pending"
    assert ScoreSheet.objects.get(seat=seats[1]).entered_by == seats[1].player.user


def test_a_player_sees_the_pads_entry_of_their_seat_and_a_contest_blocks_it() -> None:
    table, seats, data = table_of_four()
    keeper, me = seats[0].player.user, seats[2].player.user
    draft = {"seats": [{"player": d["player"], "rounds": d["rounds"][:1]} for d in data]}
    assert (
        as_user(keeper).put(f"/api/tables/{table.pk}/pad/", {"data": draft, "version": 0}, format="json").status_code
        == 200
    )
    page = Client()
    page.force_login(me)
    event_id = table.round.event_id
    shown = page.get(f"/events/{event_id}/me/").content.decode()
    assert "as " + seats[0].player.handle + " entered it" in shown
    assert " ".join(data[2]["rounds"][0]["cards"]) in shown
    page.post(f"/events/{event_id}/tables/{table.pk}/contest/", {"reason": "my second card was B"})
    assert PadDraft.objects.get(table=table).data["contests"] == {seats[2].player.handle: "my second card was B"}
    blocked = as_user(keeper).post(f"/api/tables/{table.pk}/sheets/", {"seats": data}, format="json")
    assert (blocked.status_code, blocked.json()["code"]) == (409, "contested")
    # The keeper's next save keeps the contest; the player withdraws it once the pad is right.
    again = {"data": draft, "version": PadDraft.objects.get(table=table).version}
    as_user(keeper).put(f"/api/tables/{table.pk}/pad/", again, format="json")
    assert seats[2].player.handle in PadDraft.objects.get(table=table).data["contests"]
    assert as_user(me).delete(f"/api/tables/{table.pk}/pad/contest/").status_code == 200
    done = as_user(keeper).post(f"/api/tables/{table.pk}/sheets/", {"seats": data}, format="json")
    assert done.status_code in (200, 202)


def test_two_phones_saving_one_pad_are_told_and_nothing_is_lost() -> None:
    table, seats, data = table_of_four()
    first, second = as_user(seats[0].player.user), as_user(seats[1].player.user)
    draft = {"seats": [{"player": d["player"], "rounds": d["rounds"][:1]} for d in data]}
    assert (
        first.put(f"/api/tables/{table.pk}/pad/", {"data": draft, "version": 0}, format="json").json()["version"] == 1
    )
    stale = second.put(f"/api/tables/{table.pk}/pad/", {"data": {"seats": []}, "version": 0}, format="json")
    assert (stale.status_code, stale.json()["code"]) == (409, "draft_conflict")
    assert PadDraft.objects.get(table=table).data["seats"] == draft["seats"]
    assert second.get(f"/api/tables/{table.pk}/pad/").json()["version"] == 1
    outsider = as_user(running_round()[1].tables.get().seats.first().player.user)
    assert outsider.get(f"/api/tables/{table.pk}/pad/").status_code == 403


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(("game", "players"), [("boomerang-hunt", 4), ("boomerang-flip", 2)])
def test_the_end_of_game_pad_checks_then_submits_the_table(game: str, players: int) -> None:
    """The hunt and the flip game are scored at the end: a form per seat, "check" shows the engine's points,
    "submit" stores one sheet per seat and the table is verified."""
    from tournaments.models import TableResult

    _event, round_ = running_round(game=game, players=players)
    table = round_.tables.get()
    seats = list(table.seats.select_related("player__user").order_by("position"))
    data = legal_seat_data(table, random.Random(4))
    form: dict[str, str] = {}
    for i, seat_data in enumerate(data):
        if game == "boomerang-flip":
            form[f"color-{i}"] = seat_data["color"]
            form[f"on_board-{i}"] = " ".join(map(str, seat_data["on_board"]))
            form[f"unplaced-{i}"] = " ".join(map(str, seat_data["unplaced"]))
        else:
            form[f"boomerangs-{i}"] = str(seat_data["boomerangs"])
            form.update({f"captured.{name}-{i}": str(n) for name, n in seat_data["captured"].items()})
    keeper = Client()
    keeper.force_login(seats[0].player.user)
    checked = keeper.post(f"/tables/{table.pk}/pad/", {**form, "action": "check"})
    assert checked.status_code == 200
    page = checked.content.decode()
    assert f'data-total="{seats[0].player.handle}">{checked.context["verdict"]["seats"][0]["total"]}<' in page
    assert "No problem found so far." in page
    submitted = keeper.post(f"/tables/{table.pk}/pad/", {**form, "action": "submit"})
    assert submitted.status_code == 302
    assert TableResult.objects.get(table=table).status == "verified"


def test_malformed_pad_drafts_and_contests_are_a_400_naming_the_field() -> None:
    table, seats, _data = table_of_four()
    keeper = as_user(seats[0].player.user)
    for body, field in (
        ({"data": {"rows": []}, "version": 0}, "data"),
        ({"data": {"seats": []}, "version": -1}, "version"),
        ({"data": {"seats": []}}, "version"),
    ):
        answer = keeper.put(f"/api/tables/{table.pk}/pad/", body, format="json")
        assert (answer.status_code, answer.json()["field"]) == (400, field), answer.json()
    contest = as_user(seats[1].player.user).post(
        f"/api/tables/{table.pk}/pad/contest/", {"reason": "  "}, format="json"
    )
    assert (contest.status_code, contest.json()["field"]) == (400, "reason")
    assert not PadDraft.objects.exists()
