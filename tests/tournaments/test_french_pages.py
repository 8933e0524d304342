"""Every page a player, an organiser or a steward opens, rendered in French, holds no English word from a
list of the ones that leaked before (docs/glossary.md gives each domain word's French)."""

import re

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


def visible_text(html: str) -> str:
    html = re.sub(r"<(script|style|svg)\b.*?</\1>", " ", html, flags=re.S)
    html = re.sub(r'(aria-label|title|placeholder|alt)="([^"]*)"', r"> \2 <", html)  # read aloud or hovered
    return re.sub(r"<[^>]+>", " ", html)


def test_no_english_word_on_a_french_page() -> None:
    finished = demo_event_run(game="boomerang-australia", players=8, seed=3, rounds=2, rated=True).event
    flip = demo_event_run(game="boomerang-flip", players=4, seed=4, rounds=1, rated=True).event
    running = demo_event_unfinished(game="boomerang-usa", players=8, seed=5, running=True)
    steward = UserFactory(is_superuser=True, is_staff=True)
    official_list_publish(game=finished.game, by=steward, name="2026-11")
    client = Client(HTTP_ACCEPT_LANGUAGE="fr")
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
    english = {}
    for page in pages:
        answer = client.get(page)
        assert answer.status_code == 200, page
        text = visible_text(answer.content.decode())
        for name in names:
            text = text.replace(name, " ")
        found = sorted({match.group(0) for match in ENGLISH.finditer(text)})
        if found:
            english[page] = found
    assert english == {}
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
