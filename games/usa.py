"""Boomerang: USA: what differs from the shared drafting rules.

The printed card list, regions and map are not public (shared/reference), so the default deck is a
practice deck built to every published constraint and named as such.
"""

from pathlib import Path

from games.decks import Deck, PublishedFacts, load_deck_file
from games.drafting import DraftingRules
from games.words import gettext_noop

GAME = "boomerang-usa"
COAST_BONUSES = (7, 3)
COAST_BONUS_FOR_THE_OTHERS = 1

FACTS = PublishedFacts(
    symbol_keys=("souvenir", "animal", "activity"),
    green_values={"Mailbox": 1, "Baseball cap": 2, "Football jersey": 3, "US flag": 5},
    yellow_values={"Trout": 3, "Ox": 4, "Grizzly": 5, "Bald eagle": 7, "Bigfoot": 9},
    blue_names=frozenset({"Photography", "Game", "Hiking", "Restaurant"}),
    region_bonus_range=(3, 3),
    symbol_totals={
        "animal": {"Trout": 6, "Ox": 5, "Grizzly": 4, "Bald eagle": 3, "Bigfoot": 1},
        "activity": {"Photography": 6, "Game": 6, "Hiking": 6, "Restaurant": 6},
    },
    green_total=13,
    symbols_per_card=2,
    needs_map=True,
    needs_activity_table=True,
)


def throw_catch_points(throw: int, catch: int) -> int:
    """'Si le chiffre sur votre carte Réception est supérieur ou égal au chiffre sur votre carte Lancer,
    vous gagnez le nombre de points inscrit sur votre carte Lancer.'"""
    return throw if catch >= throw else 0


def souvenir_points(total: int, last_round: int) -> int:
    """Score the total only if it beats the souvenir points scored last round (see docs/rules.md)."""
    return total if total > last_round else 0


def activity_points(own: int, _others: int, _players: int, deck: Deck) -> int:
    return deck.activity_points_by_count.get(own, 0)


def coasts_joined(visited: set[str], deck: Deck) -> bool:
    """Whether drawn paths (both ends visited) join a visited East-coast city to a West-coast one."""
    assert deck.route_map is not None
    route_map = deck.route_map
    if visited.isdisjoint(route_map.west_coast):
        return False
    frontier = [city for city in route_map.east_coast if city in visited]
    reached = set(frontier)
    while frontier:
        city = frontier.pop()
        if city in route_map.west_coast:
            return True
        for neighbour in route_map.neighbours.get(city, ()):
            if neighbour in visited and neighbour not in reached:
                reached.add(neighbour)
                frontier.append(neighbour)
    return False


def coast_points(tier: int, _players: int) -> int:
    """'7 points pour le 1er joueur qui le fait, 3 points pour le 2e et 1 point pour les autres.'"""
    return COAST_BONUSES[tier] if tier < len(COAST_BONUSES) else COAST_BONUS_FOR_THE_OTHERS


RULES = DraftingRules(
    game=GAME,
    name=gettext_noop("Boomerang: USA"),
    facts=FACTS,
    categories=("throw_catch", "sites", "region_bonus", "coast_bonus", "souvenirs", "animals", "activity"),
    green="souvenirs",
    yellow="animals",
    blue="activity",
    throw_catch=throw_catch_points,
    green_points=souvenir_points,
    blue_points=activity_points,
    extra_bonus="coast_bonus",
    extra_bonus_reached=coasts_joined,
    extra_bonus_points=coast_points,
    tie_breaks=("coast_bonus", "throw_catch"),
)

PRACTICE_DECK = Path(__file__).parent / "data" / "practice-boomerang-usa.json"


def shipped_deck() -> Deck:
    """The practice deck: invented card list and map that satisfy every published constraint."""
    return load_deck_file(PRACTICE_DECK, GAME, FACTS)
