"""Paper from real Chromium's print (issue 54, item 5): the A4 pairings of an 8-player night fit one page at a
readable size, and a drafting table's slip (what the service takes, for a table without a phone) fits its
half of a page."""

import base64
import re

import pytest

from tests.browser.conftest import sign_in
from tests.tournaments.helpers import running_round

pytestmark = pytest.mark.django_db(transaction=True)
A4 = {"paperWidth": 8.27, "paperHeight": 11.69, "marginTop": 0.4, "marginBottom": 0.4, "marginLeft": 0.4,
      "marginRight": 0.4, "printBackground": False}  # fmt: skip


def printed_pages(driver) -> int:
    pdf = base64.b64decode(driver.execute_cdp_cmd("Page.printToPDF", A4)["data"])
    return len(re.findall(rb"/Type\s*/Page[^s]", pdf))


def printed_font_px(driver, selector: str) -> float:
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        return float(driver.execute_script(
            f"return parseFloat(getComputedStyle(document.querySelector('{selector}')).fontSize);"))  # fmt: skip
    finally:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})


def test_the_pairings_of_an_8_player_night_fit_one_a4_page_at_a_readable_size(live_server, laptop) -> None:
    event, _round = running_round(players=8)
    sign_in(laptop, live_server.url, event.organisers.get())
    laptop.get(f"{live_server.url}/events/{event.pk}/rounds/1/print/")
    assert printed_pages(laptop) == 1
    assert printed_font_px(laptop, "table.grid td") >= 13.3  # 10 pt at least, read from across a table


def test_a_drafting_tables_slips_print_two_a_page(live_server, laptop) -> None:
    event, _round = running_round(players=8)  # two tables of four: two slips
    sign_in(laptop, live_server.url, event.organisers.get())
    laptop.get(f"{live_server.url}/events/{event.pk}/rounds/1/slips/")
    assert printed_pages(laptop) == 1
