"""The score pad's preview: the same engine, round by round; on a complete table it is the verification."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import games
from games.parsing import MalformedInput
from games.simulate import legal_sheet


@settings(max_examples=40, deadline=None)
@given(
    game=st.sampled_from(
        ["boomerang-australia", "boomerang-europe", "boomerang-usa", "boomerang-hunt", "boomerang-flip"]
    ),
    seed=st.integers(0, 10_000),
    players=st.integers(2, 5),
    miscount=st.booleans(),
)
def test_on_a_complete_table_the_preview_and_the_verdict_agree(
    game: str, seed: int, players: int, miscount: bool
) -> None:
    players = 2 if game == "boomerang-flip" else max(players, 3) if game == "boomerang-hunt" else min(players, 4)
    sheet = legal_sheet(game, players, random.Random(seed))
    if miscount:
        sheet["seats"][0]["claimed_total"] += 1
    preview = games.preview_table(game, {"seats": sheet["seats"]})
    verdict = games.verify_table(sheet)
    assert preview.complete
    assert preview.verdict == verdict


def unclaimed(seats):
    for seat in seats:
        seat.pop("claimed_total", None)
        for row in seat.get("rounds", []):
            row.pop("claimed", None)
    return seats


def test_a_table_in_progress_is_scored_round_by_round_with_running_totals() -> None:
    sheet = legal_sheet("boomerang-australia", 4, random.Random(3))
    seats = unclaimed(sheet["seats"])
    full = games.verify_table({"game": sheet["game"], "seats": seats})
    for seat in seats:
        seat["rounds"] = seat["rounds"][:2]
        seat["rounds"][1]["cards"] = seat["rounds"][1]["cards"][:4]  # round 2 still being drafted
    preview = games.preview_table("boomerang-australia", {"seats": seats})
    assert not preview.complete
    assert preview.verdict.problems == ()  # short rows are not finished yet, not wrong
    first_round = {s.player: sum(s.rounds[0].values()) for s in full.seats}
    assert {player: totals[0] for player, totals in preview.running_totals.items()} == first_round
    assert all(len(totals) == 2 for totals in preview.running_totals.values())


def test_a_card_used_twice_is_shown_before_the_table_is_complete() -> None:
    sheet = legal_sheet("boomerang-australia", 3, random.Random(5))
    seats = unclaimed(sheet["seats"])
    for seat in seats:
        seat["rounds"] = seat["rounds"][:1]
        seat["rounds"][0]["cards"] = seat["rounds"][0]["cards"][:3]
    seats[1]["rounds"][0]["cards"][0] = seats[0]["rounds"][0]["cards"][0]
    problems = games.preview_table("boomerang-australia", {"seats": seats}).verdict.problems
    assert [(p.code, p.round) for p in problems] == [("duplicate_card", 1)]


def test_a_row_with_too_many_cards_is_wrong_at_once_and_five_rounds_are_malformed() -> None:
    sheet = legal_sheet("boomerang-australia", 2, random.Random(6))
    seats = unclaimed(sheet["seats"])
    seats[0]["rounds"] = seats[0]["rounds"][:1]
    seats[1]["rounds"] = seats[1]["rounds"][:1]
    seats[0]["rounds"][0]["cards"].append(seats[1]["rounds"][0]["cards"].pop())
    codes = [p.code for p in games.preview_table("boomerang-australia", {"seats": seats}).verdict.problems]
    assert "wrong_card_count" in codes
    seats[0]["rounds"] = [seats[1]["rounds"][0]] * 5
    with pytest.raises(MalformedInput, match="1 to 4 rounds"):
        games.preview_table("boomerang-australia", {"seats": seats})
