"""An organiser runs a whole two-round night from the pages alone, on a phone: creates a club and an event,
opens registration, checks the players in, starts the event and each round, enters every table's result on
the score pad, seats round 2 and closes the event. No admin, no API."""

import random

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from games.simulate import legal_sheet
from tests.browser.conftest import shot
from tests.browser.test_cafe_night import PASSWORD, click, fill, log_in
from tests.factories import PlayerFactory
from tournaments.models import Event, Table, TableResult
from tournaments.services.registrations import registration_create

pytestmark = pytest.mark.django_db(transaction=True)


def enter_table(phone, base: str, table: Table, rng: random.Random) -> None:
    """Open the table's pad from the organiser's list and type a legal end of a flip game."""
    phone.get(f"{base}/tables/{table.pk}/pad/")
    seats = list(table.seats.select_related("player").order_by("position"))
    for i, entry in enumerate(legal_sheet("boomerang-flip", len(seats), rng)["seats"]):
        Select(phone.find_element(By.ID, f"color-{i}")).select_by_value(entry["color"])
        fill(phone, f"on_board-{i}", " ".join(map(str, entry["on_board"])))
        fill(phone, f"unplaced-{i}", " ".join(map(str, entry["unplaced"])))
    click(phone, "Submit the table", "Submitted: the table is being checked.")
    assert TableResult.objects.get(table=table).status == "verified"


def test_an_organiser_runs_a_two_round_night_from_the_pages_alone(live_server, phone) -> None:
    base, rng = live_server.url, random.Random(5)
    organiser = PlayerFactory(handle="marie")
    organiser.user.set_password(PASSWORD)
    organiser.user.save()
    log_in(phone, base, organiser.user.username)

    click(phone, "Create a club", "Create the club")
    fill(phone, "id_name", "Les Hiboux")
    fill(phone, "id_slug", "hiboux")
    click(phone, "Create the club", "Your club is created")
    shot(phone, "organiser-club")

    phone.get(f"{base}/events/new/")
    fill(phone, "id_name", "Jeudi flip")
    Select(phone.find_element(By.ID, "id_game")).select_by_value("boomerang-flip")
    fill(phone, "id_capacity", "8")
    shot(phone, "organiser-event-form")
    phone.find_element(By.CSS_SELECTOR, "details.more summary").click()  # two rounds: a setting folded away
    fill(phone, "id_rounds_planned", "2")
    click(phone, "Create the event", "The event is created as a draft")
    event = Event.objects.get(name="Jeudi flip")
    click(phone, "Open registration", "Registration is open")

    players = [PlayerFactory() for _ in range(4)]
    for player in players:  # four players register on their own phones
        registration_create(event=event, player=player)
    phone.get(f"{base}/events/{event.pk}/")
    for _ in players:
        click(phone, "check in", "is checked in")
    click(phone, "Start the event (seat round 1)", "Round 1 is seated.", asks="Start the event?")
    shot(phone, "organiser-seated")

    for number in (1, 2):
        click(phone, f"Start round {number}", f"Round {number} has started", asks="Start this round?")
        for table in Table.objects.filter(round__event=event, round__number=number).order_by("number"):
            enter_table(phone, base, table, rng)
        phone.get(f"{base}/events/{event.pk}/")
        if number == 1:
            click(phone, "Seat the next round", "The next round is seated.")
    shot(phone, "organiser-ready-to-close")
    click(phone, "Close and publish results", "results are published", asks="Close the event")
    event.refresh_from_db()
    assert event.status == "finished"
    assert len(phone.find_elements(By.CSS_SELECTOR, ".podium li")) >= 3
    shot(phone, "organiser-closed")
