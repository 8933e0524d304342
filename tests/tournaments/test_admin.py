"""The admin lists every model with data, and its actions go through the services."""

import pytest

from tests.factories import EventFactory, PlayerFactory
from tests.tournaments.helpers import register_and_check_in
from tournaments import services
from tournaments.models import Round

pytestmark = pytest.mark.django_db

MODELS = ["edition", "sheetcheck", "player", "event", "registration", "round", "table", "tableresult", "scoresheet"]


@pytest.fixture
def seated_event(admin_user):  # type: ignore[no-untyped-def]
    event = EventFactory(organisers=[admin_user])
    register_and_check_in(event, [PlayerFactory() for _ in range(5)])
    services.event_start(event=event, by=admin_user)
    return event


@pytest.mark.parametrize("model", MODELS)
def test_every_changelist_and_change_page_renders(admin_client, seated_event, model: str) -> None:  # type: ignore[no-untyped-def]
    page = admin_client.get(f"/admin/tournaments/{model}/")
    assert page.status_code == 200
    search = admin_client.get(f"/admin/tournaments/{model}/?q=club")
    assert search.status_code == 200


def test_the_start_round_action_starts_the_round(admin_client, seated_event) -> None:  # type: ignore[no-untyped-def]
    round_ = Round.objects.get(event=seated_event)
    admin_client.post("/admin/tournaments/round/", {"action": "start_round", "_selected_action": [round_.pk]})
    round_.refresh_from_db()
    assert round_.status == "running"


def test_a_refused_action_is_reported_as_a_message_not_an_error(admin_client, seated_event) -> None:  # type: ignore[no-untyped-def]
    response = admin_client.post(
        "/admin/tournaments/event/", {"action": "open_registration", "_selected_action": [seated_event.pk]}, follow=True
    )
    assert response.status_code == 200
    assert "the event is running, not draft" in response.content.decode()
