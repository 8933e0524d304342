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


def test_the_event_page_shows_the_standings_with_their_tie_breaks(
    admin_client, admin_user, django_capture_on_commit_callbacks
) -> None:  # type: ignore[no-untyped-def]
    import random

    from tests.tournaments.helpers import play_round

    event = EventFactory(organisers=[admin_user], rounds_planned=1)
    register_and_check_in(event, [PlayerFactory() for _ in range(4)])
    round_ = services.event_start(event=event, by=admin_user)
    play_round(round_, admin_user, random.Random(1), django_capture_on_commit_callbacks)
    page = admin_client.get(f"/admin/tournaments/event/{event.pk}/change/").content.decode()
    assert "opponents&#x27; points" in page or "opponents' points" in page
    for registration in event.registrations.all():
        assert registration.player.handle in page
