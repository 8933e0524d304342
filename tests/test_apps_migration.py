"""Upgrades of a populated database keep every row: migration 0018 moves the events from before organisations
to one organisation (sanctioned, their organisers its staff); the models that moved from the core into the
apps above it (tournaments 0046 and each app's 0001, ratings 0009 and rating_lab's 0001) keep their tables,
their rows and their content types (so their permissions).

One walk up through the history from an empty database, stage by stage, each stage's rows made under the
schema of its day: what an install of that day upgrading met. Django renders the state of every model related
to the one each migration changes, so a walk costs about a fresh `migrate`; walking down from the latest
schema first (as this test once did) cost as much again (58 s of CI's second pass against 25-35 s, issue 68)."""

import pytest
from django.core.management.sql import emit_post_migrate_signal
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import override_settings

pytestmark = pytest.mark.django_db(transaction=True)

MOVED = {"catalogue": "edition", "seasons": "season", "integrations": "webhook", "live": "streammessage",
         "stewarding": "sanctiondecision", "results": "resultchange", "analysis": "cardstat"}  # fmt: skip
APPS_UNAPPLIED = [(app, None) for app in [*MOVED, "casual", "finance", "opendata"]]
BEFORE_ORGANISATIONS = [
    ("tournaments", "0016_game_choices_read_when_asked"),
    ("ratings", "0008_parameters_decision"),
    ("contenttypes", "0002_remove_content_type_name"),
    ("rating_lab", None),
    *APPS_UNAPPLIED,
]
AFTER_ORGANISATIONS = [("tournaments", "0019_every_event_has_an_organisation")]
BEFORE_THE_MOVE = [
    ("tournaments", "0045_stream_message"),
    ("contenttypes", "0002_remove_content_type_name"),
    *APPS_UNAPPLIED,
]


def migrate(targets):  # type: ignore[no-untyped-def]
    """The database at `targets` ((app, None): none of the app), and the models of that state."""
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    return executor.loader.project_state([target for target in targets if target[1]]).apps


def leaves():  # type: ignore[no-untyped-def]
    return MigrationExecutor(connection).loader.graph.leaf_nodes()


@pytest.fixture
def _an_empty_database():  # type: ignore[no-untyped-def]
    """The suite's database is made from the models, with the migrations out of sight (tests/conftest.py):
    here its tables are dropped and the migrations are in sight, to build it again one stage at a time (the
    walk ends at the latest schema, which `tests/test_migrations.py` holds is the models')."""
    with connection.cursor() as cursor:
        tables = connection.introspection.table_names(cursor)
    with connection.schema_editor(atomic=False) as editor:  # each table's own DROP, in an order that holds
        if connection.vendor == "postgresql":
            editor.execute(f"DROP TABLE {', '.join(editor.quote_name(table) for table in tables)} CASCADE")
        else:
            for table in tables:  # SQLite: the schema editor has switched foreign keys off
                editor.execute(f"DROP TABLE {editor.quote_name(table)}")
    with override_settings(MIGRATION_MODULES={}):
        yield
    # The walk made content types and permissions anew (other ids) and only some of them; the flush after a
    # transactional test keeps those rows as they stand (tests/conftest.py): make every model's again, as a
    # fresh `migrate` does, which also forgets the ids the content types' cache still holds.
    emit_post_migrate_signal(verbosity=0, interactive=False, db=connection.alias)


@pytest.mark.usefixtures("_an_empty_database")
def test_a_database_populated_under_each_old_schema_upgrades_with_nothing_lost() -> None:
    old = migrate(BEFORE_ORGANISATIONS)
    _rows_from_before_organisations(old)
    _quality_report_owned_by_ratings(old)

    _check_events_moved_to_one_organisation(migrate(AFTER_ORGANISATIONS))

    _rows_of_models_owned_by_the_core(migrate(BEFORE_THE_MOVE))

    new = migrate(leaves())
    _check_moved_rows_kept(new)
    report = new.get_model("rating_lab", "QualityReport").objects.get()
    assert (report.pool.game, report.figures) == ("boomerang-lab", {"tables": 12})
    assert new.get_model("contenttypes", "ContentType").objects.get(model="qualityreport").app_label == "rating_lab"


def _rows_from_before_organisations(old) -> None:  # type: ignore[no-untyped-def]
    user_model = old.get_model("auth", "User")
    ann, bob = user_model.objects.create(username="ann"), user_model.objects.create(username="bob")
    event_model = old.get_model("tournaments", "Event")
    first = event_model.objects.create(name="First", game="boomerang-australia", rated=True)
    first.organisers.add(ann)
    second = event_model.objects.create(name="Second", game="boomerang-hunt", rated=False)
    second.organisers.add(ann, bob)


def _quality_report_owned_by_ratings(old) -> None:  # type: ignore[no-untyped-def]
    content_types = old.get_model("contenttypes", "ContentType")
    content_types.objects.filter(app_label="rating_lab").delete()
    content_types.objects.get_or_create(app_label="ratings", model="qualityreport")
    pool = old.get_model("ratings", "RatingPool").objects.create(game="boomerang-lab", name="Lab pool")
    old.get_model("ratings", "QualityReport").objects.create(pool=pool, computed_at="2026-11-01T00:00Z", seconds=1.5,
                                                             figures={"tables": 12})  # fmt: skip


def _check_events_moved_to_one_organisation(new) -> None:  # type: ignore[no-untyped-def]
    events = {e.name: e for e in new.get_model("tournaments", "Event").objects.select_related("organisation")}
    assert set(events) == {"First", "Second"}
    assert {e.organisation.slug for e in events.values()} == {"community"}
    assert {e.sanction for e in events.values()} == {"sanctioned"}
    assert (events["First"].rated, events["Second"].rated) == (True, False)  # the organisers' choice is kept
    staff = new.get_model("tournaments", "Staff").objects.order_by("user__username")
    assert [(s.user.username, s.role) for s in staff] == [("ann", "owner"), ("bob", "organiser")]
    assert new.get_model("tournaments", "SanctionDecision").objects.count() == 2


def _rows_of_models_owned_by_the_core(old) -> None:  # type: ignore[no-untyped-def]
    content_types = old.get_model("contenttypes", "ContentType")
    content_types.objects.filter(app_label__in=MOVED).delete()  # as before the upgrade: the core owned them
    for model in MOVED.values():
        content_types.objects.get_or_create(app_label="tournaments", model=model)
    user = old.get_model("auth", "User").objects.get(username="ann")
    club = old.get_model("tournaments", "Organisation").objects.create(slug="owls", name="Owls")
    event = old.get_model("tournaments", "Event").objects.create(name="Night", game="boomerang-australia",
                                                                 organisation=club)  # fmt: skip
    old.get_model("tournaments", "Season").objects.create(organisation=club, name="League", game="boomerang-australia",
                                                          starts_on="2026-01-01", ends_on="2026-12-31")  # fmt: skip
    old.get_model("tournaments", "Webhook").objects.create(organisation=club, url="https://example.org/hook",
                                                           events=["event.finished"], secret="s" * 32)  # fmt: skip
    old.get_model("tournaments", "StreamMessage").objects.create(event_id=event.pk, kind="round.seated", data={})
    old.get_model("tournaments", "SanctionDecision").objects.create(event=event, decision="sanctioned", by=user,
                                                                    reason="club night")  # fmt: skip
    old.get_model("tournaments", "CardStat").objects.create(game="boomerang-australia", players=4, lines={})


def _check_moved_rows_kept(new) -> None:  # type: ignore[no-untyped-def]
    assert new.get_model("seasons", "Season").objects.get().name == "League"
    assert new.get_model("integrations", "Webhook").objects.get().events == ["event.finished"]
    assert new.get_model("live", "StreamMessage").objects.get().kind == "round.seated"
    night = new.get_model("stewarding", "SanctionDecision").objects.get(event__name="Night")
    assert night.reason == "club night"
    assert new.get_model("analysis", "CardStat").objects.get().players == 4
    moved = new.get_model("contenttypes", "ContentType").objects.filter(model__in=MOVED.values())
    assert sorted(moved.values_list("app_label", "model")) == sorted(MOVED.items())
