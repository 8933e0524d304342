"""A table where a player forfeited: the engine verifies the sheets there are, dealt for the whole table."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import games
from games.simulate import legal_sheet


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.sampled_from([3, 4]), gone=st.integers(0, 3))
def test_australia_without_a_forfeited_seat_scores_the_others_as_the_whole_table_did(
    seed: int, players: int, gone: int
) -> None:
    sheet = legal_sheet("boomerang-australia", players, random.Random(seed))
    whole = games.verify_table(sheet)
    assert whole.valid
    gone %= players
    rest = {"game": sheet["game"], "seats": [s for i, s in enumerate(sheet["seats"]) if i != gone]}
    partial = games.verify_table(rest, dealt=players)
    assert partial.valid, partial.problem_codes()  # no set-aside or player-count problem for the missing row
    totals = {s.player: s.total for s in whole.seats}
    assert {s.player: s.total for s in partial.seats} == {
        p: t for p, t in totals.items() if p != sheet["seats"][gone]["player"]
    }


def test_the_same_sheets_without_dealt_are_checked_as_a_smaller_game() -> None:
    sheet = legal_sheet("boomerang-australia", 3, random.Random(4))
    rest = {"game": sheet["game"], "seats": sheet["seats"][:2]}
    assert "set_aside_not_dealt" in games.verify_table(rest).problem_codes()
    assert games.verify_table(rest, dealt=3).valid


def test_a_hunt_table_with_a_forfeit_skips_only_the_boomerang_count() -> None:
    """Majorities are computed among the players there are; a claimed total that only the missing player's
    cards explain is still reported (the organiser can accept the table), never silently taken."""
    sheet = legal_sheet("boomerang-hunt", 4, random.Random(2))
    rest = {"game": sheet["game"], "seats": sheet["seats"][:3]}
    assert "boomerangs_not_conserved" in games.verify_table(rest).problem_codes()
    codes = games.verify_table(rest, dealt=4).problem_codes()
    assert "boomerangs_not_conserved" not in codes
    assert "player_count" not in codes
    for seat in rest["seats"]:
        seat.pop("claimed_total")
    assert games.verify_table(rest, dealt=4).valid


@pytest.mark.parametrize("game", ["boomerang-australia", "boomerang-hunt"])
def test_more_seats_than_dealt_is_a_player_count_problem(game: str) -> None:
    sheet = legal_sheet(game, 4, random.Random(1))
    assert games.verify_table(sheet, dealt=3).problem_codes() == ["player_count"]
