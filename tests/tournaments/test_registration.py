"""Registration: capacity, the ordered waitlist and its promotion, check-in, withdraw and drop."""

import pytest

from config.errors import Conflict, DomainError, NotAllowed
from tests.factories import EventFactory, PlayerFactory, UserFactory
from tournaments.models import Event, Registration
from tournaments.results.services.forfeits import registration_drop
from tournaments.selectors.events import waitlist_position
from tournaments.services.events import event_create
from tournaments.services.registrations import registration_check_in, registration_create, registration_withdraw

pytestmark = pytest.mark.django_db


def test_players_past_capacity_go_on_an_ordered_waitlist() -> None:
    event = EventFactory(capacity=2)
    registrations = [registration_create(event=event, player=PlayerFactory()) for _ in range(4)]
    assert [r.status for r in registrations] == ["registered", "registered", "waitlisted", "waitlisted"]
    assert [waitlist_position(registration=r) for r in registrations] == [None, None, 1, 2]


def test_a_withdrawal_promotes_the_first_on_the_waitlist() -> None:
    event = EventFactory(capacity=1)
    first, second, third = (registration_create(event=event, player=PlayerFactory()) for _ in range(3))
    registration_withdraw(registration=first, by=first.player.user)
    second.refresh_from_db()
    third.refresh_from_db()
    assert (second.status, third.status) == ("registered", "waitlisted")
    assert waitlist_position(registration=third) == 1


def test_registering_twice_is_refused_but_a_withdrawn_player_may_come_back_at_the_back() -> None:
    event = EventFactory(capacity=1)
    player, other = PlayerFactory(), PlayerFactory()
    registration = registration_create(event=event, player=player)
    with pytest.raises(Conflict, match="already registered"):
        registration_create(event=event, player=player)
    registration_withdraw(registration=registration, by=player.user)
    registration_create(event=event, player=other)
    assert registration_create(event=event, player=player).status == "waitlisted"


def test_registration_is_refused_when_the_event_is_not_taking_it() -> None:
    with pytest.raises(DomainError, match="registration is not open: the event is draft"):
        registration_create(event=EventFactory(status="draft"), player=PlayerFactory())


def test_only_the_player_or_an_organiser_can_check_in_and_drop() -> None:
    event = EventFactory()
    registration = registration_create(event=event, player=PlayerFactory())
    with pytest.raises(NotAllowed):
        registration_check_in(registration=registration, by=UserFactory())
    organiser = event.organisers.get()
    assert registration_check_in(registration=registration, by=organiser).status == "checked_in"


def test_dropping_is_for_running_events_and_withdrawing_for_events_not_started() -> None:
    event = EventFactory()
    registration = registration_create(event=event, player=PlayerFactory())
    with pytest.raises(Conflict, match="only a running event can be dropped"):
        registration_drop(registration=registration, by=registration.player.user)
    Event.objects.filter(pk=event.pk).update(status="running")
    registration.refresh_from_db()
    with pytest.raises(Conflict, match="drop out instead"):
        registration_withdraw(registration=registration, by=registration.player.user)
    assert registration_drop(registration=registration, by=registration.player.user).status == "dropped"


def test_an_event_with_an_impossible_points_scheme_is_refused_naming_the_field() -> None:
    with pytest.raises(DomainError) as error:
        event_create(organiser=UserFactory(), name="x", game="boomerang-flip", points_by_table_size={"2": [1, 2, 3]})
    assert error.value.field == "points_by_table_size"


def test_registration_history_is_kept() -> None:
    event = EventFactory()
    registration = registration_create(event=event, player=PlayerFactory())
    registration_check_in(registration=registration, by=registration.player.user)
    assert [h.status for h in Registration.history.filter(id=registration.id).order_by("history_date")] == [
        "registered",
        "checked_in",
    ]


@pytest.mark.parametrize("language", ["en", "fr"])
def test_an_organiser_closes_registration_now_on_the_page_and_the_api(language) -> None:
    """Issue 56, item 9: what the pages do has an operation; closing registration had none."""
    from datetime import timedelta

    from django.test import Client
    from django.utils import timezone
    from rest_framework.test import APIClient

    event = EventFactory(registration_opens=timezone.now() + timedelta(days=2))
    organiser = event.organisers.get()
    stranger = APIClient()
    stranger.force_authenticate(PlayerFactory().user)
    assert stranger.post(f"/api/events/{event.pk}/close-registration/").status_code == 403
    api = APIClient()
    api.force_authenticate(organiser)
    closed = api.post(f"/api/events/{event.pk}/close-registration/")
    assert closed.status_code == 200
    assert closed.json()["registration_closes"] is not None
    assert closed.json()["registration_opens"] is None  # it had not opened: closed from now on
    with pytest.raises(Conflict):
        registration_create(event=event, player=PlayerFactory())
    other = EventFactory()
    page = Client(HTTP_ACCEPT_LANGUAGE=language)
    page.force_login(other.organisers.get())
    label = {"en": "Close registration now", "fr": "Clore les inscriptions maintenant"}[language]
    assert label in page.get(f"/events/{other.pk}/").content.decode()
    done = page.post(f"/events/{other.pk}/close-registration/", follow=True).content.decode()
    assert {"en": "Registration is closed", "fr": "Les inscriptions sont closes"}[language] in done
    with pytest.raises(Conflict):
        registration_create(event=Event.objects.get(pk=other.pk), player=PlayerFactory())
    draft = EventFactory(status="draft")
    refused = APIClient()
    refused.force_authenticate(draft.organisers.get())
    assert refused.post(f"/api/events/{draft.pk}/close-registration/").json()["code"] == "wrong_event_status"


def test_every_operation_declares_503_and_every_read_but_a_stream_304() -> None:
    from django.test import Client

    schema = Client().get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    for path, item in schema["paths"].items():
        for method, operation in item.items():
            if method not in ("get", "post", "put", "patch", "delete"):
                continue
            assert "503" in operation["responses"], (method, path)
            streams = "text/event-stream" in operation["responses"].get("200", {}).get("content", {})
            if method == "get" and not streams:
                assert "304" in operation["responses"], path
