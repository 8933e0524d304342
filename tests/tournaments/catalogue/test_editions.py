"""Edition data in the database: shipped by a migration, replaced by load_edition, shown in the API."""

import json
import random

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from config.errors import DomainError
from games import australia, hunt
from tests.tournaments.helpers import legal_seat_data, running_round
from tournaments.catalogue.models import Edition
from tournaments.catalogue.selectors import edition_rules_data
from tournaments.catalogue.services import edition_load
from tournaments.models import TableResult
from tournaments.results.services.sheets import table_sheets_submit
from tournaments.results.services.verification import table_reverify

pytestmark = pytest.mark.django_db


def test_the_migration_ships_australia_and_the_labelled_practice_decks() -> None:
    active = {e.game: (e.name, e.is_practice) for e in Edition.objects.filter(is_active=True)}
    assert active["boomerang-australia"] == ("Boomerang: Australia", False)
    assert active["boomerang-europe"][1] is True
    assert "practice" in active["boomerang-usa"][0]


def test_loading_an_edition_makes_it_the_only_active_one_of_its_game() -> None:
    raw = json.loads(australia.SHIPPED_DECK.read_text())
    raw["name"] = "Boomerang: Australia (second printing)"
    edition = edition_load(raw=raw)
    assert list(Edition.objects.filter(game="boomerang-australia", is_active=True)) == [edition]
    assert edition_rules_data(game="boomerang-australia", edition=edition).name == raw["name"]


def test_an_invalid_edition_is_refused_with_every_fault_and_nothing_changes() -> None:
    raw = json.loads(australia.SHIPPED_DECK.read_text())
    raw["cards"].pop()
    with pytest.raises(DomainError) as error:
        edition_load(raw=raw)
    assert "the deck has 27 cards, expected 28" in error.value.message
    assert Edition.objects.filter(game="boomerang-australia", is_active=True).get().name == "Boomerang: Australia"


def test_the_load_edition_command_loads_a_hunt_species_list(tmp_path, capsys) -> None:
    path = tmp_path / "hunt.json"
    path.write_text(hunt.PRACTICE_SPECIES.read_text())
    call_command("load_edition", str(path))
    assert "practice data" in capsys.readouterr().out
    assert Edition.objects.get(game="boomerang-hunt", is_active=True).is_practice


def test_the_load_edition_command_names_the_faults(tmp_path) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"edition": "boomerang-flip", "name": "x", "pieces": [1, 2]}))
    with pytest.raises(CommandError, match="a player has 13 pieces, the file lists 2"):
        call_command("load_edition", str(path))


def test_the_games_endpoint_says_which_edition_verifies_and_whether_it_is_practice(api_client) -> None:
    rows = {row["id"]: row for row in api_client.get(reverse("game-list")).data["results"]}
    assert rows["boomerang-australia"]["practice_data"] is False
    assert rows["boomerang-usa"]["practice_data"] is True
    assert (rows["boomerang-hunt"]["min_players"], rows["boomerang-hunt"]["max_players"]) == (3, 5)
    assert rows["boomerang-flip"]["edition"].endswith("not configured")


def test_a_table_is_verified_against_the_edition_active_when_its_task_runs(
    django_capture_on_commit_callbacks,
) -> None:
    """With no species list any name is accepted; once one is loaded, re-verifying names the unknown one."""
    event, round_ = running_round(game="boomerang-hunt")
    table, organiser = round_.tables.get(), event.organisers.get()
    seats = legal_seat_data(table, random.Random(8))
    renamed = next(iter(seats[0]["captured"]))
    for seat in seats:  # the same species renamed on every sheet: the scores do not change
        if renamed in seat["captured"]:
            seat["captured"]["Bunyip"] = seat["captured"].pop(renamed)
    with django_capture_on_commit_callbacks(execute=True):
        table_sheets_submit(table=table, seats=seats, by=organiser)
    assert TableResult.objects.get(table=table).status == TableResult.Status.VERIFIED

    edition_load(raw=json.loads(hunt.PRACTICE_SPECIES.read_text()))
    with django_capture_on_commit_callbacks(execute=True):
        table_reverify(table=table, by=organiser)
    result = TableResult.objects.get(table=table)
    assert result.status == TableResult.Status.REJECTED
    assert {problem["code"] for problem in result.verdict["problems"]} == {"unknown_species"}
