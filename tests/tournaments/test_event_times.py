"""Each event shows its times in its own time zone (an IANA name), with the date, in the page's language."""

from datetime import UTC, datetime

import pytest
from django.test import Client

from tests.factories import EventFactory
from tournaments.models import Event

pytestmark = pytest.mark.django_db


def test_events_take_an_iana_timezone_in_the_api(user_client) -> None:
    body = {"name": "Lyon night", "game": "boomerang-flip", "starts_at": "2026-11-26T18:00:00Z",
            "timezone": "Europe/Paris"}  # fmt: skip
    response = user_client.post("/api/events/", body, format="json")
    assert response.status_code == 201, response.content
    assert response.json()["timezone"] == "Europe/Paris"
    assert Event.objects.get().timezone == "Europe/Paris"


def test_a_name_that_is_no_time_zone_is_a_400_naming_the_field(user_client) -> None:
    body = {"name": "Night", "game": "boomerang-flip", "timezone": "Mars/Olympus"}
    response = user_client.post("/api/events/", body, format="json")
    assert response.status_code == 400
    assert response.json()["field"] == "timezone"
    assert "Mars/Olympus" in response.json()["detail"]


def test_an_event_created_without_one_takes_the_servers_event_time_zone(user_client, settings) -> None:
    response = user_client.post("/api/events/", {"name": "Night", "game": "boomerang-flip"}, format="json")
    assert response.json()["timezone"] == settings.EVENT_TIME_ZONE


@pytest.mark.parametrize(
    ("starts_at", "zone", "shown"),
    [
        (datetime(2026, 11, 26, 18, 0, tzinfo=UTC), "Europe/Paris", "26 November 2026, 19:00"),  # winter time
        (datetime(2026, 3, 28, 18, 0, tzinfo=UTC), "Europe/Paris", "28 March 2026, 19:00"),  # the day before DST
        (datetime(2026, 3, 29, 18, 0, tzinfo=UTC), "Europe/Paris", "29 March 2026, 20:00"),  # summer time
        (datetime(2026, 11, 26, 23, 30, tzinfo=UTC), "America/New_York", "26 November 2026, 18:30"),
        (datetime(2026, 11, 26, 23, 30, tzinfo=UTC), "Australia/Sydney", "27 November 2026, 10:30"),  # next day
    ],
)
def test_the_event_page_and_the_home_page_show_its_time_in_its_zone(starts_at, zone, shown) -> None:
    event = EventFactory(starts_at=starts_at, timezone=zone, status="registration")
    assert shown in Client().get(f"/events/{event.pk}/").content.decode()
    assert shown in Client().get("/").content.decode()


def test_french_pages_give_the_date_in_french() -> None:
    event = EventFactory(starts_at=datetime(2026, 11, 26, 18, 0, tzinfo=UTC), timezone="Europe/Paris")
    page = Client().get(f"/events/{event.pk}/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "26 novembre 2026, 19 h 00" in page
