"""The event archive: export, then import into an empty database, gives the same standings, verdicts and
(once sanctioned) ratings, for every game; an altered sheet or verdict, or other edition data, is refused
naming the table, the seat and the problem."""

import copy
import io
import json
from pathlib import Path

import jsonschema
import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command

import games
from config.errors import DomainError
from ratings.models import Rating, RatingPool
from ratings.services import pool_replay
from tests.factories import UserFactory
from tournaments import selectors, services
from tournaments.demo import demo_event_run
from tournaments.models import Event, Player, TableResult

SCHEMA = json.loads((Path(__file__).resolve().parents[2] / "docs" / "archive.schema.json").read_text())
pytestmark = pytest.mark.django_db(transaction=True)  # the demo plays through the API, tasks on commit


def snapshot(event: Event) -> tuple[dict, dict, dict]:
    standings = {row.handle: row.rank for row in selectors.event_standings(event=event)}
    verdicts = {
        (r.table.round.number, r.table.number): r.verdict
        for r in TableResult.objects.filter(table__round__event=event).select_related("table__round")
    }
    ratings = {
        r.name: (round(r.mu, 9), round(r.sigma, 9), r.games) for r in Rating.objects.filter(pool__game=event.game)
    }
    return standings, verdicts, ratings


def empty_the_database(event: Event) -> None:
    """As a fresh instance: no event, none of its players, no rating."""
    users = list(Player.objects.filter(registrations__event=event).values_list("user_id", flat=True))
    event.delete()
    get_user_model().objects.filter(pk__in=users).delete()
    for pool in RatingPool.objects.all():
        pool.events.all().delete()
        pool_replay(pool=pool)


@pytest.mark.parametrize("game", list(games.GAMES))
def test_export_then_import_into_an_empty_database_gives_the_same_event(game: str) -> None:
    players = 9 if game == "boomerang-hunt" else 6
    event = demo_event_run(game=game, players=players, seed=4, rounds=2, mistake_rate=0.3, rated=True).event
    before = snapshot(event)
    out = io.StringIO()
    call_command("export_event", str(event.pk), stdout=out)
    archive = json.loads(out.getvalue())
    jsonschema.validate(archive, SCHEMA)  # docs/archive.schema.json, the documented format
    empty_the_database(event)
    steward = UserFactory(is_superuser=True)
    imported = services.event_import(archive=archive, by=steward)
    services.event_sanction(event=imported, by=steward, reason="the same event, imported")
    assert snapshot(imported) == before


def an_archive() -> tuple[Event, dict]:
    event = demo_event_run(game="boomerang-australia", players=4, seed=5, rounds=1, rated=True).event
    return event, services.event_export(event=event)


def test_an_altered_sheet_is_refused_naming_the_table_and_the_seat() -> None:
    _event, archive = an_archive()
    altered = copy.deepcopy(archive)
    seat = altered["rounds"][0]["tables"][0]["seats"][1]
    seat["sheet"]["claimed_total"] += 3
    with pytest.raises(DomainError) as refused:
        services.event_import(archive=altered, by=UserFactory(is_superuser=True))
    assert "rounds[1].tables[1]" in refused.value.message
    assert seat["player"] in refused.value.message
    assert "total_mismatch" in refused.value.message  # the engine's problem code


def test_an_altered_verdict_or_other_edition_data_is_refused() -> None:
    _event, archive = an_archive()
    altered = copy.deepcopy(archive)
    altered["rounds"][0]["tables"][0]["verdict"]["seats"][0]["total"] += 1
    with pytest.raises(DomainError, match="the verdict does not match"):
        services.event_import(archive=altered, by=UserFactory(is_superuser=True))
    other = copy.deepcopy(archive)
    other["edition"]["fingerprint"] = "sha256:0"
    with pytest.raises(DomainError, match="other edition data"):
        services.event_import(archive=other, by=UserFactory(is_superuser=True))


def test_the_import_command_exits_non_zero_naming_the_problem(tmp_path) -> None:
    _event, archive = an_archive()
    archive["rounds"][0]["tables"][0]["seats"][0]["sheet"]["claimed_total"] += 1
    path = tmp_path / "night.json"
    path.write_text(json.dumps(archive, default=str))
    UserFactory(username="importer", is_superuser=True)
    with pytest.raises(CommandError, match=r"refused: rounds\[1\]\.tables\[1\]"):
        call_command("import_event", str(path), "--as", "importer")


def test_the_api_imports_an_archive_for_a_signed_in_organiser_and_refuses_anonymous() -> None:
    from django.test import Client

    event, archive = an_archive()
    empty_the_database(event)
    assert Client().post("/api/events/import/", archive, content_type="application/json").status_code in (401, 403)
    client = Client()
    client.force_login(UserFactory(is_superuser=True))
    answer = client.post("/api/events/import/", json.dumps(archive, default=str), content_type="application/json")
    assert answer.status_code == 201, answer.content
    assert answer.json()["status"] == "finished"
    broken = json.loads(json.dumps(archive, default=str))
    broken["version"] = 2
    refused = client.post("/api/events/import/", broken, content_type="application/json")
    assert (refused.status_code, refused.json()["code"], refused.json()["field"]) == (400, "archive_refused", "version")


@pytest.mark.parametrize(
    "break_it",
    [
        lambda a: a["rounds"][0]["tables"][0].pop("seats"),
        lambda a: a["players"].append({"handle": 7}),
        lambda a: a.__setitem__("rounds", "all of them"),
        lambda a: a["event"].__setitem__("points_by_table_size", {"4": [1]}),
    ],
    ids=["a table without seats", "a player without a status", "rounds not a list", "a points scheme refused here"],
)
def test_a_malformed_archive_is_a_clear_refusal_and_writes_nothing(break_it) -> None:
    event, archive = an_archive()
    empty_the_database(event)
    broken = json.loads(json.dumps(archive, default=str))
    break_it(broken)
    with pytest.raises(DomainError) as refused:
        services.event_import(archive=broken, by=UserFactory(is_superuser=True))
    assert refused.value.http_status == 400
    assert refused.value.message
    assert not Event.objects.exists()
