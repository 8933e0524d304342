"""Every page a player, an organiser or a steward opens, rendered in French, German or Spanish, holds no English
word from a list of the ones that leaked before (docs/glossary.md gives each domain word's French, German and
Spanish), and every catalogue translates every string the code marks."""

import re
from pathlib import Path

import polib
import pytest
from django.test import Client

from tests.factories import UserFactory
from tournaments.demo.services import demo_event_run, demo_event_unfinished
from tournaments.results.services.rating import official_list_publish

pytestmark = pytest.mark.django_db(transaction=True)

# English words that are not French words too (table, points, total, organiser... are both).
ENGLISH = re.compile(
    r"\b(two-player|Owner|owner|Sign up|Log in|Log out|Leaderboards?|Standings|Rounds?|Players?|Events?|"
    r"provisional|established|Submit|Print|Waitlist|Edit|Duplicate|checked in|registered|throw|catch|"
    r"Forbidden|Rated|Seasons?|Stewards|Places|Venue|Name|Games|Seat|Rating|Next|Previous|Page \d+ of)\b"
    r"|\d to [+-]\d"
)
# "Name" is a German word as well as an English one, "provisional" a Spanish one.
ENGLISH_IN_GERMAN = re.compile(ENGLISH.pattern.replace("|Name|", "|"))
ENGLISH_IN_SPANISH = re.compile(ENGLISH.pattern.replace("|provisional|", "|"))
assert ENGLISH_IN_GERMAN.pattern != ENGLISH.pattern != ENGLISH_IN_SPANISH.pattern
LOCALE = Path(__file__).resolve().parents[2] / "locale"


def visible_text(html: str) -> str:
    html = re.sub(r"<(script|style|svg)\b.*?</\1>", " ", html, flags=re.S)
    html = re.sub(r'(aria-label|title|placeholder|alt)="([^"]*)"', r"> \2 <", html)  # read aloud or hovered
    return re.sub(r"<[^>]+>", " ", html)


def pages_with_english_words(language: str, english: re.Pattern[str]) -> dict[str, list[str]]:
    """The English words found on each page a player, an organiser or a steward opens, in `language`."""
    finished = demo_event_run(game="boomerang-australia", players=8, seed=3, rounds=2, rated=True).event
    flip = demo_event_run(game="boomerang-flip", players=4, seed=4, rounds=1, rated=True).event
    running = demo_event_unfinished(game="boomerang-usa", players=8, seed=5, running=True)
    steward = UserFactory(is_superuser=True, is_staff=True)
    official_list_publish(game=finished.game, by=steward, name="2026-11")
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(steward)
    table = finished.rounds.first().tables.first()
    handle = table.seats.first().player.handle
    club = finished.organisation.slug
    pages = [
        "/", f"/events/{finished.pk}/", f"/events/{finished.pk}/standings/", f"/events/{finished.pk}/rounds/1/",
        f"/events/{running.pk}/", f"/tables/{table.pk}/", f"/players/{handle}/", f"/leaderboards/{finished.game}/",
        f"/leaderboards/{flip.game}/", f"/clubs/{club}/", f"/games/{finished.game}/cards/", "/stewards/", "/claim/",
        f"/events/{running.pk}/tv/", f"/events/{running.pk}/check-in-poster/", f"/events/{running.pk}/rounds/1/print/",
        f"/events/{running.pk}/rounds/1/slips/", f"/events/{finished.pk}/entrants/", f"/clubs/{club}/seasons/new/",
        f"/leaderboards/{finished.game}/lists/new/", f"/tables/{running.rounds.first().tables.first().pk}/pad/",
        "/accounts/login/", "/accounts/signup/", f"/clubs/{club}/integrations/", "/privacy/", "/offline/",
        f"/leaderboards/{finished.game}/quality/",
    ]  # fmt: skip
    names = {e.name for e in (finished, flip, running)}  # event names are the organisers' data, as typed
    found_on = {}
    for page in pages:
        answer = client.get(page)
        assert answer.status_code == 200, page
        text = visible_text(answer.content.decode())
        for name in names:
            text = text.replace(name, " ")
        found = sorted({match.group(0) for match in english.finditer(text)})
        if found:
            found_on[page] = found
    return found_on


def test_no_english_word_on_a_french_page() -> None:
    assert pages_with_english_words("fr", ENGLISH) == {}


def test_a_german_page_has_no_untranslated_string() -> None:
    assert pages_with_english_words("de", ENGLISH_IN_GERMAN) == {}


def test_a_spanish_page_has_no_untranslated_string() -> None:
    assert pages_with_english_words("es", ENGLISH_IN_SPANISH) == {}


@pytest.mark.parametrize("language", ["fr", "de", "es"])
def test_every_marked_string_is_translated_and_none_is_fuzzy(language: str) -> None:
    """The catalogue of each language holds the same strings as the others, each translated, none fuzzy (a
    fuzzy entry is left out of the compiled catalogue, so its page would show the English)."""
    catalogue = polib.pofile(str(LOCALE / language / "LC_MESSAGES" / "django.po"))
    reference = polib.pofile(str(LOCALE / "fr" / "LC_MESSAGES" / "django.po"))
    assert [entry.msgid for entry in catalogue.untranslated_entries()] == []
    assert [entry.msgid for entry in catalogue.fuzzy_entries()] == []
    keys = {(entry.msgctxt, entry.msgid) for entry in catalogue if not entry.obsolete}
    assert keys == {(entry.msgctxt, entry.msgid) for entry in reference if not entry.obsolete}
    compiled = polib.mofile(str(LOCALE / language / "LC_MESSAGES" / "django.mo"))
    assert len([entry for entry in compiled if entry.msgid]) == len(keys)  # the .mo is compiled from this .po


def test_the_english_words_are_found_on_an_english_page() -> None:
    """The check sees what it looks for: the same pages in English hold the words."""
    finished = demo_event_run(game="boomerang-australia", players=4, seed=3, rounds=1, rated=True).event
    steward = UserFactory(is_superuser=True, is_staff=True)
    in_english = Client(HTTP_ACCEPT_LANGUAGE="en")
    in_english.force_login(steward)
    detected = ENGLISH.findall(visible_text(in_english.get(f"/leaderboards/{finished.game}/").content.decode()))
    assert len(detected) >= 3  # the same words, in English, are found: the check sees what it looks for


def test_a_seat_is_a_siege_in_french_so_it_never_reads_as_a_place_in_the_standings() -> None:
    """Issue 54: "place 1" beside "Rang 3" read as first place; a seat is a siège."""
    from django.utils import translation

    with translation.override("fr"):
        assert translation.gettext("Seat") == "Siège"
        assert translation.gettext("Table %(table)s · seat %(seat)s") % {"table": 2, "seat": 1} == "Table 2 · siège 1"


def test_one_place_taken_is_singular_in_french() -> None:
    from tests.factories import EventFactory, PlayerFactory
    from tournaments.services.registrations import registration_create

    event = EventFactory(capacity=8)
    registration_create(event=event, player=PlayerFactory())
    page = Client().get(f"/events/{event.pk}/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "1 place prise sur 8" in page


def test_a_clubs_kind_and_its_staffs_roles_are_in_french() -> None:
    """Issue 54: roles read "Owner" and kinds "Federation" on French pages."""
    from tests.factories import PlayerFactory
    from tournaments.services.clubs import organisation_create

    owner = PlayerFactory()
    organisation_create(by=owner.user, slug="fede", name="Fédé", kind="federation")
    page = Client().get("/clubs/fede/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Fédération" in page
    assert "propriétaire" in page
    assert "Owner" not in page


@pytest.mark.parametrize(
    ("language", "written"),
    [
        ("en", "4 December 2026, 20:15"),
        ("fr", "4 décembre 2026, 20 h 15"),
        ("de", "4. Dezember 2026, 20:15"),
        ("es", "4 de diciembre de 2026, 20:15"),
    ],
)
def test_an_events_time_is_written_as_each_language_writes_it(language: str, written: str) -> None:
    from datetime import UTC, datetime

    from django.utils import translation

    from tournaments.templatetags.boomerang import event_time

    with translation.override(language):
        assert event_time(datetime(2026, 12, 4, 19, 15, tzinfo=UTC), "Europe/Paris") == written
