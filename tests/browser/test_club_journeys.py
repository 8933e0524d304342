"""A club's journeys that used to end in a dead end, each walked in Chromium on a 390 x 844 phone: an event
moved after players registered (they get an e-mail), a walk-in checking in from the poster, a season made
and an official list published from the pages, a night's players made members in one tap and a player
asking to join."""

import random

import pytest
from django.core import mail
from selenium.webdriver.common.by import By

from tests.browser.conftest import script_errors, shot, sign_in
from tests.browser.test_cafe_night import click, fill
from tests.factories import EventFactory, PlayerFactory, UserFactory
from tests.tournaments.helpers import play_round, register_and_check_in
from tournaments.codes import check_in_code
from tournaments.models import Event, Membership, RatingBody, Registration
from tournaments.results.services.closing import event_close
from tournaments.seasons.models import Season
from tournaments.services.clubs import organisation_create
from tournaments.services.events import event_create, event_open_registration
from tournaments.services.registrations import registration_create
from tournaments.services.rounds import event_start
from tournaments.stewarding.services import event_sanction

pytestmark = pytest.mark.django_db(transaction=True)
GAME = "boomerang-australia"


def club_with_owner(slug: str = "owls"):
    owner = PlayerFactory()
    return organisation_create(by=owner.user, slug=slug, name="Owls"), owner.user


def played_night(club, owner, seed: int) -> Event:
    """A one-round night of four players, played and closed through the services."""
    night = event_create(organiser=owner, organisation=club, name="Night", game=GAME, rounds_planned=1)
    event_open_registration(event=night, by=owner)
    register_and_check_in(night, [PlayerFactory() for _ in range(4)])
    round_ = event_start(event=night, by=owner)
    play_round(round_, owner, random.Random(seed), _run_at_once)
    return event_close(event=night, by=owner)


def test_an_event_moved_after_registration_tells_its_players_by_e_mail(live_server, phone) -> None:
    club, owner = club_with_owner()
    event = event_create(organiser=owner, organisation=club, name="Thursday", game=GAME, venue="Café")
    event_open_registration(event=event, by=owner)
    player = PlayerFactory(user__email="ann@example.org")
    registration_create(event=event, player=player)
    mail.outbox.clear()
    sign_in(phone, live_server.url, owner)
    phone.get(f"{live_server.url}/events/{event.pk}/edit/")
    fill(phone, "id_starts_on", "2026-12-10")
    fill(phone, "id_starts_time", "20:00")
    fill(phone, "id_venue", "The library")
    phone.find_element(By.CSS_SELECTOR, "details.more summary").click()
    assert not phone.find_element(By.ID, "id_rounds_planned").is_enabled()  # players registered for these rules
    shot(phone, "event-moved")
    click(phone, "Save", "Saved.")
    assert Event.objects.get(pk=event.pk).venue == "The library"
    assert [message.to for message in mail.outbox] == [["ann@example.org"]]
    assert "The library" in mail.outbox[0].body


def test_a_walk_in_registers_and_checks_in_from_the_poster_in_one_tap(live_server, phone) -> None:
    event = EventFactory(capacity=8)
    walk_in = PlayerFactory()
    sign_in(phone, live_server.url, walk_in.user)
    phone.get(f"{live_server.url}/events/{event.pk}/check-in/{check_in_code(event)}/")
    click(phone, "Register and check me in", "You are registered and checked in.")
    assert Registration.objects.get(event=event, player=walk_in).status == "checked_in"
    assert script_errors(phone) == []


def test_a_season_is_made_and_an_official_list_published_from_the_pages(live_server, phone) -> None:
    club, owner = club_with_owner()
    steward = PlayerFactory()
    federation = organisation_create(by=steward.user, slug="fed", name="Fed", kind="federation")
    RatingBody.objects.create(game="", organisation=federation)
    night = played_night(club, owner, seed=2)
    event_sanction(event=night, by=UserFactory(is_superuser=True), reason="a club night")
    sign_in(phone, live_server.url, owner)
    phone.get(f"{live_server.url}/clubs/owls/seasons/new/")
    fill(phone, "id_name", "Winter league")
    fill(phone, "id_starts_on", "2020-01-01")
    fill(phone, "id_ends_on", "2035-12-31")
    click(phone, "Create the season", "The season is created")
    season = Season.objects.get(name="Winter league")
    click(phone, "Add to the season", "joins the season")
    assert season.season_events.filter(event=night).exists()
    phone.delete_all_cookies()
    sign_in(phone, live_server.url, steward.user)
    phone.get(f"{live_server.url}/leaderboards/{GAME}/lists/new/")
    fill(phone, "id_name", "Winter 2026")
    click(phone, "Preview", "The list would be empty")  # the defaults leave these new players out: warned
    fill(phone, "id_min_games", "1")
    phone.find_element(By.ID, "id_leave_out_provisional").click()
    click(phone, "Preview again", "Under these rules the list holds 4 players")
    click(phone, "Publish", "Winter 2026")
    shot(phone, "list-published")
    assert "4 players on the list" in phone.find_element(By.TAG_NAME, "main").text


def test_a_nights_players_become_members_in_one_tap_and_a_player_asks_to_join(live_server, phone) -> None:
    club, owner = club_with_owner()
    night = played_night(club, owner, seed=3)
    players = [registration.player for registration in night.registrations.select_related("player")]
    sign_in(phone, live_server.url, owner)
    phone.get(f"{live_server.url}/events/{night.pk}/")
    click(phone, "Make its players members of Owls", "members")
    assert set(Membership.objects.filter(organisation=club).values_list("player_id", flat=True)) >= {
        player.pk for player in players
    }
    newcomer = PlayerFactory()
    phone.delete_all_cookies()
    sign_in(phone, live_server.url, newcomer.user)
    phone.get(f"{live_server.url}/clubs/owls/")
    click(phone, "Ask to join the club", "Your request to join waits for the club's staff.")
    phone.delete_all_cookies()
    sign_in(phone, live_server.url, owner)
    phone.get(f"{live_server.url}/clubs/owls/")
    click(phone, "Accept", newcomer.handle)
    assert Membership.objects.filter(organisation=club, player=newcomer, left_on__isnull=True).exists()


class _run_at_once:  # noqa: N801  (play_round's on_commit: with real transactions the hooks run by themselves)
    def __init__(self, execute: bool = True) -> None:
        pass

    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None
