"""Standings as a pure function (tournaments/standings.py): properties over random events, no database."""

import random
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from games.verdict import competition_ranks
from tournaments.standings import SeatOutcome, StandingRow, TableOutcome, place_of, standings

SCHEME = {"2": [4, 0], "3": [4, 2, 0], "4": [4, 2, 1, 0]}
TIE_BREAKS = ["game_score", "opponents_points"]
HANDLES = [f"p{i}" for i in range(10)]


@st.composite
def table_outcomes(draw: st.DrawFn, is_final: bool = False) -> TableOutcome:
    players = draw(st.lists(st.sampled_from(HANDLES), min_size=2, max_size=4, unique=True))
    totals = draw(st.lists(st.integers(0, 3), min_size=len(players), max_size=len(players)))  # small: many ties
    ranks = competition_ranks([(t,) for t in totals])
    return TableOutcome(
        tuple(SeatOutcome(p, r, t, (t,)) for p, r, t in zip(players, ranks, totals, strict=True)), is_final
    )


def key(row: StandingRow) -> tuple[object, ...]:
    return (row.points, row.game_score, row.opponents_points)


@settings(max_examples=150, deadline=None)
@given(st.lists(table_outcomes(), min_size=1, max_size=8), st.randoms(use_true_random=False))
def test_points_are_conserved_ranks_are_competition_ranks_and_table_order_does_not_matter(
    tables: list[TableOutcome], rng: random.Random
) -> None:
    rows = standings(tables, points_by_table_size=SCHEME, tie_breaks=TIE_BREAKS)
    assert sum(row.points for row in rows) == sum(sum(SCHEME[str(len(t.seats))]) for t in tables)
    for row in rows:
        assert row.rank == 1 + sum(key(other) > key(row) for other in rows)
    assert [row.rank for row in rows] == sorted(row.rank for row in rows)
    shuffled = rng.sample(tables, len(tables))
    again = standings(shuffled, points_by_table_size=SCHEME, tie_breaks=TIE_BREAKS)
    assert {r.handle: (r.rank, r.points, r.tables) for r in again} == {
        r.handle: (r.rank, r.points, r.tables) for r in rows
    }


@settings(max_examples=100, deadline=None)
@given(st.lists(table_outcomes(), min_size=1, max_size=6), table_outcomes(is_final=True))
def test_a_final_table_decides_the_first_places_and_the_others_follow(
    tables: list[TableOutcome], final: TableOutcome
) -> None:
    rows = standings([*tables, final], points_by_table_size=SCHEME, tie_breaks=TIE_BREAKS)
    finalists = {seat.player: seat.rank for seat in final.seats}
    head = rows[: len(finalists)]
    assert {row.handle for row in head} == set(finalists)
    assert [row.rank for row in head] == sorted(finalists.values())
    assert all(row.rank == finalists[row.handle] for row in head)
    assert all(row.rank > len(finalists) for row in rows[len(finalists) :])


def test_byes_add_their_worth_and_dropped_players_keep_their_place() -> None:
    table = TableOutcome((SeatOutcome("a", 1, 50), SeatOutcome("b", 2, 40)))
    rows = standings(
        [table], points_by_table_size=SCHEME, tie_breaks=TIE_BREAKS, byes=["c", "c"], bye_worth=Fraction(3, 2),
        dropped=["a", "nobody"],
    )  # fmt: skip
    by_handle = {row.handle: row for row in rows}
    assert (by_handle["c"].points, by_handle["c"].byes, by_handle["c"].tables) == (3, 2, 0)
    assert [by_handle[h].dropped for h in "abc"] == [True, False, False]
    assert [row.handle for row in rows] == ["a", "c", "b"]
    assert "nobody" not in by_handle


@settings(max_examples=50, deadline=None)
@given(st.lists(table_outcomes(), min_size=1, max_size=4))
def test_a_players_place_is_their_rows_rank_and_a_stranger_has_none(tables: list[TableOutcome]) -> None:
    rows = standings(tables, points_by_table_size=SCHEME, tie_breaks=TIE_BREAKS)
    assert {row.handle: place_of(rows, row.handle) for row in rows} == {row.handle: row.rank for row in rows}
    assert place_of(rows, "never-seated") is None
    assert place_of(rows, None) is None
