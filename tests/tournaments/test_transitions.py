"""The one status-transition helper: a refusal names the status it found; a move saves only what changed."""

from datetime import timedelta

import pytest
from django.db import transaction
from django.utils import timezone

from config.errors import Conflict
from tests.factories import EventFactory, PlayerFactory
from tournaments import services
from tournaments.models import Event, Registration
from tournaments.services.transitions import locked_in_status, status_move

pytestmark = pytest.mark.django_db


def test_a_refusal_is_a_409_naming_the_status_found_and_the_field() -> None:
    event = EventFactory(status="running")
    with pytest.raises(Conflict) as refused, transaction.atomic():
        locked_in_status(Event, event.pk, ["draft"], "the event is {row.status}, not draft", "wrong_event_status")
    assert (str(refused.value), refused.value.code, refused.value.field) == (
        "the event is running, not draft",
        "wrong_event_status",
        "status",
    )
    assert refused.value.http_status == 409


def test_a_move_saves_the_status_its_companions_and_the_update_time_and_nothing_else() -> None:
    registration = services.registration_create(event=EventFactory(), player=PlayerFactory())
    Registration.objects.filter(pk=registration.pk).update(updated_at=timezone.now() - timedelta(days=1))
    stale = Registration.objects.get(pk=registration.pk)
    Registration.objects.filter(pk=registration.pk).update(created_at=timezone.now() - timedelta(days=3))
    status_move(stale, Registration.Status.CHECKED_IN)
    stored = Registration.objects.get(pk=registration.pk)
    assert stored.status == "checked_in"
    assert stored.updated_at > timezone.now() - timedelta(minutes=1)
    assert stored.created_at < timezone.now() - timedelta(days=2)  # not overwritten from the stale copy


def test_every_wrong_status_refusal_of_the_services_names_the_status() -> None:
    draft = EventFactory(status="draft")
    with pytest.raises(Conflict, match="the event is draft; only an event taking registrations can start"):
        services.event_start(event=draft, by=draft.organisers.get())
    running = EventFactory(status="running")
    with pytest.raises(Conflict, match="the event is running; only a draft can be edited"):
        services.event_update(event=running, by=running.organisers.get(), name="x")
