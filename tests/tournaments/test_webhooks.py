"""Webhooks to a real HTTP server on loopback, which checks every signature: a seated round and a finished
event are delivered after the commit; a receiver that answers 500 gets retries, then the delivery fails and
the subscription is marked failing; a down receiver never fails the request that caused the delivery."""

import hashlib
import hmac
import json
import random
import threading
from http.server import BaseHTTPRequestHandler, HTTPServer

import pytest
from django.test import Client

from tests.factories import PlayerFactory
from tests.tournaments.helpers import play_round, register_and_check_in
from tournaments import services
from tournaments.models import Webhook, WebhookDelivery
from tournaments.services import webhooks

pytestmark = pytest.mark.django_db


class Receiver:
    """A loopback HTTP server that answers `status` and keeps (event, body, signature valid?) per request."""

    def __init__(self, status: int = 200) -> None:
        self.status, self.secret, self.received = status, "", []
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers["Content-Length"])).decode()
                stamp, given = (part.split("=", 1)[1] for part in self.headers["Webhook-Signature"].split(","))
                expected = hmac.new(receiver.secret.encode(), f"{stamp}.{body}".encode(), hashlib.sha256).hexdigest()
                receiver.received.append(
                    (self.headers["Webhook-Event"], json.loads(body), hmac.compare_digest(given, expected))
                )
                self.send_response(receiver.status)
                self.end_headers()
                self.wfile.write(b"ok" if receiver.status < 300 else b"boom")

            def log_message(self, *args: object) -> None:
                pass

        self.server = HTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_port}/hook"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()


@pytest.fixture
def club_with_hook(request):
    owner = PlayerFactory()
    club = services.organisation_create(by=owner.user, slug="owls", name="Owls")
    receiver = Receiver(getattr(request, "param", 200))
    client = Client()
    client.force_login(owner.user)
    answer = client.post(
        "/api/organisations/owls/webhooks/", {"url": receiver.url, "events": ["round.seated", "event.finished"]},
        content_type="application/json",
    )  # fmt: skip
    assert answer.status_code == 201, answer.content
    receiver.secret = answer.json()["secret"]
    yield owner, club, receiver
    receiver.close()


def test_only_owners_subscribe(club_with_hook) -> None:
    stranger = Client()
    stranger.force_login(PlayerFactory().user)
    body = {"url": "https://example.org/hook", "events": ["event.finished"]}
    assert stranger.post("/api/organisations/owls/webhooks/", body, content_type="application/json").status_code == 403


def test_seating_and_closing_are_delivered_signed_after_the_commit(
    club_with_hook, django_capture_on_commit_callbacks
) -> None:
    owner, club, receiver = club_with_hook
    event = services.event_create(
        organiser=owner.user, name="Night", game="boomerang-australia", organisation=club, rounds_planned=1
    )
    services.event_open_registration(event=event, by=owner.user)
    register_and_check_in(event, [PlayerFactory() for _ in range(4)])
    with django_capture_on_commit_callbacks(execute=True):
        round_ = services.event_start(event=event, by=owner.user)
    play_round(round_, owner.user, random.Random(2), django_capture_on_commit_callbacks)
    with django_capture_on_commit_callbacks(execute=True):
        services.event_close(event=event, by=owner.user)
    assert [(kind, valid) for kind, _body, valid in receiver.received] == [
        ("round.seated", True),
        ("event.finished", True),
    ]
    seated = receiver.received[0][1]["data"]
    assert seated["round"] == 1
    assert len(seated["tables"][0]["players"]) == 4
    assert len(receiver.received[1][1]["data"]["places"]) == 4
    assert set(WebhookDelivery.objects.values_list("status", flat=True)) == {"delivered"}


@pytest.mark.parametrize("club_with_hook", [500], indirect=True)
def test_a_receiver_answering_500_gets_retries_then_the_subscription_is_marked_failing(
    club_with_hook, monkeypatch
) -> None:
    _owner, club, receiver = club_with_hook
    later: list[float] = []
    monkeypatch.setattr(webhooks, "dispatch_later", lambda name, countdown, *args: later.append(countdown) or True)
    webhooks.webhooks_emit(organisation_id=club.pk, event_type="event.finished", data={"event": 1})
    delivery = WebhookDelivery.objects.get()
    statuses = [webhooks.webhook_deliver(delivery_id=delivery.pk) for _ in range(webhooks.ATTEMPTS + 1)]
    assert statuses == ["pending"] * (webhooks.ATTEMPTS - 1) + ["failed", "failed"]
    assert later == [10, 20, 40, 80]  # the retries' backoff, in seconds
    assert len(receiver.received) == webhooks.ATTEMPTS  # the last call found it failed and sent nothing
    delivery.refresh_from_db()
    assert (delivery.attempts, delivery.response_code, delivery.response_body) == (webhooks.ATTEMPTS, 500, "boom")
    assert Webhook.objects.get().failing


def test_a_down_receiver_never_fails_the_request(django_capture_on_commit_callbacks) -> None:
    owner = PlayerFactory()
    club = services.organisation_create(by=owner.user, slug="owls", name="Owls")
    services.webhook_subscribe(
        organisation=club, by=owner.user, url="http://127.0.0.1:9/nothing", events=["round.seated"]
    )
    event = services.event_create(organiser=owner.user, name="Night", game="boomerang-australia", organisation=club)
    services.event_open_registration(event=event, by=owner.user)
    register_and_check_in(event, [PlayerFactory() for _ in range(4)])
    client = Client()
    client.force_login(owner.user)
    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post(f"/api/events/{event.pk}/start/")
    assert answer.status_code == 201
    delivery = WebhookDelivery.objects.get()
    assert delivery.response_code is None
    assert delivery.attempts >= 1


def test_a_subscription_with_a_bad_address_or_an_unknown_event_is_refused_naming_the_field(club_with_hook) -> None:
    owner, _club, _receiver = club_with_hook
    client = Client()
    client.force_login(owner.user)
    url = "/api/organisations/owls/webhooks/"
    bad_url = client.post(url, {"url": "ftp://x", "events": ["event.finished"]}, content_type="application/json")
    assert bad_url.status_code == 400
    assert bad_url.json()["field"] == "url"
    unknown = client.post(
        url, {"url": "https://x.org/h", "events": ["event.exploded"]}, content_type="application/json"
    )
    assert unknown.status_code == 400
    assert unknown.json()["field"].startswith("events")


def test_a_published_rating_list_reaches_every_subscribed_organisation(
    club_with_hook, django_capture_on_commit_callbacks
) -> None:
    from ratings import services as ratings

    _owner, club, receiver = club_with_hook
    Webhook.objects.filter(organisation=club).update(events=["rating.list.published"])
    other = services.organisation_create(by=PlayerFactory().user, slug="larks", name="Larks")
    Webhook.objects.create(organisation=other, url="https://example.invalid/", events=["event.finished"], secret="x")
    with django_capture_on_commit_callbacks(execute=True):
        published = ratings.list_publish(game="boomerang-australia", name="2026-11", actor="steward")
    assert [(kind, valid) for kind, _body, valid in receiver.received] == [("rating.list.published", True)]
    data = receiver.received[0][1]["data"]
    assert (data["list"], data["name"], data["game"]) == (published.pk, "2026-11", "boomerang-australia")
    assert data["url"].endswith(f"/ratings/lists/{published.pk}/")
    assert not WebhookDelivery.objects.filter(webhook__organisation=other).exists()  # not subscribed to lists
