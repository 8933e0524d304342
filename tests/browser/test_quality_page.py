"""The ratings' quality page on a phone (390 x 844), in French: the figures, the calibration chart within the
screen's width."""

import io
import random
from datetime import timedelta

import pytest
from django.core.management import call_command
from selenium.webdriver.common.by import By

from ratings import services
from tests.browser.conftest import script_errors, shot
from tests.factories import UserFactory
from tests.ratings.test_services import GAME, T0, placings

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_quality_page_on_a_french_phone(live_server, french_phone) -> None:
    users = [UserFactory() for _ in range(10)]
    rng = random.Random(6)
    for n in range(80):
        services.match_record(game=GAME, source=f"table:{n}", order_at=T0 + timedelta(hours=8 * n),
                              placings=placings(rng.sample(users, 4), [1, 2, 3, 4]))  # fmt: skip
    call_command("rating_quality", GAME, stdout=io.StringIO())
    french_phone.get(f"{live_server.url}/leaderboards/{GAME}/quality/")
    assert "Vainqueur prédit" in french_phone.find_element(By.TAG_NAME, "main").text
    chart = french_phone.find_element(By.CSS_SELECTOR, "svg.calibration")
    assert chart.size["width"] <= 390
    assert french_phone.execute_script("return document.documentElement.scrollWidth - window.innerWidth") <= 0
    shot(french_phone, "quality-fr")
    assert script_errors(french_phone) == []
