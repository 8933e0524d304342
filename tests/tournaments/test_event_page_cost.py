"""The event page as cheap as the standings (issue 65, item 2): a visitor reads a copy kept until the event
changes, built once a change, and a championship's 2,000 registrations are summarised, not listed, to
visitors; the organiser still sees every one, to act on them. What a read costs is counted in queries here
(bench/pages.py measures the CPU: BENCHMARKS.md)."""

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from tests.factories import EventFactory, PlayerFactory
from tests.tournaments.helpers import register_and_check_in
from tournaments.models import Registration
from tournaments.services.registrations import registration_withdraw
from tournaments.services.rounds import event_start

pytestmark = pytest.mark.django_db
LISTED = 10


def queries(path: str) -> tuple[int, str]:
    with CaptureQueriesContext(connection) as captured:
        answer = Client().get(path)
    assert answer.status_code == 200
    return len(captured), answer.content.decode()


@pytest.fixture(autouse=True)
def _a_short_list(monkeypatch) -> None:
    """Ten listed instead of a hundred: the same code, with a tenth of the players to register."""
    monkeypatch.setattr("tournaments.pages.reads.EVENT_PAGE_REGISTRATIONS", LISTED)


def test_the_event_page_read_anonymously_costs_no_more_than_3x_the_standings_page() -> None:
    event = EventFactory(game="boomerang-australia", capacity=400, rounds_planned=3)
    players = [PlayerFactory() for _ in range(LISTED + 20)]
    register_and_check_in(event, players)
    event_start(event=event, by=event.organisers.get())
    first, page = queries(f"/events/{event.pk}/")  # built once, then kept
    event_page, page = queries(f"/events/{event.pk}/")
    queries(f"/events/{event.pk}/standings/")
    standings, _ = queries(f"/events/{event.pk}/standings/")
    assert event_page < first
    assert event_page <= 3 * max(standings, 1), (event_page, standings)
    assert "And 20 more players." in page  # a visitor's list is the first hundred
    assert page.count('class="handle"') <= LISTED + 10


def test_a_visitors_kept_event_page_changes_with_a_registration() -> None:
    event = EventFactory(game="boomerang-australia", capacity=40)
    register_and_check_in(event, [PlayerFactory(handle="first-in")])
    assert "first-in" in Client().get(f"/events/{event.pk}/").content.decode()
    register_and_check_in(event, [PlayerFactory(handle="second-in")])
    assert "second-in" in Client().get(f"/events/{event.pk}/").content.decode()
    first = Registration.objects.select_related("player__user").get(player__handle="first-in")
    registration_withdraw(registration=first, by=first.player.user)
    assert "first-in" not in Client().get(f"/events/{event.pk}/").content.decode()


def test_the_organiser_sees_every_registration_to_act_on() -> None:
    event = EventFactory(game="boomerang-australia", capacity=400)
    register_and_check_in(event, [PlayerFactory() for _ in range(LISTED + 5)])
    organiser = Client()
    organiser.force_login(event.organisers.get())
    page = organiser.get(f"/events/{event.pk}/").content.decode()
    assert "more players" not in page
    assert page.count('class="handle"') >= LISTED + 5
