"""Messages to the room refuse bad input naming the field (issue 70, item 2): an empty or control-character
text, an unknown audience or table, and an eleventh message within ten minutes; and an event that was not
kept on practice data is not re-verified with the printed edition (409 `not_kept`)."""

import json

import pytest
from rest_framework.test import APIClient

from tests.factories import EventFactory

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("body", "status", "field"),
    [
        ({"text": "   "}, 400, "text"),
        ({"text": "late \x07 start"}, 400, "text"),
        ({"text": "hi", "audience": "everyone"}, 400, "audience"),
        ({"text": "hi", "audience": "table", "table": 9}, 400, "table"),
    ],
)
def test_a_bad_message_is_refused_naming_its_field(body, status, field) -> None:
    event = EventFactory(game="boomerang-australia")
    organiser = APIClient()
    organiser.force_authenticate(event.organisers.get())
    answer = organiser.post(f"/api/events/{event.pk}/messages/", body, format="json")
    assert (answer.status_code, answer.json()["field"]) == (status, field), answer.content


def test_the_eleventh_message_in_ten_minutes_is_refused_and_reverify_needs_a_kept_event() -> None:
    event = EventFactory(game="boomerang-australia")
    organiser = APIClient()
    organiser.force_authenticate(event.organisers.get())
    statuses = [organiser.post(f"/api/events/{event.pk}/messages/", {"text": f"note {n}"}, format="json").status_code
                for n in range(11)]  # fmt: skip
    assert statuses == [201] * 10 + [409]
    refused = organiser.post(f"/api/events/{event.pk}/reverify/")
    assert (refused.status_code, refused.json()["code"]) == (409, "not_kept")


def test_a_message_to_the_room_reaches_the_clubs_webhooks() -> None:
    """Issue 70, item 2: a message reached the recipients' streams only; a club's Discord bot or site hears it
    through its webhook (`event.message`), with what the stream carries."""
    from tournaments.integrations.models import WebhookDelivery
    from tournaments.integrations.services.subscriptions import webhook_subscribe
    from tournaments.models import Staff

    event = EventFactory(game="boomerang-australia")
    owner = event.organisers.get()
    Staff.objects.update_or_create(organisation=event.organisation, user=owner, defaults={"role": "owner"})
    webhook_subscribe(organisation=event.organisation, by=owner, url="https://bot.example/hook",
                      events=["event.message"])  # fmt: skip
    organiser = APIClient()
    organiser.force_authenticate(owner)
    sent = organiser.post(f"/api/events/{event.pk}/messages/", {"text": "We start 15 minutes late"}, format="json")
    assert sent.status_code == 201, sent.content
    delivery = json.loads(WebhookDelivery.objects.get(event_type="event.message").body)
    assert (delivery["type"], delivery["data"]["text"]) == ("event.message", "We start 15 minutes late")
    assert delivery["data"]["event"] == event.pk


def test_a_message_to_the_room_reaches_its_recipients_by_e_mail_in_their_language(
    django_capture_on_commit_callbacks, mailoutbox
) -> None:
    """Issue 70: the organisers' word reached only the recipients' streams (a player not looking at the event's
    page missed "we start 15 minutes late"); now their e-mail too, in their language, unless they turned the
    event's changes off. A guest without an address and the waitlist's e-mails follow the audience."""
    from tests.factories import PlayerFactory
    from tournaments.models import Registration

    event = EventFactory(game="boomerang-australia")
    french = PlayerFactory(language="fr", user__email="fr@example.org")
    quiet = PlayerFactory(notify_changes=False, user__email="quiet@example.org")
    english = PlayerFactory(user__email="en@example.org")
    for player in (french, quiet, english):
        Registration.objects.create(event=event, player=player, status="registered")
    organiser = APIClient()
    organiser.force_authenticate(event.organisers.get())
    with django_capture_on_commit_callbacks(execute=True):
        sent = organiser.post(f"/api/events/{event.pk}/messages/", {"text": "We start 15 minutes late"}, format="json")
    assert sent.status_code == 201, sent.content
    by_address = {mail.to[0]: mail for mail in mailoutbox}
    assert set(by_address) == {"fr@example.org", "en@example.org"}
    assert by_address["en@example.org"].subject == f"{event.name}: a word from the organisers"
    assert "We start 15 minutes late" in by_address["fr@example.org"].body
    assert by_address["fr@example.org"].subject == f"{event.name} : un mot des organisateurs"
    assert "/unsubscribe/" in by_address["fr@example.org"].body
