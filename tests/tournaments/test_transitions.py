"""The state machines: one per model, every status change through them, the pages asking them what is open."""

import re
from datetime import timedelta
from pathlib import Path

import pytest
from django.db import transaction
from django.utils import timezone

from config.errors import Conflict
from tests.factories import EventFactory, PlayerFactory
from tournaments import states
from tournaments.models import Event, Registration, Round, TableResult
from tournaments.services.events import event_update
from tournaments.services.registrations import registration_create, registration_withdraw
from tournaments.services.rounds import event_start
from tournaments.services.transitions import advance, locked_for

pytestmark = pytest.mark.django_db

MACHINES = [
    (Event, states.EVENT),
    (Round, states.ROUND),
    (TableResult, states.TABLE),
    (Registration, states.REGISTRATION_MACHINE),
]


@pytest.mark.parametrize(("model", "machine"), MACHINES)
def test_each_machine_knows_exactly_its_models_statuses(model, machine) -> None:
    assert model.machine is machine
    named = {status for move in machine.moves.values() for status in move.sources}
    named |= {move.target for move in machine.moves.values() if move.target}
    assert named == set(model.Status.values)


def test_a_refusal_is_a_409_naming_the_status_found_and_the_field() -> None:
    event = EventFactory(status="running")
    with pytest.raises(Conflict) as refused, transaction.atomic():
        locked_for(Event, event.pk, "open_registration")
    assert (str(refused.value), refused.value.code, refused.value.field) == (
        "the event is running, not draft",
        "wrong_event_status",
        "status",
    )
    assert refused.value.http_status == 409


def test_a_move_saves_the_status_its_companions_and_the_update_time_and_nothing_else() -> None:
    registration = registration_create(event=EventFactory(), player=PlayerFactory())
    Registration.objects.filter(pk=registration.pk).update(updated_at=timezone.now() - timedelta(days=1))
    stale = Registration.objects.get(pk=registration.pk)
    Registration.objects.filter(pk=registration.pk).update(created_at=timezone.now() - timedelta(days=3))
    advance(stale, "check_in")
    stored = Registration.objects.get(pk=registration.pk)
    assert stored.status == "checked_in"
    assert stored.updated_at > timezone.now() - timedelta(minutes=1)
    assert stored.created_at < timezone.now() - timedelta(days=2)  # not overwritten from the stale copy


def test_every_wrong_status_refusal_of_the_services_names_the_status() -> None:
    draft = EventFactory(status="draft")
    with pytest.raises(Conflict, match="the event is draft; only an event taking registrations can start"):
        event_start(event=draft, by=draft.organisers.get())
    running = EventFactory(status="running")
    with pytest.raises(Conflict, match="the event is running: it can be edited until it starts"):
        event_update(event=running, by=running.organisers.get(), name="x")


def test_withdrawing_twice_is_refused_and_the_waitlist_does_not_move_twice() -> None:
    event = EventFactory(capacity=1)
    first = registration_create(event=event, player=PlayerFactory())
    registration_create(event=event, player=PlayerFactory())
    registration_withdraw(registration=first, by=first.player.user)
    with pytest.raises(Conflict, match="this registration is already withdrawn"):
        registration_withdraw(registration=first, by=first.player.user)


def test_a_row_says_which_actions_its_status_opens_and_an_unknown_action_fails_loudly() -> None:
    event = EventFactory(status="registration")
    assert event.can.start
    assert event.can.register
    assert not event.can.close
    assert states.EVENT.open_actions("finished") == {"show_results", "show_tables", "sanction", "unsanction"}
    with pytest.raises(states.UnknownAction):
        _ = event.can.strat


def test_templates_ask_the_machines_and_compare_no_status_string() -> None:
    templates = Path(__file__).resolve().parents[2] / "tournaments" / "templates"
    actions = {action for _, machine in MACHINES for action in machine.moves}
    for template in templates.rglob("*.html"):
        text = template.read_text()
        assert not re.search(r"status\s*(==|!=)", text), template.name
        for action in re.findall(r"\.can\.(\w+)", text):
            assert action in actions, (template.name, action)


def test_status_writes_happen_only_in_the_transition_helper_and_the_verification_queue() -> None:
    """Statuses move through services/transitions.py (advance/move) or, for the verification queue's
    conditional UPDATEs, with the machine's own sources and targets."""
    services_dir = Path(__file__).resolve().parents[2] / "tournaments" / "services"
    for module in services_dir.glob("*.py"):
        text = module.read_text()
        assert not re.search(r"\.status\s*=\s*(Event|Round|TableResult|Registration)\.Status\.", text), module.name
        assert not re.search(r"update\(\s*status=(Event|Round|TableResult|Registration)\.Status\.", text), module.name
