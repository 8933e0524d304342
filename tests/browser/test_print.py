"""Paper: the round's pairings, its table slips and the check-in poster fit A4 with their margins. Each page is
laid out by Chromium as print media at the printable width of A4 (210 mm less the 12 mm margins, 96 dpi), and
printed to PDF by Chromium itself: A4 pages, nothing wider than the paper, no slip cut by a page edge."""

import base64
import re

import pytest
from selenium.webdriver.common.print_page_options import PrintOptions

from tests.browser.conftest import sign_in
from tests.factories import UserFactory
from tournaments.demo.services import demo_event_unfinished

pytestmark = pytest.mark.django_db(transaction=True)
PRINTABLE_PX = round((210 - 2 * 12) / 25.4 * 96)  # 703 px: A4's width inside the @page margins
A4_POINTS = (595, 842)


def printed_pdf(driver) -> bytes:
    options = PrintOptions()
    options.page_width, options.page_height = 21.0, 29.7  # centimetres
    return base64.b64decode(driver.print_page(options))


def page_sizes(pdf: bytes) -> list[tuple[int, int]]:
    return [(round(float(w)), round(float(h))) for w, h in re.findall(rb"/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]", pdf)]


@pytest.mark.parametrize("kind", ["print", "slips", "poster"])
def test_pairings_slips_and_poster_fit_a4(live_server, laptop, kind: str) -> None:
    event = demo_event_unfinished(game="boomerang-usa", players=18, seed=3, running=True)
    organiser = event.organisers.first() or UserFactory(is_superuser=True)
    sign_in(laptop, live_server.url, organiser)
    path = f"/events/{event.pk}/check-in-poster/" if kind == "poster" else f"/events/{event.pk}/rounds/1/{kind}/"
    laptop.set_window_size(PRINTABLE_PX, 1100)
    laptop.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    laptop.get(live_server.url + path)
    widths = laptop.execute_script(
        "const d = document.documentElement;"
        "const right = Math.max(...[...document.querySelectorAll('main *')].map(e => e.getBoundingClientRect().right));"
        "return [d.scrollWidth, d.clientWidth, right];"
    )
    scroll_width, client_width, rightmost = widths
    assert scroll_width <= client_width, (kind, widths)
    assert rightmost <= client_width + 1, (kind, widths)
    pdf = printed_pdf(laptop)
    sizes = page_sizes(pdf)
    assert sizes, kind
    assert all(abs(w - A4_POINTS[0]) <= 1 and abs(h - A4_POINTS[1]) <= 1 for w, h in sizes), sizes
    if kind == "slips":
        tables = event.rounds.get(number=1).tables.count()
        assert len(sizes) <= -(-tables // 4), (tables, len(sizes))  # four slips a page at least, none split
