"""Edition data in the database: shipped by a migration, replaced by load_edition, shown in the API."""

import json

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from config.errors import DomainError
from games import australia, hunt
from tournaments import selectors, services
from tournaments.models import Edition

pytestmark = pytest.mark.django_db


def test_the_migration_ships_australia_and_the_labelled_practice_decks() -> None:
    active = {e.game: (e.name, e.is_practice) for e in Edition.objects.filter(is_active=True)}
    assert active["boomerang-australia"] == ("Boomerang: Australia", False)
    assert active["boomerang-europe"][1] is True
    assert "practice" in active["boomerang-usa"][0]


def test_loading_an_edition_makes_it_the_only_active_one_of_its_game() -> None:
    raw = json.loads(australia.SHIPPED_DECK.read_text())
    raw["name"] = "Boomerang: Australia (second printing)"
    edition = services.edition_load(raw=raw)
    assert list(Edition.objects.filter(game="boomerang-australia", is_active=True)) == [edition]
    assert selectors.edition_rules_data(game="boomerang-australia", edition=edition).name == raw["name"]


def test_an_invalid_edition_is_refused_with_every_fault_and_nothing_changes() -> None:
    raw = json.loads(australia.SHIPPED_DECK.read_text())
    raw["cards"].pop()
    with pytest.raises(DomainError) as error:
        services.edition_load(raw=raw)
    assert "the deck has 27 cards, expected 28" in error.value.message
    assert Edition.objects.filter(game="boomerang-australia", is_active=True).get().name == "Boomerang: Australia"


def test_the_load_edition_command_loads_a_hunt_species_list(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "hunt.json"
    path.write_text(hunt.PRACTICE_SPECIES.read_text())
    call_command("load_edition", str(path))
    assert "practice data" in capsys.readouterr().out
    assert Edition.objects.get(game="boomerang-hunt", is_active=True).is_practice


def test_the_load_edition_command_names_the_faults(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"edition": "boomerang-flip", "name": "x", "pieces": [1, 2]}))
    with pytest.raises(CommandError, match="a player has 13 pieces, the file lists 2"):
        call_command("load_edition", str(path))


def test_the_games_endpoint_says_which_edition_verifies_and_whether_it_is_practice(api_client) -> None:  # type: ignore[no-untyped-def]
    rows = {row["id"]: row for row in api_client.get(reverse("game-list")).data}
    assert rows["boomerang-australia"]["practice_data"] is False
    assert rows["boomerang-usa"]["practice_data"] is True
    assert (rows["boomerang-hunt"]["min_players"], rows["boomerang-hunt"]["max_players"]) == (3, 5)
    assert rows["boomerang-flip"]["edition"].endswith("not configured")
