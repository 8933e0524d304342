"""Table-level checks shared by the drafting editions, on the published Australia cards."""

import random

import pytest

import games
from games.simulate import legal_sheet
from tests.games.notation import codes, row, seat, table

AUS = "boomerang-australia"
FULL = [row("ABCDEFG"), row("HIJKLMN"), row("OPQRSTU"), row("VWXYZ@#")]


def four_seats(*rows_by_seat: list[dict]) -> dict:
    return table(
        AUS, *(seat(name, *rows) for name, rows in zip(["ann", "bo", "cy", "dee"], rows_by_seat, strict=False))
    )


def rotated(k: int) -> list[dict]:
    return FULL[k:] + FULL[:k]


def test_a_legal_four_player_table_has_no_problem() -> None:
    assert codes(four_seats(rotated(0), rotated(1), rotated(2), rotated(3))) == []


@pytest.mark.parametrize("players", [1, 5])
def test_it_rejects_a_table_with_a_player_count_the_game_does_not_allow(players: int) -> None:
    sheet = table(AUS, *(seat(f"p{i}", *rotated(i % 4)) for i in range(players)))
    verdict = games.verify_table(sheet)
    assert verdict.problem_codes() == ["player_count"]
    assert "2 to 4 players" in verdict.problems[0].message


def test_it_names_a_card_that_is_not_in_the_deck() -> None:
    sheet = four_seats([row("ABCDEF$"), *FULL[1:]], rotated(1), rotated(2), rotated(3))
    problem = games.verify_table(sheet).problems[0]
    assert (problem.code, problem.player, problem.round) == ("unknown_card", "ann", 1)
    assert "'$'" in problem.message


def test_it_rejects_a_row_that_does_not_have_seven_cards() -> None:
    sheet = four_seats([row("ABCDEF"), *FULL[1:]], rotated(1), rotated(2), rotated(3))
    assert codes(sheet) == ["wrong_card_count"]


def test_it_rejects_a_card_played_twice_in_one_row() -> None:
    sheet = four_seats([row("ABCDEFA"), *FULL[1:]], rotated(1), rotated(2), rotated(3))
    assert codes(sheet) == ["duplicate_card"]


def test_it_rejects_a_card_played_in_two_rows_of_the_same_round() -> None:
    sheet = four_seats(rotated(0), [row("HIJKLMA"), *rotated(1)[1:]], rotated(2), rotated(3))
    verdict = games.verify_table(sheet)
    assert verdict.problem_codes() == ["duplicate_card"]
    assert verdict.problems[0].player == "bo"
    assert "ann's row" in verdict.problems[0].message


def three_player_game(ann_round_2: str) -> dict:
    # Round 1 leaves V-# aside; round 2 must contain all seven of them.
    ann = [row("ABCDEFG"), row(ann_round_2), row("ABCDEFG"), row("VWXYZ@#")]
    bo = [row("HIJKLMN"), row("ABCDEFG"), row("VWXYZ@#"), row("ABCDEFG")]
    cy = [row("OPQRSTU"), row("HIJKLMN"), row("OPQRSTU"), row("HIJKLMN")]
    return table(AUS, seat("a", *ann), seat("b", *bo), seat("c", *cy))


def test_with_three_players_the_set_aside_cards_must_be_dealt_next_round() -> None:
    assert codes(three_player_game("VWXYZ@#")) == []
    verdict = games.verify_table(three_player_game("VWXYZ@O"))
    assert verdict.problem_codes() == ["set_aside_not_dealt"]
    assert "card # (Richmond) was set aside in round 1" in verdict.problems[0].message
    assert verdict.problems[0].round == 2


def test_a_duplicate_is_reported_alone_without_repeating_it_as_a_set_aside_card() -> None:
    assert codes(three_player_game("VWXYZ@H")) == ["duplicate_card"]


def test_it_rejects_an_activity_scored_twice_in_a_game() -> None:
    ann = [row("ABCDEFG", "Swimming"), row("HIJKLMN", "Swimming"), *FULL[2:]]
    verdict = games.verify_table(four_seats(ann, rotated(1), rotated(2), rotated(3)))
    assert verdict.problem_codes() == ["activity_reused"]
    assert verdict.seats[0].rounds[1]["activity"] == 0


def test_it_names_an_activity_that_is_not_in_the_edition() -> None:
    ann = [row("ABCDEFG", "Surfing"), *FULL[1:]]
    assert codes(four_seats(ann, rotated(1), rotated(2), rotated(3))) == ["unknown_activity"]


def test_it_reports_a_claim_that_differs_with_the_field_the_claim_and_the_reason() -> None:
    ann = [row("ABCDEFG", animals=7), *FULL[1:]]
    problem = games.verify_table(four_seats(ann, rotated(1), rotated(2), rotated(3))).problems[0]
    assert problem.to_json() == {
        "code": "score_mismatch",
        "player": "ann",
        "round": 1,
        "field": "animals",
        "claimed": 7,
        "expected": 3,
        "message": "animals in round 1: claimed 7, the rules give 3 (1 pair(s) of Kangaroo)",
    }


def test_it_reports_a_claimed_total_that_differs() -> None:
    sheet = legal_sheet(AUS, 3, random.Random(5))
    sheet["seats"][1]["claimed_total"] += 10
    verdict = games.verify_table(sheet)
    assert verdict.problem_codes() == ["total_mismatch"]
    assert verdict.problems[0].expected == sheet["seats"][1]["claimed_total"] - 10


def test_a_verdict_serialises_as_the_spec_describes() -> None:
    data = games.verify_table(four_seats(rotated(0), rotated(1), rotated(2), rotated(3))).to_json()
    assert list(data) == ["valid", "game", "seats", "problems", "edition"]
    assert data["edition"] == "Boomerang: Australia"
    assert list(data["seats"][0]) == ["player", "rounds", "total", "rank", "tie_breaks"]
    assert list(data["seats"][0]["rounds"][0]) == [
        "throw_catch",
        "sites",
        "region_bonus",
        "collections",
        "animals",
        "activity",
    ]
