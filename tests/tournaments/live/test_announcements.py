"""One outbox (tournaments/announcements.py): every message the service sends about play is of a kind in its
catalogue, carried as the catalogue says (webhooks, the event's public stream without the players' private
fields, a player's own stream), and the documents list the same kinds."""

import random
from pathlib import Path

import pytest

from tests.factories import EventFactory, PlayerFactory
from tests.tournaments.helpers import play_round, register_and_check_in
from tournaments import announcements
from tournaments.announcements import CATALOGUE, EVENT, PLAYER, WEBHOOK_KINDS, Announcement
from tournaments.integrations.models import Webhook, WebhookDelivery
from tournaments.live.models import StreamMessage
from tournaments.services.rounds import event_start

DOCS = Path(__file__).resolve().parents[3] / "docs"


def test_the_documents_list_every_kind_the_catalogue_has() -> None:
    stream, webhooks = (DOCS / "stream.md").read_text(), (DOCS / "webhooks.md").read_text()
    assert [k for k, kind in CATALOGUE.items() if kind.stream and f"`{k}`" not in stream] == []
    assert [k for k in WEBHOOK_KINDS if f"`{k}`" not in webhooks] == []
    assert Webhook.EVENTS == WEBHOOK_KINDS  # a subscription takes exactly what webhooks carry


def test_a_kind_outside_the_catalogue_is_refused() -> None:
    with pytest.raises(ValueError, match="not in the catalogue"):
        Announcement("table.lost", {})


def test_the_streams_and_the_webhooks_carry_the_outbox() -> None:
    carriers = {carrier.__module__ for carrier in announcements._carriers}
    assert carriers == {"tournaments.live.services", "tournaments.integrations.services.webhooks"}


@pytest.mark.django_db
def test_a_round_played_sends_only_catalogued_kinds_each_by_its_carriers(
    settings, django_capture_on_commit_callbacks
) -> None:
    settings.WEBHOOK_ALLOW_HTTP, settings.WEBHOOK_ALLOWED_NETWORKS = True, ["127.0.0.0/8"]
    event = EventFactory(game="boomerang-australia", rounds_planned=1)
    organiser = event.organisers.get()
    Webhook.objects.create(organisation=event.organisation, url="http://127.0.0.1:9/hook", events=list(WEBHOOK_KINDS),
                           secret="s" * 32)  # fmt: skip
    register_and_check_in(event, [PlayerFactory() for _ in range(4)])
    round_ = event_start(event=event, by=organiser)
    play_round(round_, organiser, random.Random(3), django_capture_on_commit_callbacks)
    messages = list(StreamMessage.objects.all())
    assert {m.kind for m in messages} >= {"round.seated", "you.seated", "round.started", "table.verified"}
    for message in messages:
        kind = CATALOGUE[message.kind]
        assert kind.kept
        assert (message.user_id is not None) == (kind.stream == PLAYER)
        if kind.stream == EVENT:
            assert not set(kind.private) & set(message.data), message.kind  # a verdict's problems stay private
    delivered = set(WebhookDelivery.objects.values_list("event_type", flat=True))
    assert delivered == {"round.seated", "table.verified"}
