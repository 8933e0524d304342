"""A whole four-player Boomerang: Australia table played on one phone's score pad, in real Chromium: points
appear as cards are tapped, a card used twice is shown before submitting, and the table ends verified."""

import random

import pytest
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.wait import WebDriverWait

from games.simulate import legal_sheet
from tests.browser.conftest import finger_tap, script_errors, shot, sign_in
from tests.tournaments.helpers import running_round
from tournaments.integrations.models import IdempotentRequest
from tournaments.models import PadDraft, ScoreSheet, TableResult

pytestmark = pytest.mark.django_db(transaction=True)


def wait_for(driver, condition, seconds: float = 15):
    return WebDriverWait(driver, seconds, ignored_exceptions=(WebDriverException,)).until(condition)


def tap(driver, card: str) -> None:
    finger_tap(driver, driver.find_element(By.CSS_SELECTOR, f'#cards button[data-card="{card}"]'))


def go_to_round(driver, number: int) -> None:
    finger_tap(driver, driver.find_element(By.CSS_SELECTOR, f"#round-tabs button:nth-child({number})"))


def go_to_seat(driver, handle: str) -> None:
    finger_tap(driver, driver.find_element(By.CSS_SELECTOR, f'#seat-tabs button[data-seat="{handle}"]'))


def pick(driver, activity: str | None) -> None:
    finger_tap(driver, driver.find_element(By.CSS_SELECTOR, f'#choices button[data-choice="{activity or ""}"]'))


def open_pad(phone, base: str, user, table_id: int) -> None:
    """Log the user in on the phone and open the table's pad, ready once its draft is loaded."""
    sign_in(phone, base, user)
    phone.get(f"{base}/tables/{table_id}/pad/")
    wait_for(phone, lambda d: d.find_element(By.ID, "pad").get_attribute("data-ready") == "yes")


def show_a_card_used_twice(phone, card: str, holder: str) -> None:
    """Tap a card the first player already holds: refused at once, naming the card and who holds it."""
    tap(phone, card)
    status = phone.find_element(By.ID, "pad-status").text
    assert card in status
    assert holder in status
    assert phone.find_element(By.CSS_SELECTOR, "#row li").text == ""
    shot(phone, "pad-duplicate-card")


def test_a_table_of_four_plays_australia_on_one_phone(live_server, phone) -> None:
    _event, round_ = running_round(players=4)
    table = round_.tables.get()
    seats = list(table.seats.select_related("player__user").order_by("position"))
    keeper = seats[0].player.user
    sheet = legal_sheet("boomerang-australia", 4, random.Random(11))
    open_pad(phone, live_server.url, keeper, table.pk)

    for r in range(4):
        go_to_round(phone, r + 1)
        for index, (seat, seat_sheet) in enumerate(zip(seats, sheet["seats"], strict=True)):
            go_to_seat(phone, seat.player.handle)
            if (r, index) == (0, 1):
                show_a_card_used_twice(phone, sheet["seats"][0]["rounds"][0]["cards"][0], seats[0].player.handle)
            row = seat_sheet["rounds"][r]
            for card in row["cards"]:
                tap(phone, card)
            pick(phone, row["scored"])
        if r == 0:  # points appear: the first player's total is the engine's first round
            expected, first = str(sum(sheet["seats"][0]["rounds"][0]["claimed"].values())), seats[0].player.handle
            wait_for(phone, lambda d: d.find_element(By.CSS_SELECTOR, f'[data-total="{first}"]').text == expected)  # noqa: B023
        saved = f"(version {r + 1})"  # saved by itself once the round's last player is entered
        wait_for(phone, lambda d: saved in d.find_element(By.ID, "pad-status").text)  # noqa: B023
        assert PadDraft.objects.get(table=table).version == r + 1

    shot(phone, "pad-complete")
    submit = phone.find_element(By.ID, "submit")
    assert submit.is_enabled()
    submit.click()
    wait_for(phone, lambda d: d.find_element(By.ID, "pad").get_attribute("data-result") == "verified", 30)
    shot(phone, "pad-verified")
    assert TableResult.objects.get(table=table).status == "verified"
    assert ScoreSheet.objects.filter(seat__table=table, entered_by=keeper).count() == 4
    sent = IdempotentRequest.objects.exclude(status_code=302).get()  # the pad's sheets came with an Idempotency-Key
    assert sent.status_code == 202  # the table's sheets, stored once: verified once their transaction committed
    totals = {s["player"]: s["total"] for s in TableResult.objects.get(table=table).verdict["seats"]}
    assert totals == {seat.player.handle: s["claimed_total"] for seat, s in zip(seats, sheet["seats"], strict=True)}


def test_a_player_keeps_their_own_seat_on_their_own_phone(live_server, phone) -> None:
    _event, round_ = running_round(players=2)
    table = round_.tables.get()
    seats = list(table.seats.select_related("player__user").order_by("position"))
    me = seats[1].player.user
    sheet = legal_sheet("boomerang-australia", 2, random.Random(12))
    open_pad(phone, live_server.url, me, table.pk)
    for r, row in enumerate(sheet["seats"][1]["rounds"]):
        go_to_round(phone, r + 1)
        go_to_seat(phone, seats[1].player.handle)
        for card in row["cards"]:
            tap(phone, card)
        pick(phone, row["scored"])
    mine = phone.find_element(By.ID, "submit-mine")
    wait_for(phone, lambda d: mine.is_displayed())
    assert not phone.find_element(By.ID, "submit").is_displayed()  # the other seat is not entered: no submit shown
    mine.click()
    wait_for(phone, lambda d: "Your seat is sent" in d.find_element(By.ID, "pad-status").text)
    sheet_row = ScoreSheet.objects.get(seat=seats[1])
    assert sheet_row.entered_by == me
    assert TableResult.objects.get(table=table).status == "waiting"


def test_a_rejected_sheet_holding_a_card_not_in_the_edition_opens_with_it_marked_and_removable(
    live_server, phone
) -> None:
    from tests.tournaments.helpers import legal_seat_data
    from tournaments.results.services.sheets import sheet_submit

    event, round_ = running_round("boomerang-australia", players=4)
    table = round_.tables.get()
    organiser = event.organisers.get()
    seats = list(table.seats.select_related("player__user").order_by("position"))
    data = legal_seat_data(table, random.Random(8))
    data[0]["rounds"][0]["cards"][2] = "ZZ"  # not a card of Boomerang: Australia
    for seat, seat_data in zip(seats, data, strict=True):
        sheet_submit(seat_id=seat.pk, data=seat_data, by=organiser)
    assert TableResult.objects.get(table=table).status == "rejected"
    open_pad(phone, live_server.url, organiser, table.pk)
    go_to_seat(phone, seats[0].player.handle)
    go_to_round(phone, 1)
    unknown = wait_for(phone, lambda d: d.find_elements(By.CSS_SELECTOR, "#row li.unknown"))
    assert unknown[0].text.startswith("ZZ")
    shot(phone, "pad-unknown-card")
    assert script_errors(phone) == []
    unknown[0].click()
    wait_for(phone, lambda d: not d.execute_script("return document.querySelector('#row li.unknown')"))
    row = [li.text for li in phone.find_elements(By.CSS_SELECTOR, "#row li.filled")]
    assert not any(text.startswith("ZZ") for text in row)
    assert len(row) == 6  # the six cards of the edition stay; a seventh is to be tapped


def test_a_player_fixes_their_own_seat_of_a_rejected_table_from_the_pad(live_server, phone) -> None:
    """Each player entered their own sheet and one claimed a wrong total: the table is rejected. That player
    opens the pad (the rows as submitted), submits the seat they may write, and the table is checked again."""
    from tests.tournaments.helpers import legal_seat_data
    from tournaments.results.services.sheets import sheet_submit

    _event, round_ = running_round("boomerang-australia", players=4)
    table = round_.tables.get()
    seats = list(table.seats.select_related("player__user").order_by("position"))
    data = legal_seat_data(table, random.Random(9))
    data[1]["claimed_total"] = data[1].get("claimed_total", 0) + 3  # an addition slip
    for seat, seat_data in zip(seats, data, strict=True):
        sheet_submit(seat_id=seat.pk, data=seat_data, by=seat.player.user)
    assert TableResult.objects.get(table=table).status == "rejected"
    fixer = seats[1].player
    open_pad(phone, live_server.url, fixer.user, table.pk)
    submit = wait_for(
        phone, lambda d: d.find_element(By.ID, "submit") if d.find_element(By.ID, "submit").is_displayed() else None
    )
    assert fixer.handle in submit.text
    assert seats[0].player.handle not in submit.text  # the others' own word stands
    submit.click()
    wait_for(phone, lambda d: TableResult.objects.get(table=table).status == "verified", 30)
    newest = {
        s.seat_id: (s.version, s.entered_by_id)
        for s in ScoreSheet.objects.filter(seat__table=table).order_by("version")
    }
    assert newest[seats[1].pk] == (2, fixer.user_id)
    assert all(newest[s.pk] == (1, s.player.user_id) for s in seats if s != seats[1])
    assert script_errors(phone) == []


def test_fix_the_sheets_opens_on_the_flagged_row_when_a_keeper_used_the_pad(live_server, phone) -> None:
    """Issue 66, item 6: with the pad's draft saved by a keeper (version above 0), the pad opened on the
    keeper's last row, not on the one the refusal flags."""
    from tests.tournaments.helpers import legal_seat_data
    from tournaments.results.services.pad import pad_draft_save
    from tournaments.results.services.sheets import table_sheets_submit

    event, round_ = running_round("boomerang-australia", players=4)
    table = round_.tables.get()
    organiser = event.organisers.get()
    seats = list(table.seats.select_related("player").order_by("position"))
    data = legal_seat_data(table, random.Random(9))
    data[2]["rounds"][2]["claimed"]["throw_catch"] += 1  # the third player's third round claims a wrong score
    pad_draft_save(table=table, data={"seats": data}, version=0, by=organiser)  # the keeper's pad, version 1
    table_sheets_submit(table=table, seats=data, by=organiser)
    assert TableResult.objects.get(table=table).status == "rejected"
    open_pad(phone, live_server.url, organiser, table.pk)
    flagged = f'#seat-tabs button[data-seat="{seats[2].player.handle}"]'
    wait_for(phone, lambda d: d.find_element(By.CSS_SELECTOR, flagged).get_attribute("aria-pressed") == "true")
    pressed = phone.find_element(By.CSS_SELECTOR, "#round-tabs button[aria-pressed=true]")
    assert pressed.text.strip().endswith("3")
    assert script_errors(phone) == []
