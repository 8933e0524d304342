"""A café night in real Chromium: a player on a phone signs up, registers, checks in and finds their
table; the organiser on a laptop starts the event and the round; the TV view shows the clock; standings
and the leaderboard show the verified results."""

import random

import pytest
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.expected_conditions import alert_is_present, staleness_of
from selenium.webdriver.support.wait import WebDriverWait

from tests.browser.conftest import shot
from tests.factories import EventFactory, PlayerFactory, UserFactory
from tests.tournaments.helpers import legal_seat_data, register_and_check_in
from tournaments.models import Registration, Round, TableResult
from tournaments.results.services.sheets import table_sheets_submit

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.embedded]
PASSWORD = "a-long-test-password"


def click(driver, text: str, then: str, asks: str | None = None) -> None:
    """Click the button or link with this text and wait for the next page to show `then`; a step that cannot
    be taken back first `asks` to be confirmed (a question holding these words), and is confirmed."""
    old = driver.find_element(By.TAG_NAME, "html")
    driver.find_element(
        By.XPATH, f"//main//button[normalize-space()='{text}'] | //main//a[normalize-space()='{text}']"
    ).click()
    if asks is not None:
        question = WebDriverWait(driver, 5).until(alert_is_present())
        assert asks in question.text
        question.accept()
    wait = WebDriverWait(driver, 10, ignored_exceptions=(WebDriverException,))  # a page still loading
    wait.until(staleness_of(old))
    wait.until(lambda d: then in d.page_source)


def fill(driver, label_for: str, value: str) -> None:
    field = driver.find_element(By.ID, label_for)
    field.clear()
    field.send_keys(value)


def log_in(driver, base: str, username: str) -> None:
    driver.get(f"{base}/accounts/login/")
    fill(driver, "id_username", username)
    fill(driver, "id_password", PASSWORD)
    click(driver, "Log in", "Boomerang events")


def test_a_cafe_night_from_sign_up_to_the_leaderboard(live_server, phone, laptop) -> None:
    organiser = UserFactory(username="organiser")
    event = EventFactory(name="Thursday at the Café", organisers=[organiser], venue="Café du Port", capacity=8)
    register_and_check_in(event, [PlayerFactory() for _ in range(3)])
    base = live_server.url

    # The player, on a phone: sign up, register, check in.
    phone.get(f"{base}/events/{event.pk}/")
    assert "Café du Port" in phone.page_source
    click(phone, "sign up", "Create my account")
    fill(phone, "id_username", "zoe")
    fill(phone, "id_handle", "Zoé")
    fill(phone, "id_password", PASSWORD)
    fill(phone, "id_password_again", PASSWORD)
    click(phone, "Create my account", "Thursday at the Café")  # back to the event
    click(phone, "Register", "You are registered.")
    click(phone, "Check in", "You are checked in.")
    shot(phone, "phone-checked-in")
    assert Registration.objects.get(event=event, player__handle="Zoé").status == "checked_in"

    # The organiser, on a laptop: start the event, then round 1; the TV view shows the clock.
    log_in(laptop, base, "organiser")
    laptop.get(f"{base}/events/{event.pk}/")
    click(laptop, "Start the event (seat round 1)", "Round 1 is seated.", asks="Start the event?")
    click(laptop, "Start round 1", "Round 1 has started", asks="Start this round?")
    laptop.get(f"{base}/events/{event.pk}/tv/")
    clock = laptop.find_element(By.ID, "clock")
    assert ":" in clock.text  # the countdown, mm:ss, drawn by tv.js
    shot(laptop, "tv-view")

    # The player finds their table.
    phone.get(f"{base}/events/{event.pk}/")
    click(phone, "My table", "Table 1")
    assert "Table 1 · seat" in phone.find_element(By.CLASS_NAME, "seat-big").text
    shot(phone, "phone-my-table")

    # The table's sheets come in (the API's path) and are verified; standings and leaderboard follow.
    round_ = Round.objects.get(event=event, number=1)
    table = round_.tables.get()
    table_sheets_submit(table=table, seats=legal_seat_data(table, random.Random(5)), by=organiser)
    assert TableResult.objects.get(table=table).status == "verified"
    phone.get(f"{base}/events/{event.pk}/standings/")
    rows = phone.find_elements(By.CSS_SELECTOR, "#standings-table tbody tr")  # the luck ledger has its own table
    assert len(rows) == 4
    assert any("Zoé" in row.text for row in rows)
    shot(phone, "phone-standings")
    phone.get(f"{base}/leaderboards/boomerang-australia/")
    assert len(phone.find_elements(By.CSS_SELECTOR, "table.grid tbody tr")) == 4
    assert "provisional" in phone.page_source
    shot(phone, "phone-leaderboard")
    # Nothing on the phone page is wider than the screen but the scrollable tables.
    overflow = phone.execute_script("return document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0


def test_the_pages_in_french_on_a_phone(live_server, french_phone) -> None:
    event = EventFactory(name="Jeudi au café")
    french_phone.get(f"{live_server.url}/events/{event.pk}/")
    assert french_phone.find_element(By.TAG_NAME, "html").get_attribute("lang") == "fr"
    assert "Joueurs inscrits" in french_phone.page_source
    shot(french_phone, "phone-event-fr")
