"""The edition-data loader (docs/deck.md) names every fault before the engine sees a file."""

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import games
from games import australia, usa
from games.decks import InvalidEdition

AUS_FILE = json.loads(australia.SHIPPED_DECK.read_text())
SHARED_AUS = Path(__file__).resolve().parents[3] / "shared" / "reference" / "boomerang-australia.json"


def faults_of(raw: Any) -> list[str]:
    with pytest.raises(InvalidEdition) as error:
        games.load_edition(raw)
    return error.value.faults


def mutated(change: Any) -> dict[str, Any]:
    raw = copy.deepcopy(AUS_FILE)
    change(raw)
    return raw


def test_the_shipped_australia_file_is_the_shared_reference_file() -> None:
    if SHARED_AUS.exists():  # shared/ sits beside the repo on every machine of this project
        assert json.loads(SHARED_AUS.read_text()) == AUS_FILE
    game, deck = games.load_edition(AUS_FILE)
    assert (game.id, len(deck.cards), len(deck.regions)) == ("boomerang-australia", 28, 7)


def test_it_names_a_duplicate_id_and_the_card_in_no_region() -> None:
    faults = faults_of(mutated(lambda raw: raw["cards"][1].update(id="A")))
    assert "card id 'A' appears 2 times" in faults
    assert "region 'Western Australia' lists unknown card 'B'" in faults


def test_it_names_a_card_in_two_regions() -> None:
    faults = faults_of(mutated(lambda raw: raw["regions"][1]["cards"].append("A")))
    assert "card A is in 2 regions: Western Australia, Northern Territory" in faults


def test_it_names_an_unknown_symbol_and_the_totals_that_no_longer_match() -> None:
    faults = faults_of(mutated(lambda raw: raw["cards"][0].update(collection="Feather")))
    assert "card A has unknown collection symbol 'Feather'" in faults
    assert any(f.startswith("collection symbols total") for f in faults)


def test_it_names_a_wrong_card_count_and_numbers() -> None:
    faults = faults_of(mutated(lambda raw: raw["cards"].pop()))
    assert "the deck has 27 cards, expected 28" in faults
    assert "3 cards carry the number 7, expected 4" in faults


def test_it_names_a_region_with_no_cards_and_a_wrong_bonus() -> None:
    faults = faults_of(mutated(lambda raw: raw["regions"].append({"name": "Empty", "cards": [], "bonus": 5})))
    assert "region 'Empty' has no cards" in faults
    assert "region 'Empty' has bonus 5; this edition's bonuses are 3 to 3" in faults


def test_it_names_printed_values_that_were_changed() -> None:
    faults = faults_of(mutated(lambda raw: raw["values"]["animal"].update(Koala=8)))
    assert any("values.animal" in f and "the rules print" in f for f in faults)


def test_it_names_a_path_to_an_unknown_city() -> None:
    raw = json.loads(usa.PRACTICE_DECK.read_text())
    raw["map"]["paths"].append(["A", "Atlantis"])
    assert "a path leads to unknown city 'Atlantis'" in faults_of(raw)


def test_it_names_a_missing_field_and_an_unknown_one() -> None:
    raw = mutated(lambda raw: raw.pop("regions"))
    raw["colour"] = "red"
    assert faults_of(raw) == ["regions: is required", "colour: is not a known field"]


def test_it_names_a_wrong_type_with_its_path() -> None:
    assert faults_of(mutated(lambda raw: raw["cards"][3].update(number="four"))) == [
        "cards[3].number: expected a whole number, got a string"
    ]


def test_an_unknown_edition_is_malformed() -> None:
    with pytest.raises(games.MalformedInput, match="unknown game 'boomerang-mars'"):
        games.load_edition({"edition": "boomerang-mars"})


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=20,
)


@settings(max_examples=200, deadline=None)
@given(json_values)
def test_any_json_gives_an_edition_or_a_clear_error(raw: Any) -> None:
    message = ""
    try:
        games.load_edition(raw)
    except (InvalidEdition, games.MalformedInput) as error:
        message = str(error)
    else:
        message = "loaded"
    assert message


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(list(games.GAMES)), json_values)
def test_any_json_seat_gives_a_verdict_or_a_clear_error(game: str, seat: Any) -> None:
    try:
        outcome = games.verify_table({"game": game, "seats": [seat, seat]}).game
    except games.MalformedInput as error:
        outcome = f"{error.field}: {error.reason}"
    assert outcome == game or ": " in outcome
