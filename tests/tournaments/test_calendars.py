"""Calendar feeds, read back with the icalendar library: every coming event, a club's, a player's own; one
UID per event whatever the feed, and a SEQUENCE that grows when the event's time or venue changes."""

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone
from icalendar import Calendar

from tests.factories import EventFactory, OrganisationFactory, PlayerFactory
from tournaments.services.registrations import registration_create, registration_withdraw

pytestmark = pytest.mark.django_db


def entries(url: str) -> dict[str, dict]:
    answer = Client().get(url)
    assert answer.status_code == 200
    assert answer["Content-Type"].startswith("text/calendar")
    calendar = Calendar.from_ical(answer.content)
    return {str(e["summary"]): e for e in calendar.walk("VEVENT")}


def test_the_feeds_list_coming_events_with_stable_uids_and_growing_sequences() -> None:
    soon = timezone.now() + timedelta(days=3)
    club, other = OrganisationFactory(slug="owls"), OrganisationFactory(slug="hawks")
    night = EventFactory(name="Owls night", organisation=club, starts_at=soon, venue="Café", status="registration")
    EventFactory(name="Hawks night", organisation=other, starts_at=soon, status="registration")
    EventFactory(name="Secret draft", organisation=club, starts_at=soon, status="draft")
    EventFactory(name="Last year", organisation=club, starts_at=soon - timedelta(days=400), status="finished")
    everything = entries("/events.ics")
    assert set(everything) == {"Owls night", "Hawks night"}
    owls = entries("/clubs/owls/events.ics")
    assert set(owls) == {"Owls night"}
    first = owls["Owls night"]
    assert str(first["uid"]) == str(everything["Owls night"]["uid"])
    assert str(first["location"]) == "Café"
    assert first.decoded("dtstart") == night.starts_at.replace(microsecond=0)  # iCalendar keeps whole seconds
    night.venue = "Club house"
    night.starts_at = soon + timedelta(hours=1)
    night.save()
    moved = entries("/clubs/owls/events.ics")["Owls night"]
    assert str(moved["uid"]) == str(first["uid"])
    assert int(moved["sequence"]) > int(first["sequence"])
    assert str(moved["location"]) == "Club house"


def test_a_players_feed_lists_the_events_they_entered_and_not_those_they_left() -> None:
    player = PlayerFactory()
    soon = timezone.now() + timedelta(days=2)
    kept, left = EventFactory(name="Kept", starts_at=soon), EventFactory(name="Left", starts_at=soon)
    EventFactory(name="Never", starts_at=soon)
    registration_create(event=kept, player=player)
    registration = registration_create(event=left, player=player)
    registration_withdraw(registration=registration, by=player.user)
    assert set(entries(f"/players/{player.handle}/events.ics")) == {"Kept"}
    assert Client().get("/players/nobody/events.ics").status_code == 404
