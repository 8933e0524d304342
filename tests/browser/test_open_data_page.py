"""The open data page on a phone (issue 70, item 5), with a month's file listed, in the four languages: no
serious axe-core violation, nothing wider than the phone, the download links reachable."""

from datetime import timedelta

import pytest
from django.utils import timezone
from selenium.webdriver.common.by import By

from tests.browser.conftest import PHONE, shot
from tests.browser.test_accessibility import axe_violations
from tests.tournaments.helpers import table_with_sheets
from tournaments.models import Round, Sanction
from tournaments.opendata.services import open_data_make

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_open_data_page_lists_a_months_files_on_a_phone(
    live_server, browser_of, django_capture_on_commit_callbacks
):
    event, table, _seats, _sheets = table_with_sheets("boomerang-australia", 3, 5, django_capture_on_commit_callbacks)
    event.sanction = Sanction.SANCTIONED
    event.save(update_fields=["sanction"])
    Round.objects.filter(pk=table.round_id).update(started_at=timezone.now() - timedelta(days=40))
    assert open_data_make() == 1
    for language in ("en", "fr", "de", "es"):
        phone = browser_of(PHONE, language)
        phone.get(f"{live_server.url}/open-data/")
        assert phone.find_element(By.TAG_NAME, "html").get_attribute("lang") == language
        shot(phone, f"open-data-{language}")
        assert phone.execute_script("return document.documentElement.scrollWidth") <= PHONE[0], language
        assert axe_violations(phone) == [], language
        links = [a.get_attribute("href") for a in phone.find_elements(By.CSS_SELECTOR, "a[download]")]
        assert [link.rsplit(".", 2)[-2] for link in links] == ["csv", "jsonl"]
