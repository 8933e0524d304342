"""Duplicate deals: every drafting table of a size in a round is dealt the same hands, from the event's seed,
and a table whose rows do not come from that deal is refused (docs/rules.md, "Duplicate deals").

The deal follows the rules' own order: round 1 deals from the whole shuffled deck; with fewer than 4 players
"the cards that were not dealt this round will always be the first cards dealt next round" (Australia, "the
Draft"), then the cards played, shuffled. The cards played in a round are the cards dealt in it, whoever took
them, so the whole game's deal follows from the seed alone, before anyone drafts.
"""

import random
from collections.abc import Sequence
from dataclasses import dataclass

from games.decks import Deck
from games.drafting_sheet import ROUNDS, ROW_LENGTH
from games.rebuild import rebuild_round, step_of
from games.verdict import Problem


@dataclass(frozen=True)
class Deal:
    """What a table is dealt: hands[round][seat] (seats in the table's order), and how the hands pass."""

    direction: str
    hands: tuple[tuple[tuple[str, ...], ...], ...]


def deal_hands(card_ids: Sequence[str], players: int, rng: random.Random) -> list[list[list[str]]]:
    """Shuffle and deal the four rounds for `players` seats: hands[round][seat], 7 cards each."""
    set_aside: list[str] = []
    dealt_before: list[str] = list(card_ids)  # round 1: the whole deck; with 4 players, every round
    rounds = []
    for _ in range(ROUNDS):
        shuffled = list(dealt_before)
        rng.shuffle(shuffled)
        pile = set_aside + shuffled
        hands = [pile[seat * ROW_LENGTH : (seat + 1) * ROW_LENGTH] for seat in range(players)]
        set_aside = pile[players * ROW_LENGTH :]
        dealt_before = [card for hand in hands for card in hand]
        rounds.append(hands)
    return rounds


def seeded_deal(deck: Deck, players: int, seed: str, direction: str) -> Deal:
    """The deal every table of `players` seats gets for one seed (the same seed, the same deal, anywhere)."""
    step_of(direction, 0)  # refuses an unknown direction by name
    hands = deal_hands([card.id for card in deck.cards], players, random.Random(seed))
    return Deal(direction, tuple(tuple(tuple(hand) for hand in round_hands) for round_hands in hands))


def deal_problems(
    deck: Deck, players: Sequence[str], rows: Sequence[Sequence[Sequence[str]]], deal: Deal
) -> list[Problem]:
    """Where the rows (rows[round][seat], each row in drafting order) do not come from the deal.

    Call only on rows the engine found clean (7 distinct known cards a row). At pick k a seat takes from the
    hand dealt k seats back, so each card names the hand it came from; the first card of each dealt hand that
    the deal did not put in it is reported, with the player whose row holds it.
    """
    if len(deal.hands) != ROUNDS or any(len(hands) != len(players) for hands in deal.hands):
        return [Problem("deal_mismatch", f"the printed deal is for another table size than {len(players)} seats")]
    problems = []
    for r, round_rows in enumerate(rows):
        step = step_of(deal.direction, r)
        rebuilt = rebuild_round(round_rows, step)
        for seat, hand in enumerate(rebuilt.dealt):
            printed = set(deal.hands[r][seat])
            for k, card in enumerate(hand):
                if card not in printed:
                    problems.append(_mismatch(deck, players, r, seat, (seat + step * k) % len(players), k, card))
                    break
    return problems


def _mismatch(deck: Deck, players: Sequence[str], r: int, seat: int, holder: int, k: int, card: str) -> Problem:
    name = deck.card_by_id[card].name
    message = (
        f"round {r + 1}: {players[holder]}'s card {k + 1}, {card} ({name}), comes from the hand dealt to seat "
        f"{seat + 1} ({players[seat]}), but the printed deal did not give seat {seat + 1} that card"
    )
    return Problem("deal_mismatch", message, players[holder], r + 1, "cards")
