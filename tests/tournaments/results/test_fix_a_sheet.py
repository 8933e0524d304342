"""A rejected table is fixed in the browser: "my event" links to the pad, which opens with the sheets as
submitted (the drafting pad's configuration; the hunt's and flip's form filled in)."""

import json
import random
import re

import pytest
from django.test import Client

from tests.tournaments.helpers import legal_seat_data, running_round
from tournaments.models import TableResult
from tournaments.results.services.sheets import sheet_submit

pytestmark = pytest.mark.django_db


def rejected_table(game: str, django_capture_on_commit_callbacks):
    event, round_ = running_round(game=game, players=4 if game != "boomerang-flip" else 2)
    table = round_.tables.get()
    seats, data = list(table.seats.order_by("position")), legal_seat_data(table, random.Random(21))
    data[0]["claimed_total"] = (data[0].get("claimed_total") or 0) + 7
    for seat, seat_data in zip(seats, data, strict=True):
        with django_capture_on_commit_callbacks(execute=True):
            sheet_submit(seat_id=seat.pk, data=seat_data, by=seat.player.user)
    assert TableResult.objects.get(table=table).status == "rejected"
    return event, table, seats, data


def test_my_event_offers_to_fix_a_rejected_table_and_the_pad_starts_from_the_sheets(
    django_capture_on_commit_callbacks,
) -> None:
    event, table, seats, data = rejected_table("boomerang-australia", django_capture_on_commit_callbacks)
    client = Client()
    client.force_login(seats[0].player.user)
    page = client.get(f"/events/{event.pk}/me/").content.decode()
    assert f'id="fix-sheet" href="/tables/{table.pk}/pad/"' in page
    pad = client.get(f"/tables/{table.pk}/pad/").content.decode()
    config = json.loads(re.search(r'<script id="pad-config" type="application/json">(.*?)</script>', pad, re.S)[1])
    submitted = {seat["player"]: seat["rounds"] for seat in config["submitted"]}
    assert submitted == {seat.player.handle: d["rounds"] for seat, d in zip(seats, data, strict=True)}


@pytest.mark.parametrize("game", ["boomerang-hunt", "boomerang-flip"])
def test_the_end_of_game_pad_opens_with_the_submitted_counts(game, django_capture_on_commit_callbacks) -> None:
    _event, table, seats, data = rejected_table(game, django_capture_on_commit_callbacks)
    client = Client()
    client.force_login(seats[0].player.user)
    page = client.get(f"/tables/{table.pk}/pad/").content.decode()
    if game == "boomerang-flip":
        assert f'name="on_board-0" value="{" ".join(map(str, data[0]["on_board"]))}"' in page
    else:
        assert f'name="boomerangs-0" value="{data[0]["boomerangs"]}"' in page
