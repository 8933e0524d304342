"""Issue 66, item 7: at a table of three where each player sent their own sheet, a problem of the whole table
(a card set aside in round 3 and never dealt in round 4) is seen on every player's pad and is put right in
the pages by the player whose row holds the stray card: "Clear the row", the row typed again by keyboard
(a card's letter takes it), and the seat sent again, which verifies the table."""

import copy
import random
from typing import Any

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

from games.simulate import with_claims
from tests.browser.conftest import script_errors, shot, sign_in
from tests.browser.test_score_pad import wait_for
from tests.tournaments.helpers import legal_seat_data, running_round
from tournaments.models import PadDraft, TableResult
from tournaments.results.services.sheets import sheet_submit

pytestmark = pytest.mark.django_db(transaction=True)
GAME = "boomerang-australia"


def _stray_card(seats: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], int, list[str]] | None:
    """The seats with one card of round 4 swapped for a card nobody drafted in round 4, so that a card set
    aside in round 3 is never dealt; claims made again for the changed table. Also the holder's index and
    their row as it was. None when the swap would change another seat's points (a region completed first
    moves with it), since then the holder alone could not put the table right."""
    deck = {f"{c}" for seat in seats for row in seat["rounds"] for c in row["cards"]}
    played_3 = {c for seat in seats for c in seat["rounds"][2]["cards"]}
    played_4 = {c for seat in seats for c in seat["rounds"][3]["cards"]}
    missing = sorted(c for c in deck if c not in played_3 and c in played_4)
    strangers = sorted(c for c in deck if c not in played_4)
    if not missing or not strangers:
        return None
    changed = copy.deepcopy(seats)
    holder = next(i for i, seat in enumerate(changed) if missing[0] in seat["rounds"][3]["cards"])
    row = changed[holder]["rounds"][3]
    before = list(row["cards"])
    row["cards"][row["cards"].index(missing[0])] = strangers[0]
    row["scored"] = None
    fixed = copy.deepcopy(changed)
    fixed[holder]["rounds"][3]["cards"] = before
    made = with_claims({"game": GAME, "seats": changed})["seats"]
    right = with_claims({"game": GAME, "seats": fixed})["seats"]
    others_unchanged = all(made[i]["claimed_total"] == right[i]["claimed_total"] for i in range(3) if i != holder)
    return (made, holder, before) if others_unchanged else None


def test_a_problem_of_the_whole_table_is_seen_by_every_player_and_put_right_in_the_pages(live_server, phone) -> None:
    _event, round_ = running_round(GAME, players=3)
    table = round_.tables.get()
    seats = list(table.seats.select_related("player__user").order_by("position"))
    for seed in range(40):
        found = _stray_card(legal_seat_data(table, random.Random(seed)))
        if found:
            break
    assert found, "no deal of 40 gives a stray card that only its holder's row changes"
    sent, holder, right_row = found
    for seat, data in zip(seats, sent, strict=True):
        sheet_submit(seat_id=seat.pk, data=data, by=seat.player.user)
    result = TableResult.objects.get(table=table)
    assert result.status == "rejected"
    assert [p["code"] for p in result.verdict["problems"]] == ["set_aside_not_dealt"]

    other = seats[(holder + 1) % 3]
    sign_in(phone, live_server.url, other.player.user)
    phone.get(f"{live_server.url}/tables/{table.pk}/pad/?mine=1")
    wait_for(phone, lambda d: d.find_element(By.ID, "pad").get_attribute("data-ready") == "yes")
    listed = '#problems li[data-code="set_aside_not_dealt"]'
    problem = wait_for(phone, lambda d: d.find_element(By.CSS_SELECTOR, listed))
    assert "whole table" in problem.text
    round_4 = phone.find_element(By.CSS_SELECTOR, "#round-tabs button:nth-child(4)")
    assert "problem" in round_4.get_attribute("class")
    assert round_4.get_attribute("aria-pressed") == "true"  # opened at the round the refusal names
    assert phone.find_element(By.ID, "row-title").text == f"{other.player.handle}, round 4"  # their own row
    assert not script_errors(phone)
    shot(phone, "pad-whole-table-problem")

    phone.execute_script("localStorage.clear();")  # the holder's own phone
    mine = seats[holder]
    sign_in(phone, live_server.url, mine.player.user)
    phone.get(f"{live_server.url}/tables/{table.pk}/pad/?mine=1")
    wait_for(phone, lambda d: d.find_element(By.ID, "pad").get_attribute("data-ready") == "yes")
    wait_for(phone, lambda d: d.find_element(By.ID, "row-title").text == f"{mine.player.handle}, round 4")
    phone.find_element(By.ID, "clear-row").click()
    assert [li.text for li in phone.find_elements(By.CSS_SELECTOR, "#row li")] == [""] * 7
    for card in right_row:  # the clear button leaves the focus in the cards: a card's letter takes it
        ActionChains(phone).send_keys(card).perform()
    slots = [li.find_element(By.TAG_NAME, "b").text for li in phone.find_elements(By.CSS_SELECTOR, "#row li")]
    assert slots == right_row
    phone.find_element(By.CSS_SELECTOR, '#choices button[data-choice=""]').click()
    send = phone.find_element(By.ID, "submit")
    wait_for(phone, lambda d: send.is_displayed())
    assert mine.player.handle in send.text  # their own seat only
    assert other.player.handle not in send.text
    send.click()
    wait_for(phone, lambda d: TableResult.objects.get(table=table).status == "verified", seconds=30)
    assert not PadDraft.objects.filter(table=table, version__gt=0).exists()  # nobody's row overwrote the draft
    assert not script_errors(phone)
