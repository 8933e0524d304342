"""Seeded simulators that play legal games, for property tests, benchmarks and the demo.

Randomness comes only from the `random.Random` passed in, so a seed replays the same game.
"""

import random
from collections.abc import Callable, Sequence
from typing import Any

from games.deal import Deal, deal_hands
from games.decks import Deck
from games.drafting import DraftingRules
from games.registry import GAMES, verify_table


def deal_rounds(deck: Deck, players: int, rng: random.Random, direction_variant: bool = False) -> list[list[list[str]]]:
    """Deal and draft four rounds; return rows[round][seat] in drafting order (Throw first, Catch last).

    With fewer than 4 players the undealt cards go on top of the next round's shuffled played cards,
    as the rules say, so they are always dealt in the next round.
    """
    return deal_and_draft(deck, players, rng, direction_variant)[1]


def deal_and_draft(
    deck: Deck, players: int, rng: random.Random, direction_variant: bool = False
) -> tuple[list[list[list[str]]], list[list[list[str]]]]:
    """`deal_rounds`, also returning what was dealt: (hands[round][seat], rows[round][seat])."""
    dealt = deal_hands([card.id for card in deck.cards], players, rng)
    return dealt, draft_rounds(dealt, rng, direction_variant)


Pick = Callable[[int, Sequence[str]], int]  # (seat, hand offered) -> the index of the card taken


def draft_rounds(
    dealt: Sequence[Sequence[Sequence[str]]], rng: random.Random, direction_variant: bool = False,
    pick: Pick | None = None,
) -> list[list[list[str]]]:  # fmt: skip
    """Draft the hands dealt (hands[round][seat]): rows[round][seat] in drafting order. Each seat takes a card
    at random, or as `pick` chooses."""
    choose = pick or (lambda _seat, hand: rng.randrange(len(hand)))
    rounds = []
    for r, hands in enumerate(dealt):
        step = -1 if direction_variant and r % 2 else 1
        rounds.append(_draft([list(hand) for hand in hands], choose, step))
    return rounds


def _draft(hands: list[list[str]], pick: Pick, step: int) -> list[list[str]]:
    rows: list[list[str]] = [[] for _ in hands]
    while hands[0]:
        for seat, hand in enumerate(hands):
            rows[seat].append(hand.pop(pick(seat, hand)))
        hands = [hands[(seat - step) % len(hands)] for seat in range(len(hands))]
    return rows


def drafting_sheet(
    game_id: str, deck: Deck, players: int, rng: random.Random, claims: bool = True, deal: Deal | None = None,
    pick: Pick | None = None,
) -> dict[str, Any]:  # fmt: skip
    """A legal table sheet for a drafting edition, with every claim filled in correctly when `claims`;
    drafted from `deal` when one is given (duplicate deals), else dealt here; each card taken at random or as
    `pick` chooses."""
    rules = GAMES[game_id].drafting
    assert rules is not None, f"{game_id} is not a drafting edition"
    if deal is None:
        alternate = rng.random() < 0.5
        rows = draft_rounds(deal_hands([card.id for card in deck.cards], players, rng), rng, alternate, pick)
    else:
        rows = draft_rounds(deal.hands, rng, direction_variant=deal.direction == "alternate", pick=pick)
    used: list[set[str]] = [set() for _ in range(players)]
    seat_rounds: list[list[dict[str, Any]]] = [[] for _ in range(players)]
    for round_rows in rows:
        for i, row in enumerate(round_rows):
            choice = _blue_choice(rules, deck, round_rows, i, used[i], rng)
            if choice:
                used[i].add(choice)
            seat_rounds[i].append({"cards": row, "scored": choice})
    seats = [{"player": f"p{i + 1}", "rounds": rounds} for i, rounds in enumerate(seat_rounds)]
    sheet = {"game": game_id, "seats": seats}
    return with_claims(sheet, deck) if claims else sheet


def _blue_choice(
    rules: DraftingRules, deck: Deck, round_rows: list[list[str]], seat: int, used: set[str], rng: random.Random
) -> str | None:
    """Pick the best unused activity or treasure held, as a sensible player would; sometimes pass."""
    own_cards = [deck.card_by_id[c] for c in round_rows[seat]]
    held = {card.blue for card in own_cards if card.blue and card.blue not in used}
    if not held or rng.random() < 0.15:
        return None
    table = [deck.card_by_id[c].blue for row in round_rows for c in row]

    def points(name: str) -> int:
        own = sum(card.blue == name for card in own_cards)
        return rules.blue_points(own, table.count(name) - own, len(round_rows), deck)

    return max(sorted(held), key=points)


def with_claims(sheet: dict[str, Any], edition: Any = None) -> dict[str, Any]:
    """Fill every category and total claim with what the engine computes for the sheet."""
    verdict = verify_table(sheet, edition)
    for seat, result in zip(sheet["seats"], verdict.seats, strict=True):
        if result.rounds is not None:
            for row, scores in zip(seat["rounds"], result.rounds, strict=True):
                row["claimed"] = dict(scores)
        seat["claimed_total"] = result.total
    return sheet


def legal_sheet(game_id: str, players: int, rng: random.Random, edition: Any = None) -> dict[str, Any]:
    """A legal, correctly claimed table sheet for any game: the drafting editions are dealt and drafted
    here, the others play through their own `Game.simulate`."""
    game = GAMES[game_id]
    if game.drafting is not None:
        return drafting_sheet(game_id, edition or game.default_edition(), players, rng)
    assert game.simulate is not None, f"{game_id} has no simulator"
    edition = edition or (game.practice_edition or game.default_edition)()
    return with_claims({"game": game_id, "seats": game.simulate(edition, players, rng)}, edition)
