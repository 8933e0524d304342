"""Casual rated games on a phone (issue 70, item 4): the last player at a café table confirms it by tapping,
in each of the four languages, with axe-core finding no serious violation and nothing wider than the phone;
the table then leads the game's casual list."""

import json
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By

from tests.browser.conftest import PHONE, shot, sign_in
from tests.browser.test_accessibility import axe_violations
from tests.browser.test_score_pad import wait_for
from tests.factories import PlayerFactory
from tournaments.casual.models import CasualTable
from tournaments.casual.services import casual_table_confirm, casual_table_record, casual_table_verify

pytestmark = pytest.mark.django_db(transaction=True)
SHEET = Path(__file__).resolve().parents[2] / "examples" / "sheets" / "boomerang-hunt.json"
CONFIRM = {"en": "Confirm: I played this", "fr": "Confirmer : j’ai joué cette partie",
           "de": "Bestätigen: So habe ich gespielt", "es": "Confirmar: jugué esta partida"}  # fmt: skip


@pytest.mark.parametrize("language", ["en", "fr", "de", "es"])
def test_the_last_player_confirms_a_cafe_table_on_a_phone(live_server, browser_of, language: str) -> None:
    sheet = json.loads(SHEET.read_text())
    players = [
        PlayerFactory(handle=seat["player"], user__username=f"{language}-{seat['player']}") for seat in sheet["seats"]
    ]
    table = casual_table_record(sheet=sheet, recorded_by=players[0].user)
    casual_table_verify(table_id=table.pk, attempt=table.attempt)  # the worker's part
    for player in players[1:-1]:
        casual_table_confirm(table_id=table.pk, by=player.user)
    phone = browser_of(PHONE, language)
    sign_in(phone, live_server.url, players[-1].user)
    phone.get(f"{live_server.url}/accounts/casual-games/")
    assert phone.find_element(By.TAG_NAME, "html").get_attribute("lang") == language
    shot(phone, f"casual-games-{language}")
    assert phone.execute_script("return document.documentElement.scrollWidth") <= PHONE[0]
    assert axe_violations(phone) == []
    shot(phone, f"casual-games-{language}")
    confirm = phone.find_element(By.CSS_SELECTOR, "button[value=confirm]")
    assert confirm.text == CONFIRM[language]
    assert confirm.size["height"] >= 44  # a thumb's target
    confirm.click()
    wait_for(phone, lambda d: d.find_element(By.CSS_SELECTOR, "[data-status]").get_attribute("data-status") == "rated")
    assert CasualTable.objects.get(pk=table.pk).status == "rated"
    phone.get(f"{live_server.url}/leaderboards/boomerang-hunt/casual/")
    assert axe_violations(phone) == []
    assert phone.find_elements(By.CSS_SELECTOR, "table.grid tbody tr")


def test_a_casual_table_is_entered_on_the_card_pad_and_recorded_on_a_phone(live_server, browser_of) -> None:
    """The whole way from the pages (issue 70, item 4): the form names the game and the players in seating
    order, the card pad keeps the rounds on the phone (no event, no draft on the server), "Submit" records the
    table through the API with the recorder's seat confirmed, and the phone lands on the player's casual games."""
    import random

    from games.simulate import legal_sheet
    from tests.browser.test_score_pad import go_to_round, go_to_seat, pick, tap

    ann, bob = PlayerFactory(), PlayerFactory()
    sheet = legal_sheet("boomerang-australia", 2, random.Random(21))
    phone = browser_of(PHONE, "fr")
    sign_in(phone, live_server.url, ann.user)
    phone.get(f"{live_server.url}/accounts/casual-games/")
    phone.find_element(By.CSS_SELECTOR, "a[href='/accounts/casual-games/new/']").click()
    phone.find_element(By.ID, "record-players").send_keys(f"\n{bob.handle}")
    phone.find_element(By.CSS_SELECTOR, "#record-game option[value='boomerang-australia']").click()
    assert axe_violations(phone) == []
    shot(phone, "casual-record-form-fr")
    phone.find_element(By.CSS_SELECTOR, "#record-form button[type='submit']").click()
    wait_for(phone, lambda d: d.find_element(By.ID, "pad").get_attribute("data-ready") == "yes")
    for r in range(4):
        go_to_round(phone, r + 1)
        for handle, seat in zip([ann.handle, bob.handle], sheet["seats"], strict=True):
            go_to_seat(phone, handle)
            for card in seat["rounds"][r]["cards"]:
                tap(phone, card)
            pick(phone, seat["rounds"][r]["scored"])
        wait_for(phone, lambda d: "Manche gardée sur ce téléphone" in d.find_element(By.ID, "pad-status").text)
    shot(phone, "casual-pad-fr")
    assert phone.execute_script("return document.documentElement.scrollWidth") <= PHONE[0]
    assert axe_violations(phone) == []
    submit = phone.find_element(By.ID, "submit")
    wait_for(phone, lambda d: submit.is_displayed())
    submit.click()
    wait_for(phone, lambda d: d.current_url.endswith("/accounts/casual-games/"), 20)
    table = CasualTable.objects.get()
    assert table.game == "boomerang-australia"
    assert [(seat.player, bool(seat.confirmed_at)) for seat in table.seats.order_by("number")] == [
        (ann, True), (bob, False)
    ]  # fmt: skip
    assert [seat["player"] for seat in table.sheet["seats"]] == [ann.handle, bob.handle]


def test_a_refused_casual_table_is_corrected_on_its_pad_on_a_phone(live_server, browser_of, settings) -> None:
    """The pad opens a refused casual table with its sheet as sent (the rows the rules refused among them);
    a player sends it again from there, and it waits for the others' confirmations anew."""
    import random

    from games.simulate import legal_sheet
    from tests.browser.test_score_pad import go_to_round, go_to_seat, pick, tap

    ann, bob = PlayerFactory(), PlayerFactory()
    sheet = legal_sheet("boomerang-australia", 2, random.Random(31))
    for seat, player in zip(sheet["seats"], [ann, bob], strict=True):
        seat["player"] = player.handle
    twice = sheet["seats"][0]["rounds"][1]["cards"][6]
    right = sheet["seats"][1]["rounds"][1]["cards"][6]
    sheet["seats"][1]["rounds"][1]["cards"][6] = twice  # bob's last card of round 2 is ann's too
    table = casual_table_record(sheet={**sheet, "game": "boomerang-australia"}, recorded_by=ann.user)
    casual_table_verify(table_id=table.pk, attempt=table.attempt)
    table.refresh_from_db()
    assert table.status == CasualTable.Status.REJECTED
    phone = browser_of(PHONE, "de")
    sign_in(phone, live_server.url, bob.user)
    phone.get(f"{live_server.url}/accounts/casual-games/")
    phone.find_element(By.CSS_SELECTOR, f"a[href='/accounts/casual-games/{table.pk}/correct/']").click()
    wait_for(phone, lambda d: d.find_element(By.ID, "pad").get_attribute("data-ready") == "yes")
    go_to_round(phone, 2)
    go_to_seat(phone, bob.handle)
    rows = phone.find_elements(By.CSS_SELECTOR, "#row li")
    assert rows[6].text.startswith(twice)  # as it was sent
    rows[6].click()  # taken back
    tap(phone, right)
    pick(phone, sheet["seats"][1]["rounds"][1]["scored"])  # the row's activity, tapped again once it is whole
    assert axe_violations(phone) == []
    shot(phone, "casual-correction-pad-de")
    submit = phone.find_element(By.ID, "submit")
    wait_for(phone, lambda d: submit.is_displayed())
    submit.click()
    wait_for(phone, lambda d: d.current_url.endswith("/accounts/casual-games/"), 20)
    table.refresh_from_db()
    assert table.status == CasualTable.Status.CONFIRMING
    assert table.sheet["seats"][1]["rounds"][1]["cards"][6] == right
