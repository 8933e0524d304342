"""Boomerang: Australia: what differs from the shared drafting rules."""

from pathlib import Path

from games.decks import Deck, PublishedFacts, load_deck_file
from games.drafting import DraftingRules
from games.words import gettext_noop

GAME = "boomerang-australia"

FACTS = PublishedFacts(
    symbol_keys=("collection", "animal", "activity"),
    green_values={"Leaf": 1, "Wildflower": 2, "Shell": 3, "Souvenir": 5},
    yellow_values={"Kangaroo": 3, "Emu": 4, "Wombat": 5, "Koala": 7, "Platypus": 9},
    blue_names=frozenset({"Indigenous Culture", "Sightseeing", "Bushwalking", "Swimming"}),
    region_bonus_range=(3, 3),
    symbol_totals={
        "collection": {"Leaf": 5, "Wildflower": 4, "Shell": 3, "Souvenir": 1},
        "animal": {"Kangaroo": 5, "Emu": 5, "Wombat": 4, "Koala": 3, "Platypus": 2},
        "activity": {"Indigenous Culture": 6, "Sightseeing": 6, "Bushwalking": 6, "Swimming": 6},
    },
    symbols_per_card=2,
    needs_activity_table=True,
)


def collections_points(total: int, _last_round: int) -> int:
    """'If this total is 7 or less, multiply the total by 2.'"""
    return total * 2 if total <= 7 else total


def activity_points(own: int, _others: int, _players: int, deck: Deck) -> int:
    return deck.activity_points_by_count.get(own, 0)


RULES = DraftingRules(
    game=GAME,
    name=gettext_noop("Boomerang: Australia"),
    facts=FACTS,
    categories=("throw_catch", "sites", "region_bonus", "collections", "animals", "activity"),
    green="collections",
    yellow="animals",
    blue="activity",
    throw_catch=lambda throw, catch: abs(throw - catch),
    green_points=collections_points,
    blue_points=activity_points,
    tie_breaks=("throw_catch",),
)

SHIPPED_DECK = Path(__file__).parent / "data" / "boomerang-australia.json"


def shipped_deck() -> Deck:
    """The published card list (sources inside the file)."""
    return load_deck_file(SHIPPED_DECK, GAME, FACTS)
