"""Boomerang: Europe: what differs from the shared drafting rules.

The printed card list, region membership and region bonuses are not public (shared/reference), so
the default deck is a practice deck built to every published constraint and named as such.
"""

from pathlib import Path

from games.decks import Deck, PublishedFacts, load_deck_file
from games.drafting import DraftingRules
from games.words import gettext_noop

GAME = "boomerang-europe"
TREASURE_POINTS_PER_SYMBOL = {2: 4, 3: 3, 4: 2}
PASSPORT_BONUSES = (7, 3, 1)

FACTS = PublishedFacts(
    symbol_keys=("food", "transport", "treasure"),
    green_values={"Beer": 1, "Cheese": 2, "Wine": 3, "Liqueur": 5},
    yellow_values={"Car": 3, "Train": 4, "Bicycle": 5, "Boat": 7, "Plane": 9},
    blue_names=frozenset({"Art", "Architecture", "Music", "Natural Wonder"}),
    region_bonus_range=(2, 5),
    card_numbers_by_name={"Ireland": 6, "Austria": 1},
)


def food_points(total: int, _last_round: int) -> int:
    """'Si le total est supérieur ou égal à 8, vous ne gagnez que la moitié des points (arrondis au supérieur).'"""
    return (total + 1) // 2 if total >= 8 else total


def treasure_points(_own: int, others: int, players: int, _deck: Deck) -> int:
    """Each matching symbol on the other players' cards: 4 (2 players), 3 (3 players), 2 (4 players)."""
    return TREASURE_POINTS_PER_SYMBOL[players] * others


def passport_stamped(visited: set[str], deck: Deck) -> bool:
    """At least one country visited in every region."""
    return all(not visited.isdisjoint(region.cards) for region in deck.regions)


def passport_points(tier: int, players: int) -> int:
    """7 to the first, 3 to the second, 1 to the third (with 3 or 4 players only)."""
    bonuses = PASSPORT_BONUSES if players >= 3 else PASSPORT_BONUSES[:2]
    return bonuses[tier] if tier < len(bonuses) else 0


RULES = DraftingRules(
    game=GAME,
    name=gettext_noop("Boomerang: Europe"),
    facts=FACTS,
    categories=("throw_catch", "sites", "region_bonus", "passport_bonus", "food", "transport", "treasure"),
    green="food",
    yellow="transport",
    blue="treasure",
    throw_catch=lambda throw, catch: abs(throw - catch),
    green_points=food_points,
    blue_points=treasure_points,
    blue_must_be_held=True,
    blue_counts_other_rows=True,
    extra_bonus="passport_bonus",
    extra_bonus_reached=passport_stamped,
    extra_bonus_points=passport_points,
    tie_breaks=("passport_bonus", "throw_catch"),
)

PRACTICE_DECK = Path(__file__).parent / "data" / "practice-boomerang-europe.json"


def shipped_deck() -> Deck:
    """The practice deck: invented card list that satisfies every published constraint."""
    return load_deck_file(PRACTICE_DECK, GAME, FACTS)
