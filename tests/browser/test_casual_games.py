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
