"""Card statistics, pure: one table's tally counts every pick and every offered hand; tallies add and
subtract exactly, in any order; the figures match a count by hand."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import games
from games.card_stats import ALL_SEATS, Tally, figures, table_tally
from games.rebuild import rebuild
from games.simulate import deal_and_draft

DRAFTING = sorted(game.id for game in games.GAMES.values() if game.drafting)


def a_table(game: str, players: int, seed: int) -> Tally:
    rng = random.Random(seed)
    _dealt, rows = deal_and_draft(games.GAMES[game].default_edition(), players, rng)
    ranks = [rng.randint(1, players) for _ in range(players)]
    rounds = [[{"sites": rng.randint(0, 9), "animals": rng.randint(0, 5)} for _ in range(4)] for _ in range(players)]
    return table_tally(rows, ranks, rounds)


@settings(max_examples=60, deadline=None)
@given(game=st.sampled_from(DRAFTING), players=st.integers(2, 4), seed=st.integers(0, 10**6))
def test_a_table_counts_every_pick_and_every_hand(game: str, players: int, seed: int) -> None:
    tally = a_table(game, players, seed)
    cards = [line for (count, card), line in tally.lines.items() if card != ALL_SEATS and count == players]
    assert sum(line.taken for line in cards) == players * 4 * 7
    assert sum(line.pick_sum for line in cards) == players * 4 * sum(range(1, 8))
    assert sum(line.offered for line in cards) == players * 4 * sum(range(1, 8))
    assert tally.lines[players, ALL_SEATS].seats == players
    assert all(line.offered >= line.taken for line in cards)


@settings(max_examples=30, deadline=None)
@given(game=st.sampled_from(DRAFTING), players=st.integers(2, 4), seed=st.integers(0, 10**6))
def test_offered_counts_every_hand_that_held_the_card(game: str, players: int, seed: int) -> None:
    _dealt, rows = deal_and_draft(games.GAMES[game].default_edition(), players, random.Random(seed))
    drafts = rebuild(rows, "left")
    hands: dict[str, int] = {}
    for draft in drafts:
        for picks in draft.picks:
            for pick in picks:
                for card in pick.offered:
                    hands[card] = hands.get(card, 0) + 1
    tally = table_tally(rows, [1] * players, [[{}] * 4] * players)
    assert {card: line.offered for (_n, card), line in tally.lines.items() if card != ALL_SEATS} == hands


@settings(max_examples=40, deadline=None)
@given(seeds=st.lists(st.tuples(st.sampled_from(DRAFTING), st.integers(2, 4), st.integers(0, 10**6)), max_size=6))
def test_tallies_add_in_any_order_and_subtract_to_nothing(seeds) -> None:
    tables = [a_table(*seed) for seed in seeds]
    forward, backward = Tally(), Tally()
    for table in tables:
        forward.add(table)
    for table in reversed(tables):
        backward.add(table)
    assert forward.to_json() == backward.to_json()
    assert Tally.from_json(forward.to_json()).to_json() == forward.to_json()
    for table in tables:
        forward.add(table, -1)
    assert forward.lines == {}


def test_the_figures_of_a_card_match_a_count_by_hand() -> None:
    # Two 2-player tables by hand: card "A" drafted by the winner of the first and the loser of the second.
    tally = Tally()
    first, second = tally.line(2, "A"), tally.line(2, ALL_SEATS)
    first.taken, first.pick_sum, first.offered, first.points = 2, 3, 4, {"sites": 10}
    first.seats, first.score_sum, first.score_squares = 2, 1, 1  # scores 1 and 0
    second.seats, second.score_sum, second.score_squares = 4, 2, 2  # scores 1, 0, 1, 0
    found = figures(tally, "A", [2])
    assert (found.taken, found.offered, found.take_rate, found.mean_pick) == (2, 4, 0.5, 1.5)
    assert found.points == {"sites": 5.0}
    assert found.seats == 2
    assert found.uplift == pytest.approx(0.0)  # 1/2 with the card, 1/2 without
    assert found.uplift_low < 0 < found.uplift_high
    assert figures(tally, "never-seen", [2]).uplift is None


@settings(max_examples=40, deadline=None)
@given(game=st.sampled_from(DRAFTING), players=st.integers(2, 4), seed=st.integers(0, 10**6))
def test_a_delta_for_a_table_re_ranked_moves_the_scores(game: str, players: int, seed: int) -> None:
    """A corrected table with the same rows and other places: the delta (old out, new in, as the service
    applies it to the stored sums) changes no count but the scores, and must keep them."""
    rng = random.Random(seed)
    _dealt, rows = deal_and_draft(games.GAMES[game].default_edition(), players, rng)
    rounds = [[{"sites": 1}] * 4] * players
    before = table_tally(rows, list(range(1, players + 1)), rounds)
    after = table_tally(rows, [players, *range(1, players)], rounds)
    delta = Tally()
    delta.add(before, -1)
    delta.add(after)
    running = Tally()
    running.add(before)
    running.add(delta)
    assert running.to_json() == after.to_json()
