"""Syncing without re-reading everything: events and an event's tables changed since a moment, oldest change
first, read page by page through an opaque cursor."""

import random
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from tests.factories import EventFactory
from tests.tournaments.helpers import legal_seat_data, running_round
from tournaments.models import Event
from tournaments.results.services.sheets import table_sheets_submit
from tournaments.services.events import event_update

pytestmark = pytest.mark.django_db


def read_all(client: Client, path: str, params: dict) -> list[dict]:
    """Every result, following `next` as a client does."""
    rows, page = [], client.get(path, params).json()
    while True:
        rows += page["results"]
        if not page["next"]:
            return rows
        page = client.get(page["next"]).json()


def test_events_changed_since_a_moment_come_oldest_first_by_cursor() -> None:
    old = [EventFactory() for _ in range(3)]
    Event.objects.filter(pk__in=[e.pk for e in old]).update(updated_at=timezone.now() - timedelta(days=2))
    moment = timezone.now() - timedelta(days=1)
    fresh = [EventFactory() for _ in range(5)]
    client = Client()
    changed = read_all(client, "/api/events/changes/", {"updated_since": moment.isoformat(), "page_size": 2})
    assert [row["id"] for row in changed] == [e.pk for e in fresh]
    assert "count" not in client.get("/api/events/changes/").json()  # a cursor: no count to keep true
    event_update(event=old[0], by=old[0].organisers.get(), venue="The library")
    again = read_all(client, "/api/events/changes/", {"updated_since": moment.isoformat()})
    assert again[-1]["id"] == old[0].pk  # its change is the newest
    assert len(read_all(client, "/api/events/changes/", {})) == 8


def test_an_events_tables_changed_since_a_moment(django_capture_on_commit_callbacks) -> None:
    event, round_ = running_round(players=8)
    tables = list(round_.tables.order_by("number"))
    moment = timezone.now()
    verified = tables[1]
    with django_capture_on_commit_callbacks(execute=True):
        table_sheets_submit(table=verified, seats=legal_seat_data(verified, random.Random(2)),
                                     by=event.organisers.get())  # fmt: skip
    client = Client()
    changed = read_all(client, "/api/tables/changes/", {"event": event.pk, "updated_since": moment.isoformat()})
    assert [(row["id"], row["result"]["status"]) for row in changed] == [(verified.pk, "verified")]
    assert len(read_all(client, "/api/tables/changes/", {"event": event.pk})) == 2
    refused = client.get("/api/tables/changes/", {"updated_since": "yesterday"})
    assert refused.status_code == 400
    assert set(refused.json()["errors"]) == {"event", "updated_since"}


@pytest.mark.django_db
def test_an_empty_updated_since_is_refused_naming_it_not_read_as_everything(api_client) -> None:
    """Issue 67, item 18: `?updated_since=` returned every event."""
    answer = api_client.get("/api/events/changes/", {"updated_since": ""})
    assert answer.status_code == 400
    assert answer.json()["field"] == "updated_since"
    assert api_client.get("/api/events/changes/").status_code == 200
