"""Migration 0018: events from before organisations move to one organisation and keep their ratings
(sanctioned); everyone who organised one is on its staff. Nothing is lost."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("tournaments", "0016_game_choices_read_when_asked")]
AFTER = [("tournaments", "0019_every_event_has_an_organisation")]


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def test_existing_events_move_to_one_organisation_sanctioned_with_their_organisers_as_staff() -> None:
    old = migrate(BEFORE)
    user_model = old.get_model("auth", "User")
    ann, bob = user_model.objects.create(username="ann"), user_model.objects.create(username="bob")
    event_model = old.get_model("tournaments", "Event")
    first = event_model.objects.create(name="First", game="boomerang-australia", rated=True)
    first.organisers.add(ann)
    second = event_model.objects.create(name="Second", game="boomerang-hunt", rated=False)
    second.organisers.add(ann, bob)

    new = migrate(AFTER)
    events = {e.name: e for e in new.get_model("tournaments", "Event").objects.select_related("organisation")}
    assert set(events) == {"First", "Second"}
    assert {e.organisation.slug for e in events.values()} == {"community"}
    assert {e.sanction for e in events.values()} == {"sanctioned"}
    assert (events["First"].rated, events["Second"].rated) == (True, False)  # the organisers' choice is kept
    staff = new.get_model("tournaments", "Staff").objects.order_by("user__username")
    assert [(s.user.username, s.role) for s in staff] == [("ann", "owner"), ("bob", "organiser")]
    decisions = new.get_model("tournaments", "SanctionDecision").objects.all()
    assert decisions.count() == 2
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())  # the schema as the other tests expect it
