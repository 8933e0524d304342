"""Swiss seating for tables of 2 to 5: properties that hold for any field of players."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.seating import first_round, meetings, repeats, swiss_round, table_sizes

PREFERENCES = [(4, 3, 2), (5, 4, 3), (2,)]


@pytest.mark.parametrize(
    ("players", "preference", "expected"),
    [
        (8, (4, 3, 2), ([4, 4], 0)),
        (7, (4, 3, 2), ([4, 3], 0)),
        (6, (4, 3, 2), ([3, 3], 0)),
        (5, (4, 3, 2), ([3, 2], 0)),
        (2, (4, 3, 2), ([2], 0)),
        (1, (4, 3, 2), ([], 1)),
        (8, (5, 4, 3), ([4, 4], 0)),
        (9, (5, 4, 3), ([5, 4], 0)),
        (7, (2,), ([2, 2, 2], 1)),
    ],
)
def test_table_sizes_prefer_the_games_best_sizes(players: int, preference: tuple[int, ...], expected) -> None:
    assert table_sizes(players, preference) == expected


fields = st.tuples(st.integers(2, 40), st.sampled_from(PREFERENCES), st.integers(0, 2**31))


@settings(max_examples=150, deadline=None)
@given(fields)
def test_everyone_is_seated_exactly_once_at_an_allowed_size(case) -> None:
    count, preference, seed = case
    players = [f"p{i}" for i in range(count)]
    rng = random.Random(seed)
    history = [first_round(players, preference, rng.randrange(10**6)).tables for _ in range(3)]
    seating = swiss_round(sorted(players, key=lambda _: rng.random()), preference, meetings(history))
    seated = [p for table in seating.tables for p in table]
    assert sorted(seated + list(seating.byes)) == sorted(players)
    assert all(len(table) in preference for table in seating.tables)


@settings(max_examples=100, deadline=None)
@given(fields)
def test_seating_is_deterministic_for_a_seed(case) -> None:
    count, preference, seed = case
    players = [f"p{i}" for i in range(count)]
    assert first_round(players, preference, seed) == first_round(players, preference, seed)
    met = meetings([first_round(players, preference, seed).tables])
    assert swiss_round(players, preference, met) == swiss_round(players, preference, met)


@settings(max_examples=150, deadline=None)
@given(fields)
def test_repeat_opponents_are_never_more_than_cutting_the_standings(case) -> None:
    count, preference, seed = case
    players = [f"p{i}" for i in range(count)]
    rng = random.Random(seed)
    met = meetings([first_round(players, preference, rng.randrange(10**6)).tables for _ in range(2)])
    ranked = sorted(players, key=lambda _: rng.random())
    baseline = swiss_round(ranked, preference, met, max_passes=0)
    improved = swiss_round(ranked, preference, met)
    assert repeats(improved.tables, met) <= repeats(baseline.tables, met)


def test_swapping_removes_an_avoidable_repeat() -> None:
    met = meetings([[("a", "b", "c", "d"), ("e", "f", "g", "h")]])
    seating = swiss_round(["a", "b", "c", "d", "e", "f", "g", "h"], (4, 3, 2), met)
    assert repeats(seating.tables, met) < repeats([("a", "b", "c", "d"), ("e", "f", "g", "h")], met)


def simulated_repeats(strategy, players: int, seed: int) -> int:
    """Repeat meetings over a simulated 5-round event with random results (bench/seating.py, small)."""
    from collections import defaultdict

    rng = random.Random(seed)
    field = [f"p{i}" for i in range(players)]
    points: dict[str, float] = defaultdict(float)
    history = [list(first_round(field, (4, 3, 2), seed).tables)]
    total = 0
    for _ in range(4):
        for table in history[-1]:
            order = list(table)
            rng.shuffle(order)
            for place, player in enumerate(order):
                points[player] += [4, 2, 1, 0][place] if len(order) == 4 else len(order) - 1 - place
        ranked = sorted(field, key=lambda p: (-points[p], p))
        met = meetings(history)
        tables = strategy(ranked, met, dict(points)).tables
        total += repeats(tables, met)
        history.append(list(tables))
    return total


@pytest.mark.parametrize("players", [12, 16, 24, 32, 64])
def test_fewer_repeat_meetings_than_a_greedy_fill(players: int) -> None:
    from tournaments.seating import greedy_fill

    ours = sum(simulated_repeats(lambda r, m, p: swiss_round(r, (4, 3, 2), m, points=p), players, s) for s in range(3))
    greedy = sum(simulated_repeats(lambda r, m, p: greedy_fill(r, (4, 3, 2), m), players, s) for s in range(3))
    assert ours < greedy


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 60), st.integers(0, 2**31))
def test_two_player_games_are_paired_by_a_matching_with_one_bye_at_most(count: int, seed: int) -> None:
    players = [f"p{i}" for i in range(count)]
    rng = random.Random(seed)
    met = meetings([first_round(players, (2,), rng.randrange(10**6)).tables for _ in range(3)])
    seating = swiss_round(sorted(players, key=lambda _: rng.random()), (2,), met)
    assert all(len(table) == 2 for table in seating.tables)
    assert sorted([p for t in seating.tables for p in t] + list(seating.byes)) == sorted(players)
    assert len(seating.byes) == count % 2


def test_a_pair_that_must_not_meet_is_kept_apart_and_a_pinned_player_keeps_their_table() -> None:
    players = [f"p{i}" for i in range(8)]
    met = {frozenset(("p0", "p1")): 1000}  # family, as the service adds it
    seating = swiss_round(players, (4, 3, 2), met, pinned={"p5": 1})
    assert not any({"p0", "p1"} <= set(table) for table in seating.tables)
    assert "p5" in seating.tables[0]
