"""Duplicate deals: a seed gives one deal anywhere, the set-aside cards are dealt first in the next round, a
table drafted from its deal passes, and rows that do not come from the deal are refused naming the player,
round and card."""

import json
import random
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

import games
from games.deal import Deal, seeded_deal
from games.rebuild import rebuild
from games.simulate import drafting_sheet

DRAFTING = sorted(game.id for game in games.GAMES.values() if game.drafting)


def deck(game: str = "boomerang-australia"):
    return games.GAMES[game].default_edition()


def test_one_seed_gives_one_deal_and_another_seed_another() -> None:
    first = seeded_deal(deck(), 4, "17:2:4", "left")
    assert first == seeded_deal(deck(), 4, "17:2:4", "left")
    assert first.hands != seeded_deal(deck(), 4, "17:3:4", "left").hands


@settings(max_examples=40, deadline=None)
@given(game=st.sampled_from(DRAFTING), players=st.integers(2, 4), seed=st.text(max_size=8))
def test_each_round_deals_seven_distinct_cards_a_seat_and_the_set_aside_cards_first(
    game: str, players: int, seed: str
) -> None:
    the_deck = deck(game)
    hands = seeded_deal(the_deck, players, seed, "left").hands
    every_card = {card.id for card in the_deck.cards}
    for r, round_hands in enumerate(hands):
        dealt = [card for hand in round_hands for card in hand]
        assert [len(hand) for hand in round_hands] == [7] * players
        assert len(set(dealt)) == len(dealt)
        assert set(dealt) <= every_card
        if r:
            set_aside = every_card - {card for hand in hands[r - 1] for card in hand}
            assert set_aside <= set(dealt), "the cards set aside are dealt first in the next round"


@settings(max_examples=40, deadline=None)
@given(
    game=st.sampled_from(DRAFTING),
    players=st.integers(2, 4),
    direction=st.sampled_from(["left", "alternate"]),
    seed=st.integers(0, 10**6),
)
def test_a_table_drafted_from_its_deal_passes(game: str, players: int, direction: str, seed: int) -> None:
    deal = seeded_deal(deck(game), players, str(seed), direction)
    sheet = drafting_sheet(game, deck(game), players, random.Random(seed), deal=deal)
    verdict = games.verify_table(sheet, deal=deal)
    assert verdict.valid, verdict.problems


def test_rows_from_another_deal_are_refused_naming_player_round_and_card() -> None:
    deal = seeded_deal(deck(), 3, "a", "left")
    sheet = drafting_sheet("boomerang-australia", deck(), 3, random.Random(1), deal=deal)
    verdict = games.verify_table(sheet, deal=seeded_deal(deck(), 3, "b", "left"))
    mismatches = [p for p in verdict.problems if p.code == "deal_mismatch"]
    assert mismatches
    first = mismatches[0]
    assert first.round == 1
    assert first.player in {"p1", "p2", "p3"}
    assert "printed deal did not give seat" in first.message


def test_two_cards_swapped_between_rows_are_named() -> None:
    deal = seeded_deal(deck(), 2, "swap", "left")
    sheet = drafting_sheet("boomerang-australia", deck(), 2, random.Random(3), claims=False, deal=deal)
    first_round = [seat["rounds"][0]["cards"] for seat in sheet["seats"]]
    # p1's first card came from p1's own hand; p2's second card from p1's hand too: swap p1's 1st with p2's 1st.
    taken, other = first_round[0][0], first_round[1][0]
    first_round[0][0], first_round[1][0] = other, taken
    verdict = games.verify_table(sheet, deal=deal)
    mismatches = [p for p in verdict.problems if p.code == "deal_mismatch"]
    assert [(p.player, p.round) for p in mismatches] == [("p1", 1), ("p2", 1)]
    assert f"card 1, {other}" in mismatches[0].message
    assert f"card 1, {taken}" in mismatches[1].message


def test_the_deal_is_not_checked_on_rows_the_engine_already_refuses() -> None:
    deal = seeded_deal(deck(), 2, "x", "left")
    sheet = drafting_sheet("boomerang-australia", deck(), 2, random.Random(4), claims=False, deal=deal)
    sheet["seats"][1]["rounds"][0]["cards"][0] = sheet["seats"][0]["rounds"][0]["cards"][0]
    codes = games.verify_table(sheet, deal=deal).problem_codes()
    assert "duplicate_card" in codes
    assert "deal_mismatch" not in codes


def test_a_deal_for_another_table_size_is_a_mismatch() -> None:
    deal = seeded_deal(deck(), 3, "x", "left")
    sheet = drafting_sheet("boomerang-australia", deck(), 2, random.Random(4), deal=seeded_deal(deck(), 2, "x", "left"))
    verdict = games.verify_table(sheet, deal=Deal("left", deal.hands))
    assert verdict.problem_codes() == ["deal_mismatch"]


def test_an_example_table_fits_the_deal_its_rows_rebuild_to_and_no_other() -> None:
    """A real table (examples/sheets/): the deal rebuilt from its rows passes; moving one card of the
    printed deal to another seat's hand is a mismatch naming the round."""
    sheet = json.loads((Path(__file__).resolve().parents[2] / "examples/sheets/boomerang-usa.json").read_text())
    rows = [[seat["rounds"][r]["cards"] for seat in sheet["seats"]] for r in range(4)]
    dealt = tuple(tuple(draft.dealt) for draft in rebuild(rows, "left"))
    assert games.verify_table(sheet, deal=Deal("left", dealt)).valid
    hands = [list(map(list, round_hands)) for round_hands in dealt]
    hands[2][0][0], hands[2][1][0] = hands[2][1][0], hands[2][0][0]
    moved = Deal("left", tuple(tuple(map(tuple, round_hands)) for round_hands in hands))
    problems = games.verify_table(sheet, deal=moved).problems
    assert {(p.code, p.round) for p in problems} == {("deal_mismatch", 3)}
