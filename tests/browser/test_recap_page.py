"""A finished night's recap on its event page, on a phone in the four languages (issue 69, item 5): "The night
in brief" with its findings, no serious axe-core violation, nothing wider than the phone."""

import pytest
from selenium.webdriver.common.by import By

from tests.browser.conftest import PHONE, shot
from tests.browser.test_accessibility import axe_violations
from tests.tournaments.helpers import table_with_sheets
from tournaments.results.services.closing import event_close

pytestmark = pytest.mark.django_db(transaction=True)
HEADINGS = {"en": "The night in brief", "fr": "La soirée en bref", "de": "Der Abend in Kürze",
            "es": "La noche en resumen"}  # fmt: skip


def test_a_finished_nights_recap_reads_on_a_phone_in_four_languages(
    live_server, browser_of, django_capture_on_commit_callbacks
) -> None:
    event, _table, _seats, _sheets = table_with_sheets("boomerang-australia", 4, 3, django_capture_on_commit_callbacks)
    with django_capture_on_commit_callbacks(execute=True):
        event_close(event=event, by=event.organisers.get())
    for language, heading in HEADINGS.items():
        phone = browser_of(PHONE, language)
        phone.get(f"{live_server.url}/events/{event.pk}/")
        section = phone.find_element(By.CSS_SELECTOR, "section.recap")
        assert section.find_element(By.TAG_NAME, "h2").text == heading
        assert len(section.find_elements(By.TAG_NAME, "dt")) >= 3, language  # draft, hands, card at least
        assert phone.execute_script("return document.documentElement.scrollWidth") <= PHONE[0], language
        assert axe_violations(phone) == [], language
        phone.execute_script("arguments[0].scrollIntoView();", section)
        shot(phone, f"recap-{language}")
