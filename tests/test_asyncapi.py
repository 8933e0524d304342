"""The AsyncAPI document (issue 56, item 4): served beside the OpenAPI schema, naming every kind of message of
the catalogue with a typed payload, each carried where the catalogue says; and what the service actually sends
(every announcement, every stream row, every webhook body) validates against it."""

import json
import random
from collections.abc import Sequence

import jsonschema
import pytest
from django.test import Client

from tests.tournaments.results.test_results_pipeline import World
from tournaments import announcements
from tournaments.announcements import CATALOGUE, WEBHOOK_KINDS, Announcement
from tournaments.integrations.models import WebhookDelivery
from tournaments.integrations.services.subscriptions import webhook_subscribe
from tournaments.live.models import StreamMessage
from tournaments.live.services import room_message_send
from tournaments.models import Event
from tournaments.results.services.rating import official_list_publish

pytestmark = pytest.mark.django_db(transaction=True)


def served() -> dict:
    answer = Client().get("/api/asyncapi.json")
    assert answer.status_code == 200
    return answer.json()


def test_an_asyncapi_document_is_served_with_every_kind_of_the_catalogue() -> None:
    document = served()
    assert document["asyncapi"] == "3.0.0"
    messages = document["components"]["messages"]
    assert set(CATALOGUE) <= set(messages)
    for name, kind in CATALOGUE.items():
        jsonschema.Draft202012Validator.check_schema(messages[name]["payload"])
        if kind.webhook:
            assert f"webhook.{name}" in messages
            assert f"webhook.{name}" in document["channels"]["webhook"]["messages"]
    streamed = {"eventStream": "event", "playerStream": "player"}
    for channel, stream in streamed.items():
        carried = set(document["channels"][channel]["messages"])
        assert carried == {name for name, kind in CATALOGUE.items() if kind.stream == stream}
    for message in messages.values():  # an example of every message, valid by its payload's schema
        (example,) = message["examples"]
        jsonschema.validate(example["payload"], message["payload"], cls=jsonschema.Draft202012Validator)
    for channel in document["channels"].values():  # every reference resolves
        for ref in channel["messages"].values():
            assert ref["$ref"].removeprefix("#/components/messages/") in messages
    assert {op["channel"]["$ref"] for op in document["operations"].values()} == {
        f"#/channels/{name}" for name in document["channels"]
    }
    assert document["info"]["version"] == Client().get("/api/schema/?format=json").json()["info"]["version"]


def test_what_is_actually_sent_validates_against_the_document(django_capture_on_commit_callbacks, settings) -> None:
    settings.WEBHOOK_ALLOW_HTTP, settings.WEBHOOK_ALLOWED_NETWORKS = True, ["127.0.0.0/8"]  # delivered nowhere
    told: list[Announcement] = []

    def capture(batch: Sequence[Announcement]) -> None:
        told.extend(batch)

    announcements.register_carrier(capture)
    try:
        world = World(random.Random(56), django_capture_on_commit_callbacks)
        webhook_subscribe(organisation=world.club, by=world.owner, url="http://127.0.0.1:9/every-kind",
                          events=list(WEBHOOK_KINDS))  # fmt: skip
        event = world.events[1]
        for change in ["wrong_sheets", "sheets", "next_round", "sheets", "close", "unsanction", "sanction"]:
            event.refresh_from_db()
            world.apply(change, event)
        world.run_backlog()
        room_message_send(event=event, by=event.organisers.get(), text="Prizes at the bar.")  # the room's word
    finally:
        announcements._carriers.remove(capture)
    official_list_publish(game=event.game, by=world.steward, name="2026-11")
    assert Event.objects.get(pk=event.pk).status == Event.Status.FINISHED
    document = served()
    messages = document["components"]["messages"]

    def check(name: str, payload: object) -> None:
        jsonschema.validate(payload, messages[name]["payload"], cls=jsonschema.Draft202012Validator)

    seen = set()
    for announcement in told:
        check(announcement.kind, announcement.data)
        seen.add(announcement.kind)
    for row in StreamMessage.objects.all():
        check(row.kind, row.data)
    for delivery in WebhookDelivery.objects.all():
        check(f"webhook.{delivery.event_type}", json.loads(delivery.body))
        seen.add(delivery.event_type)
    assert seen == set(CATALOGUE), set(CATALOGUE) - seen
