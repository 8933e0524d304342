"""A division's standings on a phone (issue 70, item 8), in Spanish: its tabs, its players ranked among
themselves, no serious axe-core violation, nothing wider than the phone."""

import random

import pytest
from selenium.webdriver.common.by import By

from tests.browser.conftest import PHONE, shot
from tests.browser.test_accessibility import axe_violations

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_divisions_standings_read_on_a_phone(live_server, browser_of, django_capture_on_commit_callbacks) -> None:
    from tests.factories import PlayerFactory
    from tests.tournaments.helpers import play_round, register_and_check_in
    from tournaments.services.clubs import organisation_create
    from tournaments.services.events import event_create, event_open_registration
    from tournaments.services.rounds import event_start

    owner = PlayerFactory()
    club = organisation_create(by=owner.user, slug="owls", name="Owls")
    divisions = [{"name": "Open", "min": 1}, {"name": "New", "min": None}]  # unrated players: 0, all "New"
    event = event_create(organiser=owner.user, name="Open", game="boomerang-australia", organisation=club,
                         rounds_planned=1, divisions=divisions)  # fmt: skip
    event_open_registration(event=event, by=owner.user)
    register_and_check_in(event, [PlayerFactory() for _ in range(4)])
    with django_capture_on_commit_callbacks(execute=True):
        round_ = event_start(event=event, by=owner.user)
    play_round(round_, owner.user, random.Random(3), django_capture_on_commit_callbacks)
    phone = browser_of(PHONE, "es")
    phone.get(f"{live_server.url}/events/{event.pk}/standings/")
    phone.find_element(By.LINK_TEXT, "New").click()
    assert "División New" in phone.find_element(By.TAG_NAME, "h1").text
    assert phone.find_element(By.CSS_SELECTOR, "nav [aria-current=page]").text == "New"
    assert phone.execute_script("return document.documentElement.scrollWidth") <= PHONE[0]
    assert axe_violations(phone) == []
    shot(phone, "division-standings-es")
