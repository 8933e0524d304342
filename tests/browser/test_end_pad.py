"""The end-of-game score pad of the hunt (Ehrhard & Lalet) and of the flip game, on a phone in real Chromium:
the keeper types each player's counts, checks the points, then submits, and the table ends verified."""

import random

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from games.simulate import legal_sheet
from tests.browser.conftest import shot, sign_in
from tests.browser.test_score_pad import wait_for
from tests.tournaments.helpers import running_round
from tournaments.models import ScoreSheet, TableResult

pytestmark = pytest.mark.django_db(transaction=True)


def open_end_pad(phone, base: str, user, table_id: int) -> None:
    sign_in(phone, base, user)
    phone.get(f"{base}/tables/{table_id}/pad/")
    wait_for(phone, lambda d: d.find_elements(By.CSS_SELECTOR, "form.pad-form"))


def fill(phone, field_id: str, value: object) -> None:
    box = phone.find_element(By.ID, field_id)
    box.clear()
    box.send_keys(str(value))


def check_then_submit(phone, table, name: str, expected_totals: dict[str, int]) -> None:
    phone.find_element(By.CSS_SELECTOR, 'button[value="check"]').click()
    wait_for(phone, lambda d: d.find_elements(By.CSS_SELECTOR, "td[data-total]"))
    shown = {
        cell.get_attribute("data-total"): int(cell.text)
        for cell in phone.find_elements(By.CSS_SELECTOR, "td[data-total]")
    }
    assert shown == expected_totals
    assert phone.current_url.endswith("#points")  # the points are what the keeper sees after checking
    shot(phone, f"{name}-checked")
    phone.find_element(By.CSS_SELECTOR, 'button[value="submit"]').click()
    wait_for(phone, lambda d: f"/tables/{table.pk}/" in d.current_url and "pad" not in d.current_url)
    wait_for(phone, lambda d: TableResult.objects.get(table=table).status == "verified")
    assert ScoreSheet.objects.filter(seat__table=table).count() == table.seats.count()


def a_table_opened_on_the_pad(phone, base: str, game: str, players: int, seed: int):
    """A running one-table round of the game, its pad open on the first player's phone, and a legal sheet."""
    _event, round_ = running_round(game, players=players)
    table = round_.tables.get()
    seats = list(table.seats.select_related("player__user").order_by("position"))
    open_end_pad(phone, base, seats[0].player.user, table.pk)
    sheet = legal_sheet(game, players, random.Random(seed))
    totals = {seat.player.handle: entry["claimed_total"] for seat, entry in zip(seats, sheet["seats"], strict=True)}
    return table, sheet["seats"], totals


def test_a_hunt_table_is_scored_at_the_end_on_one_phone(live_server, phone) -> None:
    table, entries, totals = a_table_opened_on_the_pad(phone, live_server.url, "boomerang-hunt", 4, seed=3)
    shot(phone, "hunt-pad-empty")
    assert phone.find_element(By.ID, "boomerangs-0").get_attribute("value") == ""  # nothing typed, nothing shown
    for i, entry in enumerate(entries):
        for species, count in entry["captured"].items():
            fill(phone, f"captured.{species}-{i}", count)
        fill(phone, f"boomerangs-{i}", entry["boomerangs"])
    check_then_submit(phone, table, "hunt-pad", totals)


def test_a_flip_game_is_scored_at_the_end_on_one_phone(live_server, phone) -> None:
    table, entries, totals = a_table_opened_on_the_pad(phone, live_server.url, "boomerang-flip", 2, seed=4)
    for i, entry in enumerate(entries):
        Select(phone.find_element(By.ID, f"color-{i}")).select_by_value(entry["color"])
        fill(phone, f"on_board-{i}", " ".join(map(str, entry["on_board"])))
        fill(phone, f"unplaced-{i}", " ".join(map(str, entry["unplaced"])))
    check_then_submit(phone, table, "flip-pad", totals)


def test_the_hunts_counts_step_and_the_boomerangs_are_checked_as_they_change(live_server, french_phone) -> None:
    """Issue 54, item 5: the species by name in the page's language, counts by steppers, and the boomerang
    total checked as it changes, with the numbers: "12 boomerangs par joueur : 48 à cette table, 11 saisis"."""
    table, entries, _totals = a_table_opened_on_the_pad(french_phone, live_server.url, "boomerang-hunt", 4, seed=5)
    page = french_phone.page_source
    assert "Poisson" in page  # the practice species, in French
    status = french_phone.find_element(By.CSS_SELECTOR, "[data-sum-status=boomerangs]")
    assert status.text == ""  # nothing typed, nothing said
    plus = french_phone.find_elements(By.CSS_SELECTOR, "#boomerangs-0 ~ button.stepper")[0]
    for _ in range(11):
        plus.click()  # eleven taps, no typing
    assert french_phone.find_element(By.ID, "boomerangs-0").get_attribute("value") == "11"
    assert status.text == "12 boomerangs par joueur : 48 à cette table, 11 saisis."
    assert "bad" in status.get_attribute("class")
    for i, entry in enumerate(entries):
        fill(french_phone, f"boomerangs-{i}", entry["boomerangs"])
    assert status.text == "12 boomerangs par joueur : 48 à cette table, 48 saisis."
    assert "bad" not in status.get_attribute("class")
    fill(french_phone, "boomerangs-3", entries[3]["boomerangs"] - 2)
    french_phone.find_element(By.CSS_SELECTOR, 'button[value="check"]').click()
    wait_for(french_phone, lambda d: d.find_elements(By.CSS_SELECTOR, "ul.problems li"))
    problems = french_phone.find_element(By.CSS_SELECTOR, "ul.problems").text
    assert "12 boomerangs par joueur : 48 à cette table, 46 saisis." in problems  # the refusal gives the numbers
    shot(french_phone, "hunt-pad-steppers-fr")
    assert table.pk


def test_the_flip_games_pieces_are_entered_by_tapping_them(live_server, phone) -> None:
    """Issue 54, item 5: each piece's value is a button; a tap adds it, another takes the last back; the table
    entered by taps alone is verified."""
    table, entries, totals = a_table_opened_on_the_pad(phone, live_server.url, "boomerang-flip", 2, seed=6)
    taps = 0
    for i, entry in enumerate(entries):
        Select(phone.find_element(By.ID, f"color-{i}")).select_by_value(entry["color"])
        for box in ("on_board", "unplaced"):
            group = phone.find_element(By.ID, f"{box}-{i}").find_element(
                By.XPATH, "./ancestor::label/following-sibling::div[1]"
            )
            for value in entry[box]:
                group.find_element(By.XPATH, f"./button[text()='{value}']").click()
                taps += 1
            assert phone.find_element(By.ID, f"{box}-{i}").get_attribute("value") == " ".join(map(str, entry[box]))
    assert taps == sum(len(entry[box]) for entry in entries for box in ("on_board", "unplaced"))
    first = phone.find_element(By.ID, "unplaced-0").find_element(
        By.XPATH, "./ancestor::label/following-sibling::div[1]"
    )
    first.find_elements(By.TAG_NAME, "button")[0].click()
    first.find_elements(By.TAG_NAME, "button")[-1].click()  # took back: as it was
    assert phone.find_element(By.ID, "unplaced-0").get_attribute("value") == " ".join(map(str, entries[0]["unplaced"]))
    check_then_submit(phone, table, "flip-pad-taps", totals)
