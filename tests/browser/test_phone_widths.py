"""No page scrolls sideways as a whole on a 390 px phone, in French (the longer words): wide tables scroll
inside their own box. Every kind of page a player, an organiser or a steward opens, with data in it."""

import pytest
from django.utils import timezone

from tests.browser.conftest import shot, sign_in
from tests.factories import PlayerFactory, UserFactory
from tournaments.demo.services import demo_event_run, demo_event_unfinished
from tournaments.results.services.rating import official_list_publish
from tournaments.seasons.services import season_create

pytestmark = pytest.mark.django_db(transaction=True)
WIDTH = 390


def test_no_page_is_wider_than_a_phone_in_french(live_server, french_phone) -> None:
    finished = demo_event_run(game="boomerang-australia", players=8, seed=7, rounds=2, rated=True).event
    running = demo_event_unfinished(game="boomerang-usa", players=8, seed=8, running=True)
    steward = UserFactory(is_superuser=True, is_staff=True)
    PlayerFactory(user=steward, handle="Commissaire_Long_Nom")
    club = finished.organisation
    season = season_create(
        by=steward, organisation=club, name="Saison d’hiver des boomerangs", game=finished.game,
        starts_on=timezone.localdate().replace(month=1, day=1), ends_on=timezone.localdate().replace(month=12, day=31),
    )  # fmt: skip
    rating_list = official_list_publish(game=finished.game, by=steward, name="2026-11")
    table = finished.rounds.first().tables.first()
    handle = table.seats.first().player.handle
    pages = [
        "/", f"/events/{finished.pk}/", f"/events/{finished.pk}/standings/", f"/events/{finished.pk}/rounds/1/",
        f"/events/{running.pk}/", f"/events/{running.pk}/rounds/1/", f"/tables/{table.pk}/", f"/players/{handle}/",
        f"/leaderboards/{finished.game}/", f"/clubs/{club.slug}/", f"/seasons/{season.pk}/",
        f"/ratings/lists/{rating_list}/", f"/games/{finished.game}/cards/", "/stewards/", "/claim/",
        f"/events/{running.pk}/tv/", f"/events/{running.pk}/check-in-poster/",
        f"/events/{running.pk}/rounds/1/print/", f"/events/{running.pk}/rounds/1/slips/",
        f"/events/{finished.pk}/entrants/", f"/clubs/{club.slug}/seasons/new/", f"/seasons/{season.pk}/edit/",
        f"/leaderboards/{finished.game}/lists/new/",
        "/events/new/", f"/tables/{running.rounds.first().tables.first().pk}/pad/",
    ]  # fmt: skip
    sign_in(french_phone, live_server.url, steward)
    too_wide = {}
    for page in pages:
        french_phone.get(live_server.url + page)
        width = french_phone.execute_script("return document.documentElement.scrollWidth")
        if width > WIDTH:
            too_wide[page] = width
            shot(french_phone, "too-wide" + page.replace("/", "_"))
    assert too_wide == {}
    # Issue 66, item 11: the player's latest rated games fit the phone whole (their change and rating were
    # off to the right); the date sits under the table's name.
    french_phone.get(f"{live_server.url}/players/{handle}/")
    rated = french_phone.execute_script(
        "const t = [...document.querySelectorAll('h3')].find(h => h.textContent.includes('parties'))"
        "?.nextElementSibling; return t ? [t.scrollWidth, t.clientWidth] : null"
    )
    assert rated is not None
    assert rated[0] <= rated[1], rated
