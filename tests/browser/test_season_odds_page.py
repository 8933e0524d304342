"""A season's odds page on a phone (issue 69, item 2), in four languages: no serious axe-core violation,
nothing wider than the phone, each player's chance and what they need at the next event read by a screen
reader as a table; a player's own page gives their line."""

from datetime import date

import pytest
from selenium.webdriver.common.by import By

from tests.browser.conftest import PHONE, shot
from tests.browser.test_accessibility import axe_violations

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_seasons_odds_read_on_a_phone(live_server, browser_of, django_capture_on_commit_callbacks) -> None:
    from tests.factories import EventFactory, PlayerFactory, UserFactory
    from tests.tournaments.helpers import register_and_check_in
    from tests.tournaments.seasons.test_seasons import _finished
    from tournaments.seasons.services import season_create, season_event_add
    from tournaments.services.clubs import organisation_create
    from tournaments.stewarding.services import event_sanction

    owner = PlayerFactory()
    club = organisation_create(by=owner.user, slug="owls", name="Owls")
    players = [PlayerFactory() for _ in range(4)]
    played = _finished(club, owner.user, players, 4, django_capture_on_commit_callbacks)
    event_sanction(event=played, by=UserFactory(is_superuser=True), reason="club night")
    season = season_create(organisation=club, by=owner.user, name="Winter", game="boomerang-australia",
                           starts_on=date(2026, 1, 1), ends_on=date(2026, 12, 31), qualifiers=2)  # fmt: skip
    season_event_add(season=season, by=owner.user, event=played)
    coming = EventFactory(game="boomerang-australia", organisation=club)
    register_and_check_in(coming, players[:3])
    season_event_add(season=season, by=owner.user, event=coming)
    for language in ("en", "fr", "de", "es"):
        phone = browser_of(PHONE, language)
        phone.get(f"{live_server.url}/seasons/{season.pk}/")
        phone.find_element(By.CSS_SELECTOR, f'a[href="/seasons/{season.pk}/odds/"]').click()
        rows = phone.find_elements(By.CSS_SELECTOR, "table.grid tbody tr")
        assert len(rows) == 4, language
        assert len(phone.find_elements(By.CSS_SELECTOR, "table.grid thead th")) == 4, language  # the next event's
        assert phone.execute_script("return document.documentElement.scrollWidth") <= PHONE[0], language
        assert axe_violations(phone) == [], language
        shot(phone, f"season-odds-{language}")
    for language in ("en", "de"):
        phone = browser_of(PHONE, language)
        phone.get(f"{live_server.url}/players/{players[0].handle}/")
        assert phone.find_elements(By.CSS_SELECTOR, f'a[href="/seasons/{season.pk}/odds/"]'), language
        assert phone.execute_script("return document.documentElement.scrollWidth") <= PHONE[0], language
        assert axe_violations(phone) == [], language
        shot(phone, f"player-season-odds-{language}")
