"""Embeds for a club's own site (issue 70, item 6): the standings widget and the registration button sit in
any site's iframe, live from the stream, themed by the club with a readable accent, in the reader's language,
and set no cookie of ours on the club's site."""

import pytest
from django.test import Client

from tests.factories import EventFactory
from tests.tournaments.helpers import table_with_sheets

pytestmark = pytest.mark.django_db


def test_the_standings_widget_frames_anywhere_sets_no_cookie_and_lists_the_top(django_capture_on_commit_callbacks):
    event, _table, seats, _sheets = table_with_sheets("boomerang-australia", 4, 5, django_capture_on_commit_callbacks)
    signed_in = Client()
    signed_in.force_login(seats[0].player.user)  # even a reader signed in to us gets nothing personal or kept
    for reader in (Client(), signed_in):
        answer = reader.get(f"/embed/events/{event.pk}/standings/", {"accent": "1f6f43", "lang": "fr"})
        assert answer.status_code == 200
        assert answer["Content-Security-Policy"] == "frame-ancestors *"
        assert "X-Frame-Options" not in answer
        assert not answer.cookies
        page = answer.content.decode()
        assert all(seat.player.handle in page for seat in seats)
        assert '<html lang="fr">' in page
        assert "#1f6f43" in page
        assert "csrfmiddlewaretoken" not in page
        assert f"/api/events/{event.pk}/stream/" in page  # live: the page reads itself again on a change


@pytest.mark.parametrize(
    ("accent", "why"), [("red", "six hexadecimal digits"), ("ffee88", "too pale"), ("#1f6f43x", "six hexadecimal")]
)
def test_an_unreadable_or_malformed_accent_is_refused_naming_the_field(accent: str, why: str) -> None:
    event = EventFactory(game="boomerang-australia")
    answer = Client().get(f"/embed/events/{event.pk}/standings/", {"accent": accent})
    assert answer.status_code == 400
    assert answer.content.decode().startswith("accent:")
    assert why in answer.content.decode()
    assert Client().get(f"/embed/events/{event.pk}/register/", {"accent": "ffee88", "dark": "1"}).status_code == 200


def test_the_registration_button_opens_the_event_in_a_new_tab_in_the_readers_language() -> None:
    closed = EventFactory(game="boomerang-australia", status="finished")
    answer = Client().get(f"/embed/events/{closed.pk}/register/", {"lang": "de"})
    assert "Die Anmeldung zu diesem Turnier ist nicht offen." in answer.content.decode()
    event = EventFactory(game="boomerang-australia", capacity=12, status="registration")
    answer = Client().get(f"/embed/events/{event.pk}/register/", {"lang": "es"})
    page = answer.content.decode()
    assert answer.status_code == 200
    assert not answer.cookies
    assert answer["Content-Security-Policy"] == "frame-ancestors *"
    assert f'/events/{event.pk}/" target="_blank" rel="noopener"' in page
    assert "12 plazas libres" in page


def test_the_organiser_finds_the_code_to_paste_on_the_event_page() -> None:
    event = EventFactory(game="boomerang-australia")
    organiser = Client()
    organiser.force_login(event.organisers.get())
    page = organiser.get(f"/events/{event.pk}/").content.decode()
    assert f"/embed/events/{event.pk}/standings/?accent=b5461d" in page
    assert f"/embed/events/{event.pk}/register/" in page
    assert f"/embed/events/{event.pk}/" not in Client().get(f"/events/{event.pk}/").content.decode()
