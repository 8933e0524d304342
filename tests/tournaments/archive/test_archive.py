"""The event archive: export, then import into an empty database, gives the same standings, verdicts and
(once sanctioned) ratings, for every game; an altered sheet or verdict, or other edition data, is refused
naming the table, the seat and the problem."""

import copy
import io
import json
from datetime import datetime, timedelta
from pathlib import Path

import jsonschema
import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command

import games
from config.errors import DomainError
from ratings.models import Rating, RatingPool
from ratings.services.pools import pool_replay
from tests.factories import UserFactory
from tournaments.archive.services import event_export, event_import
from tournaments.demo.services import demo_event_run
from tournaments.models import Event, Player, TableResult
from tournaments.results.services.claims import guest_claim
from tournaments.selectors.events import event_standings
from tournaments.stewarding.services import event_sanction

SCHEMA = json.loads((Path(__file__).resolve().parents[3] / "docs" / "archive.schema.json").read_text())
pytestmark = pytest.mark.django_db(transaction=True)  # the demo plays through the API, tasks on commit


def snapshot(event: Event) -> tuple[dict, dict, dict]:
    standings = {row.handle: row.rank for row in event_standings(event=event)}
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
def test_export_then_import_into_an_empty_database_gives_the_same_event(game: str, real_edition_stand_in) -> None:
    real_edition_stand_in(game)  # rated (and so compared) once the game's edition is the printed one
    players = 9 if game == "boomerang-hunt" else 6
    event = demo_event_run(game=game, players=players, seed=4, rounds=2, mistake_rate=0.3, rated=True).event
    before = snapshot(event)
    out = io.StringIO()
    call_command("export_event", str(event.pk), stdout=out)
    archive = json.loads(out.getvalue())
    jsonschema.validate(archive, SCHEMA)  # docs/archive.schema.json, the documented format
    empty_the_database(event)
    steward = UserFactory(is_superuser=True)
    imported = event_import(archive=archive, by=steward)
    another = UserFactory(is_superuser=True)  # the importer organises it: another steward decides
    event_sanction(event=imported, by=another, reason="the same event, imported")
    assert snapshot(imported) == before


def an_archive() -> tuple[Event, dict]:
    event = demo_event_run(game="boomerang-australia", players=4, seed=5, rounds=1, rated=True).event
    return event, event_export(event=event)


def test_an_altered_sheet_is_refused_naming_the_table_and_the_seat() -> None:
    _event, archive = an_archive()
    altered = copy.deepcopy(archive)
    seat = altered["rounds"][0]["tables"][0]["seats"][1]
    seat["sheet"]["claimed_total"] += 3
    with pytest.raises(DomainError) as refused:
        event_import(archive=altered, by=UserFactory(is_superuser=True))
    assert "rounds[1].tables[1]" in refused.value.message
    assert seat["player"] in refused.value.message
    assert "total_mismatch" in refused.value.message  # the engine's problem code


def test_an_altered_verdict_or_other_edition_data_is_refused() -> None:
    _event, archive = an_archive()
    altered = copy.deepcopy(archive)
    altered["rounds"][0]["tables"][0]["verdict"]["seats"][0]["total"] += 1
    with pytest.raises(DomainError, match="the verdict does not match"):
        event_import(archive=altered, by=UserFactory(is_superuser=True))
    other = copy.deepcopy(archive)
    other["edition"]["fingerprint"] = "sha256:0"
    with pytest.raises(DomainError, match="other edition data"):
        event_import(archive=other, by=UserFactory(is_superuser=True))


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
        event_import(archive=broken, by=UserFactory(is_superuser=True))
    assert refused.value.http_status == 400
    assert refused.value.message
    assert not Event.objects.exists()


def fresh_archive() -> dict:
    """An archive of an event that is no longer here (as from another instance), as JSON would carry it: made
    once per test process (each test's database is emptied after it, so no copy is ever here; playing the
    demo night for each of the twenty tests that read one cost ~1 s apiece), a copy of it for each test."""
    if not _FRESH_ARCHIVE:
        event, archive = an_archive()
        empty_the_database(event)
        _FRESH_ARCHIVE.append(json.dumps(archive, default=str))
    return json.loads(_FRESH_ARCHIVE[0])


_FRESH_ARCHIVE: list[str] = []


def test_an_archive_imported_twice_is_refused_the_second_time_naming_the_first() -> None:
    archive = fresh_archive()
    steward = UserFactory(is_superuser=True)
    first = event_import(archive=archive, by=steward)
    renamed = copy.deepcopy(archive)
    renamed["event"]["name"], renamed["source"] = "The same night, renamed", {"instance": "https://x.org", "event": 9}
    for again in (archive, renamed):
        with pytest.raises(DomainError) as refused:
            event_import(archive=again, by=steward)
        assert (refused.value.code, refused.value.http_status) == ("archive_imported", 409)
        assert f"event {first.pk}" in refused.value.message
    assert Event.objects.count() == 1


def test_an_event_imported_before_0_5_0_is_known_by_its_old_hash() -> None:
    """Issue 67, item 16: events imported before 0.5.0 keep a hash of their rounds with the tables' times, so
    the same archive (from an instance that does not say where it comes from) was imported a second time."""
    from tournaments.archive.identity import legacy_results_hash

    archive = fresh_archive()
    archive.pop("source", None)  # an archive of an older instance names no source
    steward = UserFactory(is_superuser=True)
    first = event_import(archive=copy.deepcopy(archive), by=steward)
    Event.objects.filter(pk=first.pk).update(results_hash=legacy_results_hash(archive))  # as 0.4 stored it
    with pytest.raises(DomainError) as refused:
        event_import(archive=copy.deepcopy(archive), by=steward)
    assert (refused.value.code, f"event {first.pk}" in refused.value.message) == ("archive_imported", True)
    assert Event.objects.count() == 1


def test_an_event_exported_from_here_and_still_here_is_refused() -> None:
    _event, archive = an_archive()
    with pytest.raises(DomainError) as refused:
        event_import(archive=json.loads(json.dumps(archive, default=str)), by=UserFactory(is_superuser=True))
    assert refused.value.code == "archive_imported"


def test_an_event_exported_here_under_another_address_is_refused_by_the_instances_own_id(settings) -> None:
    """Issue 67, item 16: an instance's own event re-imported as if from another site once its address had
    changed (another SITE_URL, a venue laptop's other port)."""
    _event, archive = an_archive()
    assert len(archive["source"]["instance_id"]) == 24
    settings.SITE_URL = "https://moved.example"
    with pytest.raises(DomainError) as refused:
        event_import(archive=json.loads(json.dumps(archive, default=str)), by=UserFactory(is_superuser=True))
    assert refused.value.code == "archive_imported"
    settings.SECRET_KEY = "another-instance-entirely-with-a-long-enough-secret-key"  # another instance's id
    imported = event_import(archive=json.loads(json.dumps(archive, default=str)), by=UserFactory(is_superuser=True))
    assert imported.imported_from.endswith(f"#{archive['source']['event']}")


def test_an_archive_table_without_sheets_is_refused() -> None:
    archive = fresh_archive()
    for seat in archive["rounds"][0]["tables"][0]["seats"]:
        seat["sheet"] = None
    with pytest.raises(DomainError) as refused:
        event_import(archive=archive, by=UserFactory(is_superuser=True))
    assert "no sheet" in refused.value.message
    assert refused.value.field == "rounds[1].tables[1].seats"
    assert not Event.objects.exists()


def test_a_forfeit_that_is_none_and_an_override_without_reason_are_refused_an_override_with_one_is_imported() -> None:
    archive = fresh_archive()
    table = archive["rounds"][0]["tables"][0]
    forged = copy.deepcopy(archive)
    forged["rounds"][0]["tables"][0]["verdict"]["forfeit"] = True  # nobody forfeited: a winner made up
    with pytest.raises(DomainError, match="won by forfeit, but 4 players"):
        event_import(archive=forged, by=UserFactory(is_superuser=True))
    table["verdict"]["seats"][0]["total"] += 50
    table["status"] = "overridden"
    with pytest.raises(DomainError) as refused:
        event_import(archive=archive, by=UserFactory(is_superuser=True))
    assert refused.value.field == "rounds[1].tables[1].override_reason"
    table["override_reason"] = "a lost card found after the game"
    imported = event_import(archive=archive, by=UserFactory(is_superuser=True))
    result = TableResult.objects.get(table__round__event=imported)
    assert (result.status, result.override_reason) == ("overridden", "a lost card found after the game")
    from django.test import Client

    steward = Client()
    steward.force_login(UserFactory(is_superuser=True))
    queue = steward.get("/stewards/").content.decode()
    assert "Tables whose result the organiser set by hand: 1" in queue  # shown to the steward as such
    assert "a lost card found after the game" in queue
    assert "Imported from an archive" in queue


@pytest.mark.parametrize("when", ["1970-01-01T00:00:00+00:00", "2999-01-01T00:00:00+00:00", "yesterday", None])
def test_a_verification_time_outside_the_event_is_refused(when) -> None:
    archive = fresh_archive()
    archive["rounds"][0]["tables"][0]["verified_at"] = when
    with pytest.raises(DomainError) as refused:
        event_import(archive=archive, by=UserFactory(is_superuser=True))
    assert refused.value.field == "rounds[1].tables[1].verified_at"


def test_existing_players_are_not_enrolled_without_their_consent_they_can_claim_a_guest() -> None:
    from tests.factories import PlayerFactory

    archive = fresh_archive()
    handles = [p["handle"] for p in archive["players"]]
    someone = PlayerFactory(handle=handles[0])
    importer = PlayerFactory(handle=handles[1])
    importer.user.is_superuser = True  # may import into any club
    importer.user.save()
    imported = event_import(archive=archive, by=importer.user)
    entered = set(Player.objects.filter(registrations__event=imported).values_list("handle", flat=True))
    assert someone.handle not in entered
    assert importer.handle in entered  # their own handle: they imported it
    guest = Player.objects.get(handle=f"{handles[0]}-2", guest=True)
    sheets = services_sheets_of(imported)
    assert f'"{guest.handle}"' in sheets  # sheets and verdicts name the guest
    assert f'"{handles[0]}"' not in sheets
    guest_claim(code=guest.claim_code, by=someone.user)
    assert Player.objects.filter(registrations__event=imported, pk=someone.pk).exists()


def services_sheets_of(event: Event) -> str:
    from tournaments.models import ScoreSheet

    rows = ScoreSheet.objects.filter(seat__table__round__event=event).values_list("data", flat=True)
    verdicts = TableResult.objects.filter(table__round__event=event).values_list("verdict", flat=True)
    return json.dumps([*rows, *verdicts])


@pytest.mark.parametrize(
    ("break_it", "field"),
    [
        (lambda a: a["rounds"].append(copy.deepcopy(a["rounds"][0])), "rounds"),
        (lambda a: a["rounds"][0]["tables"].append(copy.deepcopy(a["rounds"][0]["tables"][0])), "rounds[1].tables"),
        (lambda a: a["rounds"][0]["tables"][0]["seats"][1].__setitem__("position", 1), "rounds[1].tables[1].seats"),
        (lambda a: a["event"].__setitem__("capacity", 0), "capacity"),
        (lambda a: a["event"].__setitem__("name", "x" * 5000), "name"),
        (lambda a: a["event"].__setitem__("name", "Night\r\nBcc: all"), "name"),
        (lambda a: a["event"].__setitem__("venue", "Café \u202eevil"), "venue"),
        (lambda a: a["event"].__setitem__("rounds_planned", 10**6), "rounds_planned"),
        (lambda a: a["event"].__setitem__("seed", 10**30), "seed"),
        (lambda a: a["event"].__setitem__("timezone", "Mars/Olympus"), "timezone"),
        (lambda a: a["event"].__setitem__("draft_direction", "sideways"), "draft_direction"),
        (lambda a: a["players"][0].__setitem__("status", "bogus"), "players"),
        (lambda a: a["players"][0].__setitem__("display_name", "Ann\nSmith"), "players"),
    ],
    ids=["round twice", "table twice", "seat twice", "capacity 0", "long name", "CR LF in the name",
         "right-to-left override", "a million rounds", "seed 10^30", "unknown time zone", "draft direction",
         "registration status", "a newline in a display name"],
)  # fmt: skip
def test_hostile_values_in_an_archive_are_refused_naming_the_field_and_write_nothing(break_it, field) -> None:
    archive = fresh_archive()
    break_it(archive)
    with pytest.raises(DomainError) as refused:
        event_import(archive=archive, by=UserFactory(is_superuser=True))
    assert refused.value.http_status == 400
    assert (refused.value.field or "").startswith(field), (refused.value.field, refused.value.message)
    assert not Event.objects.exists()


def test_the_import_command_refuses_deeply_nested_json(tmp_path) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    UserFactory(username="importer", is_superuser=True)
    with pytest.raises(CommandError, match="nested"):
        call_command("import_event", str(path), "--as", "importer")


def test_an_overridden_tables_places_follow_from_its_sheets_unless_a_steward_imports_it() -> None:
    """Issue 53: an overridden table with its ranks reversed imported as it stood."""
    archive = fresh_archive()
    table = archive["rounds"][0]["tables"][0]
    table["status"], table["override_reason"] = "overridden", "the organiser's word"
    seats = table["verdict"]["seats"]
    ranks = [seat["rank"] for seat in seats]
    for seat, rank in zip(seats, reversed(ranks), strict=True):
        seat["rank"] = rank
    assert ranks != list(reversed(ranks))
    organiser = UserFactory()
    with pytest.raises(DomainError) as refused:
        event_import(archive=copy.deepcopy(archive), by=organiser)
    assert refused.value.field == "rounds[1].tables[1].verdict"
    assert "only a steward" in refused.value.message
    assert not Event.objects.exists()
    imported = event_import(archive=archive, by=UserFactory(is_superuser=True))  # a steward vouches
    assert TableResult.objects.get(table__round__event=imported).status == "overridden"


def test_near_copies_of_the_same_games_are_one_archive_whatever_their_times() -> None:
    """Issue 53: 25 near-copies imported, each with one `verified_at` a microsecond apart."""
    archive = fresh_archive()
    steward = UserFactory(is_superuser=True)
    event_import(archive=copy.deepcopy(archive), by=steward)
    near = copy.deepcopy(archive)
    at = datetime.fromisoformat(near["rounds"][0]["tables"][0]["verified_at"])
    near["rounds"][0]["tables"][0]["verified_at"] = (at + timedelta(microseconds=1)).isoformat()
    with pytest.raises(DomainError) as refused:
        event_import(archive=near, by=steward)
    assert refused.value.code == "archive_imported"
    assert Event.objects.count() == 1


def test_an_events_api_shows_a_seed_commitment_before_round_1_and_the_seed_after_the_event(tmp_path, capsys) -> None:
    """Issue 70, item 1: the draw published before round 1, revealed after the event, and the documented
    command recomputes round 1's seating from the archive alone; a seed changed afterwards shows."""
    from rest_framework.test import APIClient

    from tests.factories import PlayerFactory
    from tests.tournaments.helpers import register_and_check_in
    from tournaments.draw import draw_commitment
    from tournaments.services.clubs import organisation_create
    from tournaments.services.events import event_create, event_open_registration
    from tournaments.services.rounds import event_start

    owner = PlayerFactory().user
    club = organisation_create(by=owner, slug="drawn", name="Drawn")
    event = event_create(organiser=owner, name="Drawn night", game="boomerang-australia", organisation=club,
                         rounds_planned=1, seed=4242)  # fmt: skip
    assert APIClient().get(f"/api/events/{event.pk}/").json()["draw"]["commitment"] is None  # a draft: none yet
    event_open_registration(event=event, by=owner)
    draw = APIClient().get(f"/api/events/{event.pk}/").json()["draw"]
    event.refresh_from_db()
    assert draw["commitment"] == draw_commitment(seed=4242, deal_seed=event.deal_seed)
    assert (draw["deal_seed"], draw["holds"]) == (None, None)  # the secret stays secret until the end
    register_and_check_in(event, [PlayerFactory() for _ in range(7)])
    event_start(event=event, by=owner)
    event.refresh_from_db()
    assert event.draw_commitment == draw["commitment"]  # the start did not commit anew
    demo_finish(event)
    event.refresh_from_db()
    revealed = APIClient().get(f"/api/events/{event.pk}/").json()["draw"]
    assert (revealed["deal_seed"], revealed["holds"]) == (event.deal_seed, True)

    archive = tmp_path / "night.json"
    archive.write_text(json.dumps(event_export(event=event), default=str))
    jsonschema.validate(json.loads(archive.read_text()), SCHEMA)
    call_command("verify_draw", str(archive))
    assert "the draw holds" in capsys.readouterr().out
    altered = json.loads(archive.read_text())
    altered["event"]["seed"] = 4243  # a seed changed after the commitment
    archive.write_text(json.dumps(altered))
    with pytest.raises(SystemExit):
        call_command("verify_draw", str(archive))
    assert "a seed was changed" in capsys.readouterr().err


def demo_finish(event: Event) -> None:
    """Play the event's one round with legal sheets and close it."""
    import random

    from tests.tournaments.helpers import legal_seat_data
    from tournaments.results.services.closing import event_close
    from tournaments.results.services.sheets import table_sheets_submit
    from tournaments.services.rounds import round_start

    organiser = event.organisers.get()
    round_ = event.rounds.get()
    round_start(round_=round_, by=organiser)
    for table in round_.tables.all():
        table_sheets_submit(table=table, seats=legal_seat_data(table, random.Random(table.pk)), by=organiser)
    event_close(event=Event.objects.get(pk=event.pk), by=organiser)
