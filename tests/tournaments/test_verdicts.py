"""The stored verdict's one reader and one writer: what the engine says survives the round trip, forfeited
seats come last sharing the last place, and nothing already stored can make a read fail."""

import random

from hypothesis import example, given, settings
from hypothesis import strategies as st

import games
from games.simulate import legal_sheet
from tournaments.verdicts import SeatLine, TableVerdict


@settings(max_examples=60, deadline=None)
@given(game=st.sampled_from(sorted(games.GAMES)), data=st.data(), seed=st.integers(0, 10_000))
def test_the_engines_verdict_is_stored_as_the_engine_wrote_it_and_read_back_equal(
    game: str, data: st.DataObject, seed: int
) -> None:
    players = data.draw(st.sampled_from(games.GAMES[game].player_counts))
    engine = games.verify_table(legal_sheet(game, players, random.Random(seed)))
    stored = TableVerdict.of_engine(engine).to_json()
    assert stored == engine.to_json()  # the documented format (docs/score-sheet.md), unchanged
    assert TableVerdict.read(stored).to_json() == stored


def test_forfeited_seats_come_last_with_zero_points_sharing_the_last_place() -> None:
    engine = games.verify_table(legal_sheet("boomerang-europe", 2, random.Random(3)))
    verdict = TableVerdict.of_engine(engine, ["gone1", "gone2"])
    assert [(s.player, s.total, s.rank, s.forfeited) for s in verdict.seats[2:]] == [
        ("gone1", 0, 3, True),
        ("gone2", 0, 3, True),
    ]
    assert verdict.players_who_played == 2
    assert set(verdict.seats[2].tie_breaks) == set(verdict.seats[0].tie_breaks)
    assert TableVerdict.read(verdict.to_json()) == verdict


def test_a_table_won_by_forfeit_places_the_one_left_first() -> None:
    verdict = TableVerdict.by_forfeit(["ann"], ["bob", "cy"])
    assert verdict.to_json()["forfeit"] is True
    assert [(s.player, s.rank) for s in verdict.seats] == [("ann", 1), ("bob", 2), ("cy", 2)]
    assert verdict.players_who_played == 1


ANYTHING = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3),
    max_leaves=8,
)
KEYS = ["valid", "game", "seats", "problems", "edition", "forfeit", "player", "total", "rank", "tie_breaks", "rounds",
        "breakdown", "forfeited", "code"]  # fmt: skip
SHAPED = st.recursive(
    ANYTHING, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from(KEYS), inner), max_leaves=12
)


@given(st.dictionaries(st.sampled_from(KEYS), SHAPED) | ANYTHING)
@example({"seats": [{"total": "abc"}]})
@example({"seats": [{"tie_breaks": [1, 2], "rank": float("nan")}]})
@example({"seats": [{"rounds": [1], "total": float("inf")}]})
def test_reading_never_fails_on_whatever_is_stored(stored) -> None:
    verdict = TableVerdict.read(stored)
    assert all(isinstance(seat, SeatLine) for seat in verdict.seats)
    assert all(isinstance(seat.total, int) and isinstance(seat.rank, int) for seat in verdict.seats)
    assert all(isinstance(seat.player, str) for seat in verdict.seats)


def test_a_verdicts_problems_for_a_player_include_the_whole_tables() -> None:
    verdict = TableVerdict.read(
        {"problems": [{"code": "a", "player": "ann"}, {"code": "b", "player": None}, {"code": "c", "player": "bob"}]}
    )
    assert [p["code"] for p in verdict.problems_of("ann")] == ["a", "b"]
    assert verdict.seat_of("ann") is None
