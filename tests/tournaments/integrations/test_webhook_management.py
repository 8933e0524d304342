"""Webhooks managed through the API by an organisation's owners, against a real loopback receiver: list,
read, delete; a ping answered with the receiver's code and time; a rotated secret signing beside the old
one for its grace period; a failing subscription paused until enabled; a failed delivery sent again; and,
in the embedded default, deliveries off the request with their backoff honoured."""

import hashlib
import hmac
import json
import threading
import time
from datetime import timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from django.test import Client
from django.utils import timezone

from config import background
from tests.factories import PlayerFactory
from tests.tournaments.helpers import register_and_check_in
from tournaments.integrations.models import Webhook, WebhookDelivery
from tournaments.integrations.services import webhooks
from tournaments.integrations.services.subscriptions import webhook_subscribe
from tournaments.services.clubs import organisation_create
from tournaments.services.events import event_create, event_open_registration

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _loopback_receivers(settings):
    settings.WEBHOOK_ALLOW_HTTP = True
    settings.WEBHOOK_ALLOWED_NETWORKS = ["127.0.0.0/8"]


class Receiver:
    """A loopback HTTP server answering `status` after `delay` seconds; keeps (time, headers, body)."""

    def __init__(self, status: int = 200, delay: float = 0) -> None:
        self.status, self.delay, self.received = status, delay, []
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers["Content-Length"])).decode()
                receiver.received.append((time.monotonic(), dict(self.headers), body))
                time.sleep(receiver.delay)
                self.send_response(receiver.status)
                self.end_headers()
                self.wfile.write(b"thanks")

            def log_message(self, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_port}/hook"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()


def signed_by(secret: str, headers: dict[str, str], body: str) -> bool:
    parts = [part.split("=", 1) for part in headers["Webhook-Signature"].split(",")]
    stamp = next(value for name, value in parts if name == "t")
    expected = hmac.new(secret.encode(), f"{stamp}.{body}".encode(), hashlib.sha256).hexdigest()
    return any(hmac.compare_digest(value, expected) for name, value in parts if name == "v1")


@pytest.fixture
def owned_hook(request):
    receiver = Receiver(*getattr(request, "param", (200,)))
    owner = PlayerFactory()
    organisation_create(by=owner.user, slug="owls", name="Owls")
    client = Client()
    client.force_login(owner.user)
    made = client.post("/api/organisations/owls/webhooks/", {"url": receiver.url, "events": ["event.finished"]},
                       content_type="application/json")  # fmt: skip
    assert made.status_code == 201, made.content
    yield client, made.json(), receiver
    receiver.close()


def test_owners_list_and_read_their_webhooks_and_nobody_else_does(owned_hook) -> None:
    client, made, _receiver = owned_hook
    listed = client.get("/api/organisations/owls/webhooks/").json()
    assert [hook["id"] for hook in listed["results"]] == [made["id"]]
    assert "secret" not in listed["results"][0]
    assert client.get(f"/api/organisations/owls/webhooks/{made['id']}/").json()["events"] == ["event.finished"]
    stranger = Client()
    stranger.force_login(PlayerFactory().user)
    for path in ("", f"{made['id']}/", f"{made['id']}/deliveries/"):
        answer = stranger.get(f"/api/organisations/owls/webhooks/{path}")
        assert (answer.status_code, answer.json()["code"]) == (403, "not_staff")
    assert Client().get("/api/organisations/owls/webhooks/").status_code in (401, 403)
    assert client.get("/api/organisations/owls/webhooks/999999/").status_code == 404


def test_a_ping_reaches_the_receiver_signed_and_is_logged_with_its_answer(owned_hook) -> None:
    client, made, receiver = owned_hook
    ping = client.post(f"/api/organisations/owls/webhooks/{made['id']}/ping/")
    assert ping.status_code == 200, ping.content
    assert (ping.json()["status"], ping.json()["response_code"], ping.json()["event_type"]) == (
        "delivered",
        200,
        "ping",
    )
    assert ping.json()["seconds"] >= 0
    ((_at, headers, body),) = receiver.received
    assert signed_by(made["secret"], headers, body)
    assert json.loads(body)["data"]["organisation"] == "owls"
    log = client.get(f"/api/organisations/owls/webhooks/{made['id']}/deliveries/").json()
    assert [(d["event_type"], d["status"], d["response_code"]) for d in log["results"]] == [("ping", "delivered", 200)]


def test_a_rotated_secret_signs_beside_the_old_one_for_its_grace_period(owned_hook) -> None:
    client, made, receiver = owned_hook
    rotated = client.post(f"/api/organisations/owls/webhooks/{made['id']}/rotate-secret/").json()
    assert rotated["secret"] != made["secret"]
    assert rotated["previous_secret_until"] is not None
    client.post(f"/api/organisations/owls/webhooks/{made['id']}/ping/")
    _at, headers, body = receiver.received[-1]
    assert signed_by(rotated["secret"], headers, body)
    assert signed_by(made["secret"], headers, body)
    Webhook.objects.update(previous_secret_until=timezone.now() - timedelta(seconds=1))
    client.post(f"/api/organisations/owls/webhooks/{made['id']}/ping/")
    _at, headers, body = receiver.received[-1]
    assert signed_by(rotated["secret"], headers, body)
    assert not signed_by(made["secret"], headers, body)


@pytest.mark.parametrize("owned_hook", [(500,)], indirect=True)
def test_a_failing_subscription_is_paused_until_enabled_and_a_failed_delivery_is_sent_again(
    owned_hook, django_capture_on_commit_callbacks
) -> None:
    client, made, receiver = owned_hook
    organisation_id = Webhook.objects.get().organisation_id
    webhooks.webhooks_emit_many([(organisation_id, "event.finished", {"event": 1})])
    for _ in range(webhooks.ATTEMPTS):
        WebhookDelivery.objects.update(next_attempt_at=None)  # the backoff has passed
        webhooks.webhook_deliver(delivery_id=WebhookDelivery.objects.get().pk)
    hook = client.get(f"/api/organisations/owls/webhooks/{made['id']}/").json()
    assert hook["failing"] is True
    assert webhooks.webhooks_emit_many([(organisation_id, "event.finished", {})]) == 0
    receiver.status = 200
    failed = WebhookDelivery.objects.get()
    with django_capture_on_commit_callbacks(execute=True):
        again = client.post(f"/api/organisations/owls/webhooks/{made['id']}/deliveries/{failed.pk}/redeliver/")
    assert again.status_code == 202
    failed.refresh_from_db()
    assert (failed.status, failed.attempts, failed.response_code) == ("delivered", 1, 200)
    assert client.post(f"/api/organisations/owls/webhooks/{made['id']}/enable/").json()["failing"] is False
    assert webhooks.webhooks_emit_many([(organisation_id, "event.finished", {})]) == 1


def test_an_owner_deletes_a_webhook_and_its_log(owned_hook) -> None:
    client, made, _receiver = owned_hook
    client.post(f"/api/organisations/owls/webhooks/{made['id']}/ping/")
    assert client.delete(f"/api/organisations/owls/webhooks/{made['id']}/").status_code == 204
    assert not Webhook.objects.exists()
    assert not WebhookDelivery.objects.exists()
    assert client.get(f"/api/organisations/owls/webhooks/{made['id']}/").status_code == 404


@pytest.mark.off_the_request
@pytest.mark.django_db(transaction=True)
def test_embedded_deliveries_leave_the_request_and_wait_their_backoff(settings) -> None:
    """No broker: a receiver that takes 3 s does not slow the request that caused the delivery, and a
    failed attempt is tried again after WEBHOOK_FIRST_RETRY_SECONDS, not at once."""
    settings.WEBHOOK_FIRST_RETRY_SECONDS = 1
    slow = Receiver(status=500, delay=3)
    owner = PlayerFactory()
    club = organisation_create(by=owner.user, slug="owls", name="Owls")
    webhook_subscribe(organisation=club, by=owner.user, url=slow.url, events=["round.seated"])
    event = event_create(organiser=owner.user, name="Night", game="boomerang-australia", organisation=club)
    event_open_registration(event=event, by=owner.user)
    register_and_check_in(event, [PlayerFactory() for _ in range(4)])
    client = Client()
    client.force_login(owner.user)
    started = time.monotonic()
    assert client.post(f"/api/events/{event.pk}/start/").status_code == 201
    assert time.monotonic() - started < 2.5  # the receiver alone takes 3 s
    deadline = time.monotonic() + 20
    while len(slow.received) < 2 and time.monotonic() < deadline:
        time.sleep(0.1)
    background.forget_waiting()  # the later retries: this test's rows go with it
    slow.close()
    first, second = slow.received[0][0], slow.received[1][0]
    assert second - first >= 3 + settings.WEBHOOK_FIRST_RETRY_SECONDS - 0.2  # the answer, then the backoff
