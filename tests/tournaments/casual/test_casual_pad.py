"""Recording a casual game from the pages (issue 70, item 4): the game and its players in seating order, then the
score pad, the card pad of a drafting game (kept on the phone, recorded through the API) or the end-of-game form
of the others; refusals name the field; the recorded table waits for the other players as the API's does."""

import json
import random
import re

import pytest
from django.test import Client

import games
from games.simulate import legal_sheet
from tests.factories import PlayerFactory
from tournaments.casual.models import CasualTable

pytestmark = pytest.mark.django_db

NEW = "/accounts/casual-games/new/"


def signed_in(player, language: str = "en") -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(player.user)
    return client


def test_the_form_offers_every_game_with_my_handle_first_and_names_what_it_refuses() -> None:
    ann, bob = PlayerFactory(), PlayerFactory()
    page = signed_in(ann, "fr").get(NEW)
    assert page.status_code == 200
    text = page.content.decode()
    assert "Enregistrer une partie libre" in text
    assert f">{ann.handle}</textarea>" in text
    assert all(f'value="{game}"' in text for game in games.GAMES)
    refused = signed_in(ann).get(NEW, {"game": "boomerang-australia", "players": f"{ann.handle}, nobody-here"})
    assert refused.status_code == 400
    body = refused.content.decode()
    assert "no player has the handle &#x27;nobody-here&#x27;" in body
    assert re.search(r'<textarea id="record-players"[^>]*aria-invalid="true"', body)
    alone = signed_in(ann).get(NEW, {"game": "boomerang-australia", "players": bob.handle})
    assert "played by 2 to 4 players, not 1" in alone.content.decode()
    without_me = signed_in(ann).get(NEW, {"game": "boomerang-australia", "players": f"{bob.handle}\n{bob.handle}x"})
    assert without_me.status_code == 400


def test_a_drafting_game_opens_the_card_pad_for_a_casual_table_recorded_through_the_api() -> None:
    ann, bob, cat = PlayerFactory(), PlayerFactory(), PlayerFactory()
    players = f"{bob.handle}, {ann.handle}\n{cat.handle}"
    page = signed_in(ann, "de").get(NEW, {"game": "boomerang-europe", "players": players})
    assert page.status_code == 200
    config = json.loads(re.search(r'<script id="pad-config" type="application/json">(.*?)</script>',
                                  page.content.decode(), re.S).group(1))  # fmt: skip
    assert [seat["handle"] for seat in config["seats"]] == [bob.handle, ann.handle, cat.handle]  # seating order
    assert [seat["mine"] for seat in config["seats"]] == [False, True, False]
    assert config["urls"]["sheets"] == "/api/casual-tables/"
    assert config["urls"]["pad"] is None  # no draft on the server: the phone keeps the rounds
    assert config["casual"]["done"] == "/accounts/casual-games/"
    assert config["game"] == "boomerang-europe"
    assert len(config["cards"]) == len(games.GAMES["boomerang-europe"].default_edition().cards)
    assert "Punkteblock, eine Freizeitpartie" in page.content.decode()
    # what the pad sends on "Submit" is what the API records
    sheet = legal_sheet("boomerang-europe", 3, random.Random(5))
    for seat, handle in zip(sheet["seats"], [bob.handle, ann.handle, cat.handle], strict=True):
        seat["player"] = handle
    sent = signed_in(ann).post("/api/casual-tables/", {"sheet": {"game": "boomerang-europe", "seats": sheet["seats"]}},
                               content_type="application/json")  # fmt: skip
    assert sent.status_code == 201, sent.content


def test_a_game_scored_at_the_end_is_checked_then_recorded_from_its_form() -> None:
    ann, bob = PlayerFactory(), PlayerFactory()
    game = "boomerang-flip"
    query = f"?game={game}&players={ann.handle},{bob.handle}"
    form = signed_in(ann, "es").get(NEW + query)
    assert form.status_code == 200
    assert f"<strong>{bob.handle}</strong>" in form.content.decode()
    description = games.GAMES[game].end_pad
    sheet = legal_sheet(game, 2, random.Random(2))
    typed = {f"{key}-{i}": value for i, seat in enumerate(sheet["seats"])
             for key, value in description.from_seat(seat).items()}  # fmt: skip
    checked = signed_in(ann).post(NEW + query, typed | {"action": "check"})
    assert checked.status_code == 200
    assert f'data-total="{bob.handle}"' in checked.content.decode()
    assert not CasualTable.objects.exists()
    recorded = signed_in(ann).post(NEW + query, typed | {"action": "submit"})
    assert recorded.status_code == 302
    assert recorded["Location"] == "/accounts/casual-games/"
    table = CasualTable.objects.get()
    assert table.game == game
    assert [seat.player for seat in table.seats.order_by("number")] == [ann, bob]
    assert [bool(seat.confirmed_at) for seat in table.seats.order_by("number")] == [True, False]


def test_a_refused_casual_table_opens_on_its_pad_as_sent_and_is_corrected_from_it(
    django_capture_on_commit_callbacks,
) -> None:
    """A sheet the rules refuse goes back to its players: "Correct it on the score pad" opens the pad with the
    sheet as it was sent, at the row the refusal names, and sending it corrects the same table."""
    from tournaments.casual.services import casual_table_record

    ann, bob = PlayerFactory(), PlayerFactory()
    sheet = legal_sheet("boomerang-australia", 2, random.Random(9))
    for seat, player in zip(sheet["seats"], [ann, bob], strict=True):
        seat["player"] = player.handle
    sheet["seats"][1]["rounds"][2]["cards"][0] = sheet["seats"][0]["rounds"][2]["cards"][0]  # a card twice
    with django_capture_on_commit_callbacks(execute=True):
        table = casual_table_record(sheet={"game": "boomerang-australia", **sheet}, recorded_by=ann.user)
    table.refresh_from_db()
    assert table.status == CasualTable.Status.REJECTED
    refused_attempt = table.attempt
    mine = signed_in(bob, "fr").get("/accounts/casual-games/").content.decode()
    assert f'href="/accounts/casual-games/{table.pk}/correct/"' in mine
    assert "La corriger sur la feuille de table" in mine
    page = signed_in(bob).get(f"/accounts/casual-games/{table.pk}/correct/")
    config = json.loads(re.search(r'<script id="pad-config" type="application/json">(.*?)</script>',
                                  page.content.decode(), re.S).group(1))  # fmt: skip
    assert config["urls"]["sheets"] == f"/api/casual-tables/{table.pk}/correct/"
    assert [seat["player"] for seat in config["submitted"]] == [ann.handle, bob.handle]
    assert config["flagged"]["round"] == 3
    assert signed_in(PlayerFactory()).get(f"/accounts/casual-games/{table.pk}/correct/").status_code == 404
    fixed = legal_sheet("boomerang-australia", 2, random.Random(10))
    for seat, player in zip(fixed["seats"], [ann, bob], strict=True):
        seat["player"] = player.handle
    with django_capture_on_commit_callbacks(execute=True):
        sent = signed_in(bob).post(config["urls"]["sheets"], {"sheet": {"game": "boomerang-australia", **fixed}},
                                   content_type="application/json")  # fmt: skip
    assert sent.status_code == 200, sent.content
    table.refresh_from_db()
    assert (table.status, table.attempt) == (CasualTable.Status.CONFIRMING, refused_attempt + 1)
    assert signed_in(bob).get(f"/accounts/casual-games/{table.pk}/correct/").status_code == 302  # not refused now
