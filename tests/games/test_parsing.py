"""Malformed sheets are refused with one message naming the field and the reason."""

import pytest

import games
from tests.games.notation import row, seat, table

AUS = "boomerang-australia"
FOUR_ROUNDS = [row("ABCDEFG")] * 4


@pytest.mark.parametrize(
    ("sheet", "message"),
    [
        ([], ": expected an object, got a list"),
        ({"game": "boomerang-mars", "seats": []}, "game: unknown game 'boomerang-mars'"),
        ({"seats": []}, "game: is required"),
        ({"game": AUS, "seats": [], "table": 3}, "table: is not a known field"),
        (table(AUS, {"player": "ann"}), "seats[0].rounds: is required"),
        (table(AUS, seat("ann", *FOUR_ROUNDS[:3])), "seats[0].rounds: expected exactly 4 rounds, got 3"),
        (
            table(AUS, seat("ann", *FOUR_ROUNDS), {"player": 5, "rounds": FOUR_ROUNDS}),
            "seats[1].player: expected a string",
        ),
        (
            table(AUS, seat("ann", {"cards": ["A", 2]}, *FOUR_ROUNDS[1:])),
            "seats[0].rounds[0].cards[1]: expected a string, got a number",
        ),
        (
            table(AUS, seat("ann", row("ABC", throw_catch=True), *FOUR_ROUNDS[1:])),
            "seats[0].rounds[0].claimed.throw_catch: expected a whole number, got a boolean",
        ),
        (
            table(AUS, seat("ann", row("ABC", food=3), *FOUR_ROUNDS[1:])),
            "seats[0].rounds[0].claimed.food: is not a known field",
        ),
        (
            table(AUS, seat("ann", row("ABC", animals=-1), *FOUR_ROUNDS[1:])),
            "seats[0].rounds[0].claimed.animals: must be at least 0, got -1",
        ),
        (table(AUS, seat("ann", *FOUR_ROUNDS), seat("ann", *FOUR_ROUNDS)), "seats[1].player: 'ann' appears twice"),
        (
            {"game": "boomerang-flip", "seats": [{"player": "a", "color": "blue", "on_board": [], "unplaced": []}]},
            "seats[0].color: must be 'white' or 'red', got 'blue'",
        ),
        (
            {"game": "boomerang-hunt", "seats": [{"player": "a", "captured": {"Fish": 2.5}, "boomerangs": 3}]},
            "seats[0].captured.Fish: expected a whole number, got a number",
        ),
    ],
)
def test_a_malformed_sheet_is_refused_naming_the_field(sheet: object, message: str) -> None:
    with pytest.raises(games.MalformedInput) as error:
        games.verify_table(sheet)
    assert str(error.value).startswith(message)
