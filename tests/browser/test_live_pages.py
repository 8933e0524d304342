"""Live pages in real Chromium on a phone: the TV and "my event" see round 2 seated within 2 s of the
organiser seating it, without a reload (a mark left on the page's window survives), in English and French;
my event says where the player sits, in words."""

import random
import time

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.wait import WebDriverWait

from tests.browser.conftest import script_errors, shot, sign_in
from tests.factories import EventFactory, PlayerFactory
from tests.tournaments.helpers import play_round, register_and_check_in
from tournaments.codes import tv_code
from tournaments.services.rounds import event_start, round_seat_next, round_start

pytestmark = pytest.mark.django_db(transaction=True)


def event_after_round_one(on_commit):
    event = EventFactory(game="boomerang-australia", rounds_planned=2)
    players = [PlayerFactory() for _ in range(4)]
    register_and_check_in(event, players)
    organiser = event.organisers.get()
    round_one = event_start(event=event, by=organiser)
    play_round(round_one, organiser, random.Random(5), on_commit)
    return event, players, organiser


def seen_within(driver, text: str, seconds: float) -> float:
    """Seconds until the page's main part shows `text` (failing after `seconds`)."""
    began = time.monotonic()
    WebDriverWait(driver, seconds, poll_frequency=0.05).until(lambda d: text in d.find_element(By.ID, "main").text)
    return time.monotonic() - began


def test_the_tv_and_my_event_see_round_two_seated_without_a_reload(
    live_server, phone, laptop, django_capture_on_commit_callbacks
) -> None:
    event, players, organiser = event_after_round_one(django_capture_on_commit_callbacks)
    ann = players[0]
    laptop.get(f"{live_server.url}/events/{event.pk}/tv/{tv_code(event)}/")
    sign_in(phone, live_server.url, ann.user)
    phone.get(f"{live_server.url}/events/{event.pk}/me/")
    for driver in (laptop, phone):
        driver.execute_script("window.keptMark = 'no reload'")
    time.sleep(1)  # the pages' streams are open
    with django_capture_on_commit_callbacks(execute=True):
        round_two = round_seat_next(event=event, by=organiser)
    seat = ann.seats.get(table__round=round_two)
    said = f"Round 2 is seated: table {seat.table.number}, seat {seat.position}."
    assert seen_within(phone, said, 2.0) < 2.0
    assert seen_within(phone, f"Table {seat.table.number} · seat {seat.position}", 2.0) < 2.0  # the page read again
    assert seen_within(laptop, "Round 2", 2.0) < 2.0
    for driver in (laptop, phone):
        assert driver.execute_script("return window.keptMark") == "no reload"
    assert phone.find_element(By.ID, "alerts-toggle").is_selected()
    assert phone.execute_script("return document.documentElement.scrollWidth - window.innerWidth") <= 0
    shot(phone, "my-event-live")
    shot(laptop, "tv-live")
    with django_capture_on_commit_callbacks(execute=True):
        round_start(round_=round_two, by=organiser)
    WebDriverWait(laptop, 2.0).until(lambda d: d.find_elements(By.ID, "clock"))  # the clock came with the stream
    assert script_errors(phone) == []
    assert script_errors(laptop) == []


def test_my_event_in_french_says_where_i_sit(live_server, french_phone, django_capture_on_commit_callbacks) -> None:
    event, players, organiser = event_after_round_one(django_capture_on_commit_callbacks)
    sign_in(french_phone, live_server.url, players[1].user)
    french_phone.get(f"{live_server.url}/events/{event.pk}/me/")
    french_phone.find_element(By.ID, "alerts-toggle").click()  # no beep or vibration for this player
    time.sleep(1)
    with django_capture_on_commit_callbacks(execute=True):
        round_two = round_seat_next(event=event, by=organiser)
    seat = players[1].seats.get(table__round=round_two)
    assert seen_within(french_phone, f"La ronde 2 est placée : table {seat.table.number}, siège {seat.position}.", 2.0)
    assert not french_phone.find_element(By.ID, "alerts-toggle").is_selected()  # kept across the update
    shot(french_phone, "my-event-live-fr")
    assert script_errors(french_phone) == []
