"""The club's integrations page, for its owners: a webhook added (its secret shown once), pinged, paused and
enabled, a failed delivery sent again, a key made (shown once) and revoked; nobody else sees the page."""

import re

import pytest
from django.test import Client

from tests.factories import PlayerFactory
from tests.tournaments.integrations.test_webhook_management import Receiver
from tournaments.integrations.models import ApiKey, Webhook, WebhookDelivery
from tournaments.services.clubs import organisation_create

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _loopback_receivers(settings):
    settings.WEBHOOK_ALLOW_HTTP = True
    settings.WEBHOOK_ALLOWED_NETWORKS = ["127.0.0.0/8"]


@pytest.fixture
def owner_page():
    owner = PlayerFactory()
    organisation_create(by=owner.user, slug="owls", name="Owls")
    client = Client()
    client.force_login(owner.user)
    return client


def test_an_owner_adds_pings_and_manages_a_webhook_from_the_page(
    owner_page, django_capture_on_commit_callbacks
) -> None:
    receiver = Receiver()
    assert "Webhooks and API keys" in owner_page.get("/clubs/owls/").content.decode()
    made = owner_page.post("/clubs/owls/integrations/webhooks/", {"url": receiver.url, "events": ["event.finished"]})
    hook = Webhook.objects.get()
    assert hook.secret in made.content.decode()  # shown once, on the page that made it
    assert hook.secret not in owner_page.get("/clubs/owls/integrations/").content.decode()
    pinged = owner_page.post(f"/clubs/owls/integrations/webhooks/{hook.pk}/ping/", follow=True).content.decode()
    assert "The ping was answered 200" in pinged
    WebhookDelivery.objects.update(status="failed")
    Webhook.objects.update(failing=True)
    page = owner_page.get("/clubs/owls/integrations/").content.decode()
    assert "paused after failures" in page
    assert "Send again" in page
    delivery = WebhookDelivery.objects.get()
    with django_capture_on_commit_callbacks(execute=True):
        owner_page.post(f"/clubs/owls/integrations/webhooks/{hook.pk}/deliveries/{delivery.pk}/redeliver/")
    assert WebhookDelivery.objects.get().status == "delivered"
    owner_page.post(f"/clubs/owls/integrations/webhooks/{hook.pk}/enable/")
    assert not Webhook.objects.get().failing
    rotated = owner_page.post(f"/clubs/owls/integrations/webhooks/{hook.pk}/rotate/").content.decode()
    assert Webhook.objects.get().secret in rotated
    owner_page.post(f"/clubs/owls/integrations/webhooks/{hook.pk}/delete/")
    assert not Webhook.objects.exists()
    receiver.close()


def test_an_owner_makes_a_key_shown_once_and_revokes_it(owner_page) -> None:
    made = owner_page.post("/clubs/owls/integrations/keys/", {"name": "Website", "scopes": ["read"]}).content.decode()
    key = re.search(r"bk_[0-9a-f]+_[\w-]+", made).group(0)
    assert Client(headers={"Authorization": f"Bearer {key}"}).get("/api/events/").status_code == 200
    listed = owner_page.get("/clubs/owls/integrations/").content.decode()
    assert "Website" in listed
    assert key not in listed
    owner_page.post(f"/clubs/owls/integrations/keys/{ApiKey.objects.get().pk}/revoke/")
    assert Client(headers={"Authorization": f"Bearer {key}"}).get("/api/events/").status_code == 401
    refused = owner_page.post("/clubs/owls/integrations/keys/", {"name": "Nothing"}, follow=True).content.decode()
    assert "Choose at least one thing the key may do." in refused


def test_only_owners_see_the_page() -> None:
    owner = PlayerFactory()
    organisation_create(by=owner.user, slug="owls", name="Owls")
    stranger = Client()
    stranger.force_login(PlayerFactory().user)
    assert stranger.get("/clubs/owls/integrations/").status_code == 403
    assert Client().get("/clubs/owls/integrations/").status_code == 302  # to the log-in page
