"""The models that moved from the core into the apps above it (tournaments 0046 and each app's 0001) keep
their tables and their rows: a database populated under the old schema upgrades with nothing lost, and the
moved models' content types (so their permissions) follow them."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)

MOVED = {"catalogue": "edition", "seasons": "season", "integrations": "webhook", "live": "streammessage",
         "stewarding": "sanctiondecision", "results": "resultchange", "analysis": "cardstat"}  # fmt: skip
BEFORE = [
    ("tournaments", "0045_stream_message"),
    ("contenttypes", "0002_remove_content_type_name"),
    *((app, None) for app in MOVED),
]


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state([target for target in targets if target[1]]).apps  # (app, None): unapplied


def test_a_populated_database_upgrades_with_every_moved_row_kept() -> None:
    old = migrate(BEFORE)
    content_types = old.get_model("contenttypes", "ContentType")
    content_types.objects.filter(app_label__in=MOVED).delete()  # as before the upgrade: the core owned them
    for model in MOVED.values():
        content_types.objects.get_or_create(app_label="tournaments", model=model)
    user = old.get_model("auth", "User").objects.create(username="ann")
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

    new = migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
    assert new.get_model("seasons", "Season").objects.get().name == "League"
    assert new.get_model("integrations", "Webhook").objects.get().events == ["event.finished"]
    assert new.get_model("live", "StreamMessage").objects.get().kind == "round.seated"
    assert new.get_model("stewarding", "SanctionDecision").objects.get().event.name == "Night"
    assert new.get_model("analysis", "CardStat").objects.get().players == 4
    moved = new.get_model("contenttypes", "ContentType").objects.filter(model__in=MOVED.values())
    assert sorted(moved.values_list("app_label", "model")) == sorted(MOVED.items())


def test_the_quality_labs_reports_and_decisions_move_with_it() -> None:
    old = migrate([("ratings", "0008_parameters_decision"), ("contenttypes", "0002_remove_content_type_name"),
                   ("rating_lab", None)])  # fmt: skip
    content_types = old.get_model("contenttypes", "ContentType")
    content_types.objects.filter(app_label="rating_lab").delete()
    content_types.objects.get_or_create(app_label="ratings", model="qualityreport")
    pool = old.get_model("ratings", "RatingPool").objects.create(game="boomerang-lab", name="Lab pool")
    old.get_model("ratings", "QualityReport").objects.create(pool=pool, computed_at="2026-11-01T00:00Z", seconds=1.5,
                                                             figures={"tables": 12})  # fmt: skip

    new = migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
    report = new.get_model("rating_lab", "QualityReport").objects.get()
    assert (report.pool.game, report.figures) == ("boomerang-lab", {"tables": 12})
    assert new.get_model("contenttypes", "ContentType").objects.get(model="qualityreport").app_label == "rating_lab"
