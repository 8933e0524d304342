"""Real Chromium (Debian's chromium and chromium-driver) driven by Selenium against the live test server.

.ci/run installs the browser when missing and sets REQUIRE_BROWSER=1, so there a missing browser fails
the run; on a newcomer's machine without it these tests are skipped with the reason."""

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.wait import WebDriverWait

CHROMIUM, DRIVER = shutil.which("chromium"), shutil.which("chromedriver")
SHOTS = Path(os.environ.get("BROWSER_SHOTS", "/tmp/boomerang-shots"))
PHONE, LAPTOP = (390, 844), (1280, 900)


def _browser(size: tuple[int, int], language: str = "en") -> webdriver.Chrome:
    if not (CHROMIUM and DRIVER):
        if os.environ.get("REQUIRE_BROWSER"):
            pytest.fail("chromium and chromedriver are required here (apt-get install chromium chromium-driver)")
        pytest.skip("needs Debian's chromium and chromium-driver (.ci/run installs them)")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     f"--window-size={size[0]},{size[1]}", f"--lang={language}"):  # fmt: skip
        options.add_argument(argument)
    if size == PHONE:  # a phone's viewport, as Chromium's device emulation gives it (windows have a minimum width)
        metrics = {"width": size[0], "height": size[1], "pixelRatio": 2.0, "touch": True, "mobile": True}
        options.add_experimental_option("mobileEmulation", {"deviceMetrics": metrics})
    options.add_experimental_option("prefs", {"intl.accept_languages": language})
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})  # script errors: script_errors()
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    driver.implicitly_wait(5)
    return driver


@pytest.fixture
def phone() -> Iterator[webdriver.Chrome]:
    driver = _browser(PHONE)
    yield driver
    driver.quit()


@pytest.fixture
def laptop() -> Iterator[webdriver.Chrome]:
    driver = _browser(LAPTOP)
    yield driver
    driver.quit()


@pytest.fixture
def french_phone() -> Iterator[webdriver.Chrome]:
    driver = _browser(PHONE, "fr")
    yield driver
    driver.quit()


def script_errors(driver: webdriver.Chrome) -> list[str]:
    """The page's uncaught script errors since the last call (the console's, not failed requests)."""
    return [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE" and "Uncaught" in e["message"]]


def shot(driver: webdriver.Chrome, name: str) -> None:
    """Keep a screenshot of what the browser showed (BROWSER_SHOTS), to look at after a run."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(SHOTS / f"{name}.png"))


def sign_in(driver: webdriver.Chrome, base: str, user: Any) -> None:
    """Give the user the test password and log them in through the login page."""
    user.set_password("a-long-test-password")
    user.save()
    driver.get(f"{base}/accounts/login/")
    driver.find_element(By.ID, "id_username").send_keys(user.username)
    driver.find_element(By.ID, "id_password").send_keys("a-long-test-password")
    driver.find_element(By.CSS_SELECTOR, "main button[type=submit]").click()
    WebDriverWait(driver, 15).until(lambda d: "/accounts/login/" not in d.current_url)  # in any language
