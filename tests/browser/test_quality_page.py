"""The ratings' quality page on a phone (390 x 844), in French: the figures, the calibration chart within the
screen's width."""

import io
import random
from datetime import timedelta

import pytest
from django.core.management import call_command
from selenium.webdriver.common.by import By

from ratings.services.pools import match_record
from tests.browser.conftest import script_errors, shot
from tests.factories import UserFactory
from tests.ratings.test_services import GAME, T0, placings

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_quality_page_on_a_french_phone(live_server, french_phone) -> None:
    users = [UserFactory() for _ in range(10)]
    rng = random.Random(6)
    for n in range(80):
        match_record(game=GAME, source=f"table:{n}", order_at=T0 + timedelta(hours=8 * n),
                              placings=placings(rng.sample(users, 4), [1, 2, 3, 4]))  # fmt: skip
    call_command("rating_quality", GAME, stdout=io.StringIO())
    french_phone.get(f"{live_server.url}/leaderboards/{GAME}/quality/")
    main = french_phone.find_element(By.TAG_NAME, "main").text
    assert "Vainqueur prédit" in main
    assert "Score de Brier de la chance de gagner" in main  # issue 69: the win chance's Brier score
    assert "Quels paramètres prédisent le mieux ?" in main
    assert "openskill (Plackett-Luce)" in main
    chart = french_phone.find_element(By.CSS_SELECTOR, "svg.calibration")
    assert chart.size["width"] <= 390
    assert french_phone.execute_script("return document.documentElement.scrollWidth - window.innerWidth") <= 0
    shot(french_phone, "quality-fr")
    assert script_errors(french_phone) == []


def test_a_steward_adopts_the_fitted_parameters_on_a_phone(live_server, phone) -> None:
    from selenium.webdriver.support.expected_conditions import alert_is_present
    from selenium.webdriver.support.wait import WebDriverWait

    from ratings.lab.models import ParametersDecision
    from tests.browser.conftest import sign_in
    from tests.ratings.test_quality_fit import GAME as USA
    from tests.ratings.test_quality_fit import record_simulated_pool, steward_client

    record_simulated_pool(120, beta=0.5)
    call_command("rating_quality", USA, stdout=io.StringIO())
    steward = steward_client()
    from django.contrib.auth import get_user_model

    sign_in(phone, live_server.url, get_user_model().objects.get(username=steward.username))
    phone.get(f"{live_server.url}/leaderboards/{USA}/quality/")
    phone.execute_script("document.querySelector(\"form[action$='/adopt/']\").scrollIntoView()")
    shot(phone, "quality-adopt-form")
    phone.find_element(By.NAME, "reason").send_keys("The fit predicts the later tables better.")
    phone.find_element(By.CSS_SELECTOR, "form[action$='/adopt/'] button").click()
    WebDriverWait(phone, 5).until(alert_is_present()).accept()
    main = phone.find_element(By.TAG_NAME, "main").text
    assert "The fitted parameters are adopted" in phone.find_element(By.TAG_NAME, "body").text
    assert "The fit predicts the later tables better." in main
    assert ParametersDecision.objects.get().reason == "The fit predicts the later tables better."
    assert "the next one compares the new parameters" in main  # no second adoption from a stale report
    assert phone.execute_script("return document.getElementsByName('reason').length") == 0  # no 5 s implicit wait
    assert phone.execute_script("return document.documentElement.scrollWidth - window.innerWidth") <= 0
    shot(phone, "quality-adopted")
    phone.execute_script("document.querySelectorAll('h2')[2].scrollIntoView()")
    shot(phone, "quality-comparison")
    assert script_errors(phone) == []
