"""Paper for the room: table slips with the event, the round and a score grid; a poster with the date, the
venue and a short address to type."""

import re
from datetime import UTC, datetime

import pytest
from django.test import Client

from tests.tournaments.helpers import running_round
from tournaments.models import Event

pytestmark = pytest.mark.django_db


def organiser_client(event: Event) -> Client:
    client = Client()
    client.force_login(event.organisers.get())
    return client


def test_a_drafting_tables_slip_collects_each_players_cards_and_choice_round_by_round() -> None:
    """Issue 54, item 5: the slip asks for exactly what the service takes (each round's seven cards in the order
    drafted and what was scored), not totals it would have to trust."""
    event, round_ = running_round(game="boomerang-australia", players=4)
    page = organiser_client(event).get(f"/events/{event.pk}/rounds/1/slips/").content.decode()
    assert event.name in page
    grid = re.search(r'<table class="paper-grid sheet-grid">.*?</table>', page, re.S)[0]
    header = re.search(r"<thead>.*?</thead>", grid, re.S)[0]
    assert [f"<th>{n}</th>" in header for n in range(1, 8)] == [True] * 7  # the seven cards
    assert "Scored this round" in header
    assert "Total" not in grid  # nothing to add up: the service scores
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", re.search(r"<tbody>(.*?)</tbody>", grid, re.S)[1], re.S)
    assert len(rows) == 4 * 4  # four rounds for each of the four players
    for seat in round_.tables.first().seats.all():
        assert f'<td rowspan="4">{seat.player.handle}</td>' in grid


@pytest.mark.parametrize("game", ["boomerang-flip", "boomerang-hunt"])
def test_an_end_of_game_slip_asks_for_what_the_pad_asks(game: str) -> None:
    import games

    event, round_ = running_round(game=game, players=2 if game == "boomerang-flip" else 4)
    page = organiser_client(event).get(f"/events/{event.pk}/rounds/1/slips/").content.decode()
    grid = re.search(r'<table class="paper-grid">.*?</table>', page, re.S)[0]
    from tournaments.catalogue.selectors import edition_active, edition_rules_data

    fields = games.GAMES[game].end_pad.fields(edition_rules_data(game=game, edition=edition_active(game=game)))
    assert grid.count("<th>") == 1 + len(fields)  # the player, then each of the pad's boxes
    for seat in round_.tables.first().seats.all():
        assert f"<td>{seat.player.handle}</td>" in grid


def test_the_check_in_poster_gives_the_date_the_venue_and_a_short_address_that_works() -> None:
    event, _round = running_round(players=4)
    Event.objects.filter(pk=event.pk).update(
        starts_at=datetime(2026, 11, 26, 18, 0, tzinfo=UTC), timezone="Europe/Paris", venue="Café du Parc"
    )
    client = organiser_client(event)
    page = client.get(f"/events/{event.pk}/check-in-poster/").content.decode()
    assert "26 November 2026, 19:00" in page
    assert "Café du Parc" in page
    short = re.search(r"<strong>([^<]+)</strong>", page.split("poster-code")[1])[1]
    assert len(short) < 30
    typed = "/" + short.split("/", 1)[1].lower() + "/"  # a player types it, in lower case
    answer = client.get(typed)
    assert answer.status_code == 302
    assert f"/events/{event.pk}/check-in/" in answer["Location"]
    wrong = client.get(typed.replace(typed.split("/")[-2], "AAAAAA"))
    assert wrong["Location"] == f"/events/{event.pk}/"


def test_the_shared_tv_link_shows_the_screen_to_anyone_and_a_wrong_code_nothing() -> None:
    event, _round = running_round(players=4)
    page = organiser_client(event).get(f"/events/{event.pk}/").content.decode()
    link = re.search(rf'href="(/events/{event.pk}/tv/[^/"]+/)"', page)[1]
    anyone = Client()
    assert anyone.get(f"/events/{event.pk}/tv/").status_code in (302, 403)  # the organiser's own view
    shared = anyone.get(link)
    assert shared.status_code == 200
    assert 'class="tv"' in shared.content.decode()
    assert anyone.get(f"/events/{event.pk}/tv/not-the-code/").status_code == 404


def test_the_tv_names_seats_as_seats_and_stops_its_clock_once_the_round_is_over() -> None:
    from tournaments.models import Round

    event, round_ = running_round(players=4)
    tv = organiser_client(event)
    page = tv.get(f"/events/{event.pk}/tv/").content.decode()
    assert 'id="clock"' in page
    assert "seat 1 · " in page
    assert "seat 4 · " in page
    Round.objects.filter(pk=round_.pk).update(status="finished")
    assert 'id="clock"' not in tv.get(f"/events/{event.pk}/tv/").content.decode()


def test_at_a_venue_the_printed_codes_carry_the_laptops_address_on_the_wifi(settings) -> None:
    """docs/venue.md: the organiser's browser opens the laptop as 127.0.0.1; phones must get its LAN address."""
    settings.PUBLIC_URL = "http://192.168.1.20:8000"
    event, round_ = running_round(players=4)
    client = organiser_client(event)
    poster = client.get(f"/events/{event.pk}/check-in-poster/")
    assert poster.context["url"].startswith(f"http://192.168.1.20:8000/events/{event.pk}/check-in/")  # the QR code
    assert "<strong>192.168.1.20:8000/" in poster.content.decode()  # what a player types
    slips = client.get(f"/events/{event.pk}/rounds/1/slips/")
    assert [slip["url"] for slip in slips.context["slips"]] == [
        f"http://192.168.1.20:8000/tables/{table.pk}/" for table in round_.tables.all()
    ]
    settings.PUBLIC_URL = ""
    assert client.get(f"/events/{event.pk}/check-in-poster/").context["url"].startswith("http://testserver/")
