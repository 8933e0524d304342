"""The pad's tests tap with `finger_tap` (touch events through CDP): a tap reaches the button as a click, and an
element a finger cannot reach is refused by name, as chromedriver's `click()` refuses it."""

import pytest
from selenium.webdriver.common.by import By

from tests.browser.conftest import finger_tap

PAGE = """data:text/html,<meta name=viewport content="width=device-width">
<button id=counter onclick="this.textContent = Number(this.textContent) + 1">0</button>
<div style="height: 2000px"></div>
<button id=below onclick="this.textContent = 'tapped'">below the screen</button>
<div style="position: relative"><button id=covered>covered</button>
<div id=cover style="position: absolute; inset: 0; background: white">a cover</div></div>
<button id=hidden style="display: none">hidden</button>"""


def test_a_tap_is_a_click_and_a_button_out_of_reach_is_refused_by_name(phone) -> None:
    phone.get(PAGE)
    counter = phone.find_element(By.ID, "counter")
    for _ in range(3):
        finger_tap(phone, counter)
    assert counter.text == "3"  # each tap is read at once, as the pad's tests read it
    below = phone.find_element(By.ID, "below")
    finger_tap(phone, below)  # scrolled to first, as a thumb would
    assert below.text == "tapped"
    with pytest.raises(AssertionError, match='id="cover"'):
        finger_tap(phone, phone.find_element(By.ID, "covered"))
    with pytest.raises(AssertionError, match="is not displayed"):
        finger_tap(phone, phone.find_element(By.ID, "hidden"))
