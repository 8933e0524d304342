"""A steward on a phone (390 x 844), in English and in French, decides a change of a sanctioned event's
results from the queue; the event page then tells the decision."""

import random

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from tests.browser.conftest import script_errors, shot, sign_in
from tests.tournaments.stewarding.test_held_results import Night
from tournaments.models import Table
from tournaments.results.models import ResultChange

pytestmark = pytest.mark.django_db(transaction=True)


def _run_at_once(execute: bool = True):
    import contextlib

    return contextlib.nullcontext()


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_steward_keeps_the_sanctioned_results_from_the_queue(live_server, phone, french_phone, language) -> None:
    driver = phone if language == "en" else french_phone
    night = Night(random.Random(17), _run_at_once)
    night.submit(Table.objects.filter(round__event=night.event).first(), wrong=True)
    sign_in(driver, live_server.url, night.steward)
    driver.get(f"{live_server.url}/stewards/")
    change = ResultChange.objects.get(event=night.event)
    card = driver.find_element(By.ID, f"change-{change.pk}")
    assert driver.execute_script("return document.documentElement.scrollWidth - window.innerWidth") <= 0
    shot(driver, f"stewards-change-{language}")
    card.find_elements(By.NAME, "reason")[1].send_keys("the slips say otherwise")
    card.find_elements(By.CSS_SELECTOR, "button[type=submit]")[1].click()
    WebDriverWait(driver, 15).until(lambda d: ResultChange.objects.get(pk=change.pk).status == "refused")
    driver.get(f"{live_server.url}/events/{night.event.pk}/")
    driver.find_element(By.CSS_SELECTOR, "details.decisions summary").click()
    assert "the slips say otherwise" in driver.find_element(By.CSS_SELECTOR, "details.decisions").text
    shot(driver, f"event-decisions-{language}")
    assert script_errors(driver) == []
