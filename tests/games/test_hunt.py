"""Boomerang by Ehrhard & Lalet: the rulebook's scoring examples and the end-of-game checks."""

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
