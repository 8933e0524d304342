"""A player on a phone (390 x 844) finds their data and the privacy page, in English and in French."""

import pytest
from selenium.webdriver.common.by import By

from tests.browser.conftest import script_errors, shot, sign_in
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_my_data_and_the_privacy_page_on_a_phone(live_server, phone, french_phone, language) -> None:
    driver = phone if language == "en" else french_phone
    player = PlayerFactory()
    sign_in(driver, live_server.url, player.user)
    driver.get(f"{live_server.url}/players/{player.handle}/")
    driver.find_element(By.CSS_SELECTOR, "#my-data summary").click()
    assert driver.find_element(By.CSS_SELECTOR, "#my-data a[download]").is_displayed()
    assert driver.execute_script("return document.documentElement.scrollWidth - window.innerWidth") <= 0
    shot(driver, f"my-data-{language}")
    driver.find_element(By.CSS_SELECTOR, "footer a[href='/privacy/']").click()
    assert driver.find_element(By.TAG_NAME, "h1").text in ("What we keep about you, and why",
                                                          "Ce que nous gardons sur vous, et pourquoi")  # fmt: skip
    assert driver.execute_script("return document.documentElement.scrollWidth - window.innerWidth") <= 0
    shot(driver, f"privacy-{language}")
    assert script_errors(driver) == []
