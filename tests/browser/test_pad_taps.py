"""The score pad on a 390 x 844 phone in real Chromium: a four-player round takes 32 taps (7 cards and an
activity a player, the pad moving on by itself and saving the round), with nothing to scroll to and the
card grid never moving; a card another player holds is refused by name."""

import random
from typing import Any

import pytest
from selenium.webdriver.common.by import By

from games.simulate import legal_sheet
from tests.browser.conftest import finger_tap, script_errors, shot
from tests.browser.test_score_pad import open_pad, pick, tap, wait_for
from tests.tournaments.helpers import running_round
from tournaments.models import PadDraft

pytestmark = pytest.mark.django_db(transaction=True)
RECT = "const r = arguments[0].getBoundingClientRect(); return [r.left, r.top, r.width, r.height];"


class Thumb:
    """Taps like a thumb on a phone: only what is on the screen, never scrolling; counts every tap."""

    def __init__(self, phone) -> None:
        self.phone, self.taps = phone, 0

    def tap(self, selector: str) -> None:
        target = self.phone.find_element(By.CSS_SELECTOR, selector)
        left, top, width, height = self.phone.execute_script(RECT, target)
        viewport = self.phone.execute_script("return [window.innerWidth, window.innerHeight, window.scrollY];")
        assert viewport[2] == 0, "the page scrolled"
        assert top >= 0, f"{selector} is above the screen"
        assert top + height <= viewport[1], f"{selector} is below the screen"
        assert left + width <= viewport[0], f"{selector} is off the screen's side"
        finger_tap(self.phone, target)
        self.taps += 1


def pad_of_a_table(live_server, phone, players: int, seed: int) -> tuple[Any, list[Any], dict[str, Any]]:
    """A running table's pad open on the phone of its first seat's player, and a legal sheet to enter."""
    _event, round_ = running_round(players=players)
    table = round_.tables.get()
    seats = list(table.seats.select_related("player__user").order_by("position"))
    open_pad(phone, live_server.url, seats[0].player.user, table.pk)
    return table, seats, legal_sheet("boomerang-australia", players, random.Random(seed))


def test_a_round_of_four_takes_32_taps_without_scrolling_and_the_grid_never_moves(live_server, phone) -> None:
    table, seats, sheet = pad_of_a_table(live_server, phone, 4, 13)
    grid = phone.find_element(By.ID, "cards")
    where = phone.execute_script(RECT, grid)
    thumb = Thumb(phone)
    for seat in seats:  # the pad starts at the keeper's own seat, the first one
        row = sheet["seats"][seats.index(seat)]["rounds"][0]
        assert phone.find_element(By.CSS_SELECTOR, "#seat-tabs [aria-pressed=true]").get_attribute(
            "data-seat") == seat.player.handle  # fmt: skip
        for card in row["cards"]:
            thumb.tap(f'#cards button[data-card="{card}"]')
            assert phone.execute_script(RECT, grid) == where, "the card grid moved"
        thumb.tap(f'#choices button[data-choice="{row["scored"] or ""}"]')
        assert phone.execute_script(RECT, grid) == where, "the card grid moved"
    assert thumb.taps == 32
    wait_for(phone, lambda d: "(version 1)" in d.find_element(By.ID, "pad-status").text)
    assert PadDraft.objects.get(table=table).version == 1
    first = seats[0].player.handle
    expected = str(sum(sheet["seats"][0]["rounds"][0]["claimed"].values()))
    wait_for(
        phone, lambda d: d.find_element(By.CSS_SELECTOR, f'#seat-tabs [data-seat="{first}"] .pts').text == expected
    )
    assert phone.find_element(By.CSS_SELECTOR, "#round-tabs [aria-pressed=true]").text.endswith("2")
    shot(phone, "pad-round-entered")


def test_a_card_in_another_players_row_is_refused_by_name(live_server, phone) -> None:
    _table, seats, sheet = pad_of_a_table(live_server, phone, 2, 14)
    row = sheet["seats"][0]["rounds"][0]
    for card in row["cards"]:
        tap(phone, card)
    pick(phone, row["scored"])
    held = row["cards"][2]
    button = phone.find_element(By.CSS_SELECTOR, f'#cards button[data-card="{held}"]')
    assert "taken" in button.get_attribute("class")
    button.click()
    status = phone.find_element(By.ID, "pad-status").text
    assert held in status
    assert seats[0].player.handle in status
    assert phone.find_element(By.CSS_SELECTOR, "#row li").text == ""  # refused: the second row is still empty
    phone.find_element(By.CSS_SELECTOR, f'#cards button[data-card="{row["cards"][0]}"]')
    shot(phone, "pad-taken-card")


def test_fixing_a_rejected_table_opens_the_pad_with_the_submitted_sheets(live_server, phone) -> None:
    from tests.tournaments.helpers import legal_seat_data
    from tournaments.models import TableResult
    from tournaments.results.services.sheets import sheet_submit

    _event, round_ = running_round(players=2)
    table = round_.tables.get()
    seats = list(table.seats.select_related("player__user").order_by("position"))
    data = legal_seat_data(table, random.Random(15))
    data[0]["claimed_total"] += 3
    for seat, seat_data in zip(seats, data, strict=True):
        sheet_submit(seat_id=seat.pk, data=seat_data, by=seat.player.user)
    assert TableResult.objects.get(table=table).status == "rejected"
    open_pad(phone, live_server.url, seats[0].player.user, table.pk)
    wait_for(phone, lambda d: "submitted are loaded" in d.find_element(By.ID, "pad-status").text)
    phone.find_element(By.CSS_SELECTOR, f'#seat-tabs [data-seat="{seats[0].player.handle}"]').click()
    phone.find_element(By.CSS_SELECTOR, "#round-tabs button:nth-child(1)").click()
    slots = [li.find_element(By.TAG_NAME, "b").text for li in phone.find_elements(By.CSS_SELECTOR, "#row li")]
    assert slots == data[0]["rounds"][0]["cards"]
    assert phone.find_element(By.ID, "submit").is_displayed()  # every round is there: ready to send again
    shot(phone, "pad-fix-preloaded")


def test_a_rejected_table_opens_with_each_problem_marked_on_its_seat_round_and_card(live_server, phone) -> None:
    """A card in two rows of round 1 (the engine names the second row's player): the pad opens with that
    player's tab, round 1's tab and the card's slot marked, the problem's sentence on the tab; round 2's tab
    and the other player's tab stay clean."""
    from tests.tournaments.helpers import legal_seat_data
    from tournaments.models import TableResult
    from tournaments.results.services.sheets import sheet_submit

    _event, round_ = running_round(players=2)
    table = round_.tables.get()
    seats = list(table.seats.select_related("player__user").order_by("position"))
    data = legal_seat_data(table, random.Random(16))
    doubled = data[1]["rounds"][0]["cards"][0]
    data[0]["rounds"][0]["cards"][0] = doubled
    for seat, seat_data in zip(seats, data, strict=True):
        sheet_submit(seat_id=seat.pk, data=seat_data, by=seat.player.user)
    assert TableResult.objects.get(table=table).status == "rejected"
    open_pad(phone, live_server.url, seats[1].player.user, table.pk)
    handle = seats[1].player.handle
    tab = phone.find_element(By.CSS_SELECTOR, f'#seat-tabs [data-seat="{handle}"]')
    wait_for(phone, lambda d: "problem" in tab.get_attribute("class"))
    other = phone.find_element(By.CSS_SELECTOR, f'#seat-tabs [data-seat="{seats[0].player.handle}"]')
    assert "problem" not in other.get_attribute("class")
    tab.click()
    phone.find_element(By.CSS_SELECTOR, "#round-tabs button:nth-child(1)").click()
    round_tabs = phone.find_elements(By.CSS_SELECTOR, "#round-tabs button")
    wait_for(phone, lambda d: "problem" in round_tabs[0].get_attribute("class"))
    assert "problem" not in round_tabs[1].get_attribute("class")
    assert handle in tab.get_attribute("title")  # the sentence: "Round 1: A card appears twice ... (player)"
    first_slot = phone.find_element(By.CSS_SELECTOR, "#row li")
    assert first_slot.find_element(By.TAG_NAME, "b").text == doubled
    assert "doubled" in first_slot.get_attribute("class")
    assert script_errors(phone) == []
    shot(phone, "pad-fix-marked")


def test_fix_the_sheets_opens_the_pad_on_the_row_the_verdict_flags(live_server, phone) -> None:
    """Issue 54: "Fix the sheets" opened the pad on its first open row; it opens on the row a problem names."""
    from tests.tournaments.helpers import legal_seat_data
    from tournaments.models import TableResult
    from tournaments.results.services.sheets import sheet_submit

    _event, round_ = running_round(players=2)
    table = round_.tables.get()
    seats = list(table.seats.select_related("player__user").order_by("position"))
    data = legal_seat_data(table, random.Random(16))
    doubled = data[1]["rounds"][2]["cards"][0]
    data[0]["rounds"][2]["cards"][0] = doubled  # round 3: the engine names the second row's player
    for seat, seat_data in zip(seats, data, strict=True):
        sheet_submit(seat_id=seat.pk, data=seat_data, by=seat.player.user)
    assert TableResult.objects.get(table=table).status == "rejected"
    open_pad(phone, live_server.url, seats[0].player.user, table.pk)
    flagged = TableResult.objects.get(table=table).verdict["problems"][0]
    row = f"{flagged['player']}, round {flagged['round']}"  # the pad's own words for a row
    wait_for(phone, lambda d: d.find_element(By.ID, "row-title").text == row)  # no tap: the flagged row
    assert script_errors(phone) == []


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_player_enters_their_own_sheet_in_33_taps(live_server, phone, french_phone, language) -> None:
    """Issue 54, item 5: from "Enter my own sheet" (the pad's `?mine=1`) the pad stays on the player's seat
    round after round: 4 rows of 8 taps, then "Submit my seat only", 33 taps with nothing to scroll to (it
    took 40 when the pad moved on to the next player after each row)."""
    from tests.browser.conftest import sign_in
    from tournaments.models import ScoreSheet

    driver = phone if language == "en" else french_phone
    _event, round_ = running_round(players=4)
    table = round_.tables.get()
    seats = list(table.seats.select_related("player__user").order_by("position"))
    mine = seats[2]
    sheet = legal_sheet("boomerang-australia", 4, random.Random(21))
    sign_in(driver, live_server.url, mine.player.user)
    driver.get(f"{live_server.url}/tables/{table.pk}/")
    driver.find_element(By.CSS_SELECTOR, f'a[href="/tables/{table.pk}/pad/?mine=1"]').click()  # one page load
    wait_for(driver, lambda d: d.find_element(By.ID, "pad").get_attribute("data-ready") == "yes")
    thumb = Thumb(driver)
    for number, row in enumerate(sheet["seats"][2]["rounds"]):
        assert driver.find_element(By.CSS_SELECTOR, "#seat-tabs [aria-pressed=true]").get_attribute(
            "data-seat") == mine.player.handle, number  # fmt: skip
        for card in row["cards"]:
            thumb.tap(f'#cards button[data-card="{card}"]')
        thumb.tap(f'#choices button[data-choice="{row["scored"] or ""}"]')
    wait_for(driver, lambda d: d.find_element(By.ID, "submit-mine").is_displayed())
    driver.execute_script("window.scrollTo(0, 0);")
    driver.find_element(By.ID, "submit-mine").click()
    thumb.taps += 1
    assert thumb.taps == 33
    wait_for(driver, lambda d: ScoreSheet.objects.filter(seat=mine).exists())
    stored = ScoreSheet.objects.filter(seat=mine).latest("version").data
    assert [r["cards"] for r in stored["rounds"]] == [r["cards"] for r in sheet["seats"][2]["rounds"]]
    assert not script_errors(driver)
    shot(driver, f"pad-own-sheet-{language}")


def test_a_round_of_four_is_entered_by_keyboard_alone(live_server, phone) -> None:
    """Issue 54, item 6: a skip link reaches the cards, which are one Tab stop; the arrow keys move within the
    grid of seven a row, Enter takes a card; the choices are one stop too. A four-player round by keyboard
    alone, every key press counted (it took 1,117 Tab presses to reach the cards of a table before)."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    table, seats, sheet = pad_of_a_table(live_server, phone, 4, 17)
    keys = 0

    def press(key: str) -> None:
        nonlocal keys
        ActionChains(phone).send_keys(key).perform()
        keys += 1

    def focused(attribute: str) -> str:
        return phone.switch_to.active_element.get_attribute(attribute) or ""

    phone.execute_script("document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0);")
    while phone.switch_to.active_element.get_attribute("id") != "skip-to-cards":
        press(Keys.TAB)
        assert keys < 30, "the skip link is not among the page's first stops"
    press(Keys.ENTER)
    cards = [b.get_attribute("data-card") for b in phone.find_elements(By.CSS_SELECTOR, "#cards button")]
    choices = [b.get_attribute("data-choice") for b in phone.find_elements(By.CSS_SELECTOR, "#choices button")]
    for i, _seat in enumerate(seats):
        row = sheet["seats"][i]["rounds"][0]
        for card in row["cards"]:
            at, to = cards.index(focused("data-card")), cards.index(card)
            rows, columns = to // 7 - at // 7, to % 7 - at % 7
            for _ in range(abs(rows)):
                press(Keys.ARROW_DOWN if rows > 0 else Keys.ARROW_UP)
            for _ in range(abs(columns)):
                press(Keys.ARROW_RIGHT if columns > 0 else Keys.ARROW_LEFT)
            assert focused("data-card") == card
            press(Keys.ENTER)
        wanted = choices.index(row["scored"] or "")
        for _ in range(wanted - choices.index(focused("data-choice"))):
            press(Keys.ARROW_RIGHT)
        press(Keys.ENTER)
    wait_for(phone, lambda d: "(version 1)" in d.find_element(By.ID, "pad-status").text)
    assert PadDraft.objects.get(table=table).version == 1  # the round, entered and saved
    assert keys < 200, keys
    print(f"a four-player round by keyboard: {keys} key presses")


def test_a_whole_table_of_four_is_entered_by_keyboard_in_about_the_taps_it_takes_a_thumb(live_server, phone) -> None:
    """Issue 66, item 12: a whole table by keyboard took 637 key presses (arrows to each card). A card's
    letter takes it at once and an activity's first letter reaches it, so four rounds of four players take
    about what the pointer takes (32 taps a round, 128 a table)."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    table, seats, sheet = pad_of_a_table(live_server, phone, 4, 19)
    keys = 0

    def press(key: str) -> None:
        nonlocal keys
        ActionChains(phone).send_keys(key).perform()
        keys += 1

    phone.execute_script("document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0);")
    while phone.switch_to.active_element.get_attribute("id") != "skip-to-cards":
        press(Keys.TAB)
    press(Keys.ENTER)
    for number in range(4):
        for i in range(len(seats)):
            row = sheet["seats"][i]["rounds"][number]
            for card in row["cards"]:
                press(card)
            wanted = row["scored"] or ""
            while (phone.switch_to.active_element.get_attribute("data-choice") or "") != wanted:
                press(wanted[0])
                assert keys < 400, "the activity's letter does not reach it"
            press(Keys.ENTER)
    wait_for(phone, lambda d: "(version 4)" in d.find_element(By.ID, "pad-status").text)
    stored = PadDraft.objects.get(table=table).data["seats"]
    assert [[r["cards"] for r in s["rounds"]] for s in stored] == [
        [r["cards"] for r in s["rounds"]] for s in sheet["seats"]
    ]
    assert keys <= 160, keys
    print(f"a four-player table by keyboard: {keys} key presses")


def test_a_round_entered_while_the_last_rounds_save_is_on_its_way_is_saved_after_it(live_server, phone) -> None:
    """Two rounds entered faster than the server answers (4 s of latency on every request): the second
    round's save waits for the first's answer and carries the version it gave, instead of being refused as
    another phone's change (a keyboard-fast keeper on a loaded CI machine saw exactly that)."""
    table, seats, sheet = pad_of_a_table(live_server, phone, 2, 21)
    slow = {"offline": False, "latency": 4000, "downloadThroughput": -1, "uploadThroughput": -1}
    phone.execute_cdp_cmd("Network.enable", {})
    phone.execute_cdp_cmd("Network.emulateNetworkConditions", slow)
    thumb = Thumb(phone)
    for r in range(2):
        for i in range(len(seats)):
            row = sheet["seats"][i]["rounds"][r]
            for card in row["cards"]:
                thumb.tap(f'#cards button[data-card="{card}"]')
            thumb.tap(f'#choices button[data-choice="{row["scored"] or ""}"]')
    assert "(version" not in phone.find_element(By.ID, "pad-status").text  # round 1's save is still on its way
    wait_for(phone, lambda d: "(version 2)" in d.find_element(By.ID, "pad-status").text, 30)
    assert "Another phone" not in phone.find_element(By.ID, "pad-status").text
    assert PadDraft.objects.get(table=table).version == 2
