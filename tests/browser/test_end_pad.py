"""The end-of-game score pad of the hunt (Ehrhard & Lalet) and of the flip game, on a phone in real Chromium:
the keeper types each player's counts, checks the points, then submits, and the table ends verified."""

import random

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from games.simulate import legal_sheet
from tests.browser.conftest import shot
from tests.browser.test_score_pad import wait_for
from tests.tournaments.helpers import running_round
from tournaments.models import ScoreSheet, TableResult

pytestmark = pytest.mark.django_db(transaction=True)


def open_end_pad(phone, base: str, user, table_id: int) -> None:
    user.set_password("a-long-test-password")
    user.save()
    phone.get(f"{base}/accounts/login/")
    phone.find_element(By.ID, "id_username").send_keys(user.username)
    phone.find_element(By.ID, "id_password").send_keys("a-long-test-password")
    phone.find_element(By.CSS_SELECTOR, "main button[type=submit]").click()
    wait_for(phone, lambda d: "Boomerang events" in d.page_source)
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


def test_a_hunt_table_is_scored_at_the_end_on_one_phone(live_server, phone) -> None:
    _event, round_ = running_round("boomerang-hunt", players=4)
    table = round_.tables.get()
    seats = list(table.seats.select_related("player__user").order_by("position"))
    sheet = legal_sheet("boomerang-hunt", 4, random.Random(3))
    open_end_pad(phone, live_server.url, seats[0].player.user, table.pk)
    shot(phone, "hunt-pad-empty")
    assert phone.find_element(By.ID, "boomerangs-0").get_attribute("value") == ""  # nothing typed, nothing shown
    for i, entry in enumerate(sheet["seats"]):
        for species, count in entry["captured"].items():
            fill(phone, f"captured-{i}-{species}", count)
        fill(phone, f"boomerangs-{i}", entry["boomerangs"])
    totals = {seat.player.handle: entry["claimed_total"] for seat, entry in zip(seats, sheet["seats"], strict=True)}
    check_then_submit(phone, table, "hunt-pad", totals)


def test_a_flip_game_is_scored_at_the_end_on_one_phone(live_server, phone) -> None:
    _event, round_ = running_round("boomerang-flip", players=2)
    table = round_.tables.get()
    seats = list(table.seats.select_related("player__user").order_by("position"))
    sheet = legal_sheet("boomerang-flip", 2, random.Random(4))
    open_end_pad(phone, live_server.url, seats[0].player.user, table.pk)
    for i, entry in enumerate(sheet["seats"]):
        Select(phone.find_element(By.ID, f"color-{i}")).select_by_value(entry["color"])
        fill(phone, f"on_board-{i}", " ".join(map(str, entry["on_board"])))
        fill(phone, f"unplaced-{i}", " ".join(map(str, entry["unplaced"])))
    totals = {seat.player.handle: entry["claimed_total"] for seat, entry in zip(seats, sheet["seats"], strict=True)}
    check_then_submit(phone, table, "flip-pad", totals)
