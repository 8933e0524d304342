"""Boomerang by Ehrhard & Lalet: the rulebook's scoring examples and the end-of-game checks."""

import itertools
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

import games
from games import hunt


def hunt_table(*seats: tuple[str, dict[str, int], int, int | None]) -> dict:
    return {
        "game": "boomerang-hunt",
        "seats": [
            {"player": p, "captured": c, "boomerangs": b, **({} if t is None else {"claimed_total": t})}
            for p, c, b, t in seats
        ],
    }


def test_the_player_with_most_cards_of_a_species_scores_that_many_and_the_others_nothing() -> None:
    # "Un joueur a 5 poissons, un autre 3, un autre 1. Le premier joueur marque 5 points, les autres ne marquent rien."
    verdict = games.verify_table(
        hunt_table(("a", {"Fish": 5}, 12, None), ("b", {"Fish": 3}, 12, None), ("c", {"Fish": 1}, 12, None))
    )
    assert [s.breakdown["species"] for s in verdict.seats] == [{"Fish": 5}, {"Fish": 0}, {"Fish": 0}]


def test_players_tied_for_a_majority_all_score_it() -> None:
    # "Deux joueurs ont chacun 4 tortues, un troisième a 1 tortue : les deux premiers joueurs marquent chacun 4 points"
    verdict = games.verify_table(
        hunt_table(("a", {"Turtle": 4}, 12, None), ("b", {"Turtle": 4}, 12, None), ("c", {"Turtle": 1}, 12, None))
    )
    assert [s.total for s in verdict.seats] == [6, 6, 2]


def test_each_complete_set_of_six_boomerangs_scores_one_point() -> None:
    # "8 Boomerangs rapportent 1 point." "14 Boomerangs rapportent 2 points."
    verdict = games.verify_table(hunt_table(("a", {}, 8, 1), ("b", {}, 14, 2), ("c", {}, 14, 2)))
    assert [s.breakdown["boomerang_sets"] for s in verdict.seats] == [1, 2, 2]
    assert verdict.valid


def test_ties_on_total_go_to_the_most_boomerangs_left() -> None:
    verdict = games.verify_table(
        hunt_table(("a", {"Fish": 3}, 11, None), ("b", {"Emu": 2}, 13, None), ("c", {}, 12, None))
    )
    assert [s.total for s in verdict.seats] == [4, 4, 2]
    assert [s.rank for s in verdict.seats] == [2, 1, 3]


def test_boomerangs_must_add_up_to_twelve_a_player() -> None:
    verdict = games.verify_table(hunt_table(("a", {}, 12, None), ("b", {}, 12, None), ("c", {}, 13, None)))
    assert verdict.problem_codes() == ["boomerangs_not_conserved"]
    assert "37 boomerangs" in verdict.problems[0].message


def test_a_wrong_claimed_total_is_reported_with_the_breakdown() -> None:
    verdict = games.verify_table(hunt_table(("a", {"Fish": 5}, 12, 9), ("b", {}, 12, None), ("c", {}, 12, None)))
    assert verdict.problem_codes() == ["total_mismatch"]
    assert verdict.problems[0].message == (
        "total: claimed 9, the rules give 7 (species majorities 5 + 2 set(s) of 6 boomerangs)"
    )


def test_with_species_configured_unknown_species_and_too_many_cards_are_reported() -> None:
    edition = hunt.practice_edition()
    sheet = hunt_table(("a", {"Fish": 6, "Dragon": 1}, 12, None), ("b", {"Fish": 4}, 12, None), ("c", {}, 12, None))
    assert games.verify_table(sheet, edition).problem_codes() == ["unknown_species", "too_many_captured"]
    assert games.verify_table(sheet).valid  # without a species list only the public facts are checked


def test_it_is_played_by_three_to_five() -> None:
    assert games.verify_table(hunt_table(("a", {}, 12, None), ("b", {}, 12, None))).problem_codes() == ["player_count"]


def test_the_practice_species_say_they_are_practice_and_hold_54_cards() -> None:
    edition = hunt.practice_edition()
    assert edition.is_practice
    assert sum((edition.cards_per_species or {}).values()) == 54


PRACTICE_TERRITORIES = ["Water", "Forest", "Meadow", "Desert", "Mountains"]  # a German review's names


def practice_card_list() -> dict:
    """The practice species with a card list: each card one animal and two different territories (invented)."""
    edition = json.loads(hunt.PRACTICE_SPECIES.read_text(encoding="utf-8"))
    pairs = list(itertools.combinations(PRACTICE_TERRITORIES, 2))
    names = [name for name, count in edition["species"].items() for _ in range(count)]
    cards = [{"species": name, "territories": list(pairs[i % len(pairs)])} for i, name in enumerate(names)]
    return {**edition, "territories": PRACTICE_TERRITORIES, "cards": cards}


def test_an_edition_may_list_each_card_with_its_animal_and_two_territories() -> None:
    edition = hunt.load_edition(practice_card_list())
    assert edition.territories == tuple(PRACTICE_TERRITORIES)
    assert edition.cards is not None
    assert len(edition.cards) == 54
    assert edition.cards[0] == hunt.HuntCard("Fish", ("Water", "Forest"))


def test_a_card_list_is_checked_card_by_card_against_the_territories_and_the_species_counts() -> None:
    data = practice_card_list()
    data["cards"][3] = {"species": "Fish", "territories": ["Water", "Water"]}
    data["cards"][4] = {"species": "Fsh", "territories": ["Water", "Sea"]}
    with pytest.raises(games.InvalidEdition) as error:
        hunt.load_edition(data)
    faults = error.value.faults
    assert "cards[3].territories: a card shows two different territories, not 'Water' twice" in faults
    assert any(fault.startswith("cards[4].species: 'Fsh' is not one of the species") for fault in faults)
    assert any(fault.startswith("cards[4].territories: 'Sea' is not one of the territories") for fault in faults)
    assert "species.Fish: 9 cards, but 8 cards of the list show a Fish" in faults


def test_a_card_list_has_54_cards_over_five_different_territories() -> None:
    data = practice_card_list()
    data["cards"] = data["cards"][:53]
    data["territories"] = [*PRACTICE_TERRITORIES[:4], "Water"]
    with pytest.raises(games.InvalidEdition) as error:
        hunt.load_edition(data)
    assert "cards: 53 cards are listed; the game has 54" in error.value.faults
    assert any(fault.startswith("territories: the game has 5 different") for fault in error.value.faults)


def test_territories_without_cards_are_refused_naming_the_missing_field() -> None:
    data = practice_card_list()
    del data["cards"]
    with pytest.raises(games.InvalidEdition, match="cards: the territories and the cards come together"):
        hunt.load_edition(data)
    data = practice_card_list()
    data["cards"][0]["territories"] = ["Water"]
    with pytest.raises(games.InvalidEdition, match=r"cards\[0\].territories: a card shows 2 territories"):
        hunt.load_edition(data)


@given(st.permutations(range(54)))
def test_the_order_of_the_card_list_never_changes_whether_it_is_accepted(order: list[int]) -> None:
    data = practice_card_list()
    shuffled = {**data, "cards": [data["cards"][i] for i in order]}
    assert hunt.load_edition(shuffled).cards_per_species == hunt.load_edition(data).cards_per_species
