"""Real Chromium (Debian's chromium and chromium-driver) driven by Selenium against the live test server.

.ci/run installs the browser when missing and sets REQUIRE_BROWSER=1, so there a missing browser fails
the run; on a newcomer's machine without it these tests are skipped with the reason."""

import contextlib
import os
import shutil
import signal
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from selenium import webdriver
from selenium.common.exceptions import NoAlertPresentException
from selenium.webdriver.chrome.service import Service

CHROMIUM, DRIVER = shutil.which("chromium"), shutil.which("chromedriver")
SHOTS = Path(os.environ["BROWSER_SHOTS"]) if os.environ.get("BROWSER_SHOTS") else None
PHONE, LAPTOP = (390, 844), (1280, 900)
# A phone's screen has two device pixels to a CSS pixel: the screenshots one looks at show it so. Without them
# one is enough: the pages' layout, in CSS pixels, is the same (no page asks the ratio, no image has a srcset),
# and Chromium rasterises a quarter of the pixels (9% less CPU for the pad's browser tests, issue 68).
PHONE_PIXEL_RATIO = 2.0 if SHOTS else 1.0


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
        metrics = {"width": size[0], "height": size[1], "pixelRatio": PHONE_PIXEL_RATIO, "touch": True, "mobile": True}
        options.add_experimental_option("mobileEmulation", {"deviceMetrics": metrics})
    options.add_experimental_option("prefs", {"intl.accept_languages": language})
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})  # script errors: script_errors()
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    driver.implicitly_wait(5)
    return driver


class Browsers:
    """One Chromium per kind (viewport, language) per test process, reused from test to test: a fresh one
    costs 1.5-2.5 s to start (issue 68, item 3). Between tests each is cleared of everything a test leaves
    (the origin's storage, cookies, service workers and caches, network emulation, media, open dialogs, the
    console's log); one that cannot be cleared is quit and started again. Only the browsers a test used are
    cleared after it (each clearing costs ~0.1 s, and most tests use one of the three or four kinds open)."""

    def __init__(self) -> None:
        self.open: dict[tuple[tuple[int, int], str], webdriver.Chrome] = {}
        self.used: set[tuple[tuple[int, int], str]] = set()

    def get(self, size: tuple[int, int], language: str = "en") -> webdriver.Chrome:
        if (size, language) not in self.open:
            self.open[size, language] = _browser(size, language)
        self.used.add((size, language))
        return self.open[size, language]

    def clear(self, origin: str) -> None:
        used, self.used = self.used, set()
        for kind, driver in [(kind, driver) for kind, driver in self.open.items() if kind in used]:
            try:
                _cleared(driver, origin)
            except Exception:  # a crashed or wedged browser: the next test gets a new one
                self.open.pop(kind)
                _quit_quietly(driver)

    def quit(self) -> None:
        for driver in self.open.values():
            _quit_quietly(driver)
        self.open.clear()


def _cleared(driver: webdriver.Chrome, origin: str) -> None:
    with contextlib.suppress(NoAlertPresentException):
        driver.switch_to.alert.dismiss()
    driver.get("about:blank")
    driver.execute_cdp_cmd("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"})
    driver.execute_cdp_cmd("Network.clearBrowserCookies", {})
    online = {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", online)
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
    driver.implicitly_wait(5)
    driver.get_log("browser")  # drained: script_errors() sees this test's errors only


def _quit_quietly(driver: webdriver.Chrome, seconds: float = 15) -> None:
    """Quit the browser; one too wedged to answer its driver within `seconds` (a CI run once waited on such a
    quit until it was stopped) is killed, the driver and every process under it."""
    quitting = threading.Thread(target=_quit, args=(driver,), daemon=True)
    quitting.start()
    quitting.join(seconds)
    if quitting.is_alive():
        _kill_tree(driver.service.process.pid)


def _quit(driver: webdriver.Chrome) -> None:
    with contextlib.suppress(Exception):
        driver.quit()


def _kill_tree(root: int) -> None:
    """SIGKILL a process and its descendants (Linux /proc), the children first found, then the root."""
    pids, pending = [], [root]
    while pending:
        pid = pending.pop()
        pids.append(pid)
        with contextlib.suppress(OSError):
            pending += [int(child) for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    for pid in reversed(pids):
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)


@pytest.fixture(scope="session")
def browsers() -> Iterator[Browsers]:
    pool = Browsers()
    yield pool
    pool.quit()


@pytest.fixture
def browser_of(browsers: Browsers, live_server) -> Iterator[Any]:
    """`browser_of(size, language)`: this process's browser of that kind, cleared after the test."""
    yield browsers.get
    browsers.clear(live_server.url)


@pytest.fixture
def phone(browser_of) -> webdriver.Chrome:
    return browser_of(PHONE)


@pytest.fixture
def laptop(browser_of) -> webdriver.Chrome:
    return browser_of(LAPTOP)


@pytest.fixture
def french_phone(browser_of) -> webdriver.Chrome:
    return browser_of(PHONE, "fr")


# Scrolls the element into view when it is not, and answers where a finger lands on it, or why none can.
_TAP_POINT = """
const element = arguments[0];
element.scrollIntoView({block: "nearest", inline: "nearest"});
const box = element.getBoundingClientRect();
if (!box.width || !box.height) return "is not displayed";
const x = box.left + box.width / 2, y = box.top + box.height / 2;
const hit = document.elementFromPoint(x, y);
if (!hit) return "is covered by nothing the page holds";
if (hit !== element && !element.contains(hit)) return "is covered by " + hit.outerHTML.slice(0, 200);
return [x, y];
"""


def finger_tap(driver: webdriver.Chrome, element: Any) -> None:
    """A finger's tap on the element's centre: touch events through the browser's input, from which Chromium
    makes the click, as it does for a phone's screen and as chromedriver's `click()` does under touch
    emulation, without the fixed 40 ms wait and the dozen location checks chromedriver adds to each (35 ms a
    tap against 105 ms; the pad's tests tap about 700 times). For the pad's own buttons, which load no page:
    a tap that submits a form or follows a link is a `click()`, which waits for the page it loads. Refuses,
    as `click()` does, an element not displayed or covered by another (naming it)."""
    point = driver.execute_script(_TAP_POINT, element)
    if isinstance(point, str):
        raise AssertionError(f"cannot tap {element.get_attribute('outerHTML')[:200]}: it {point}")
    touch = {"x": point[0], "y": point[1]}
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [touch]})
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def script_errors(driver: webdriver.Chrome) -> list[str]:
    """The page's uncaught script errors since the last call (the console's, not failed requests)."""
    return [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE" and "Uncaught" in e["message"]]


def shot(driver: webdriver.Chrome, name: str) -> None:
    """Keep a screenshot of what the browser showed, to look at after a run: only when asked (BROWSER_SHOTS
    names the folder), since each costs a render CI does not look at."""
    if SHOTS is None:
        return
    SHOTS.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(SHOTS / f"{name}.png"))


def sign_in(driver: webdriver.Chrome, base: str, user: Any) -> None:
    """Log the user in by their session cookie, as the log-in form would leave it (in the browser's language,
    which a log-in remembers for their e-mails); the form itself is driven in test_cafe_night.py."""
    from django.conf import settings
    from django.test import Client
    from django.utils import translation

    language = driver.execute_script("return navigator.language") or "en"
    client = Client()
    with translation.override(language.split("-")[0]):
        client.force_login(user)
    driver.get(f"{base}/healthz")  # a cookie is set for the page's own site
    session = client.cookies[settings.SESSION_COOKIE_NAME].value
    driver.add_cookie({"name": settings.SESSION_COOKIE_NAME, "value": session, "path": "/"})
