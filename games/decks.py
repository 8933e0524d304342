"""Edition data for the drafting editions (docs/deck.md): the deck, its regions and map.

`load_deck` checks a file before the engine ever sees it and names every fault it finds.
"""

import json
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any, NamedTuple

from games.parsing import (
    MalformedInput,
    expect_int,
    expect_list,
    expect_object,
    expect_optional_str,
    expect_str,
)


class InvalidEdition(ValueError):
    """Edition data that breaks the format or a published fact; `faults` lists each one."""

    def __init__(self, faults: list[str]) -> None:
        super().__init__("invalid edition data: " + "; ".join(faults))
        self.faults = faults


@dataclass(frozen=True)
class PublishedFacts:
    """What an edition's rules and public sources fix, which any edition file must respect."""

    symbol_keys: tuple[str, str, str]  # green, yellow, blue keys on a card
    green_values: Mapping[str, int]
    yellow_values: Mapping[str, int]
    blue_names: frozenset[str]
    region_bonus_range: tuple[int, int]
    symbol_totals: Mapping[str, Mapping[str, int]] = field(default_factory=dict)
    green_total: int | None = None
    symbols_per_card: int | None = None
    card_numbers_by_name: Mapping[str, int] = field(default_factory=dict)
    needs_map: bool = False
    needs_activity_table: bool = False


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    id: str
    name: str
    number: int
    region: str
    green: str | None
    yellow: str | None
    blue: str | None


@dataclass(frozen=True)
class Region:
    name: str
    cards: tuple[str, ...]
    bonus: int


@dataclass(frozen=True)
class RouteMap:
    paths: tuple[tuple[str, str], ...]
    east_coast: frozenset[str]
    west_coast: frozenset[str]

    @cached_property
    def neighbours(self) -> Mapping[str, tuple[str, ...]]:
        links: dict[str, list[str]] = {}
        for a, b in self.paths:
            links.setdefault(a, []).append(b)
            links.setdefault(b, []).append(a)
        return {city: tuple(others) for city, others in links.items()}


class CardFacts(NamedTuple):
    """What the scoring loop needs of one card, read once per deck (a tuple: unpacked in the hot loop)."""

    number: int
    green_points: int  # the points of its green symbol, 0 without one
    yellow: str | None
    blue: str | None


@dataclass(frozen=True)
class Deck:
    edition: str
    name: str
    cards: tuple[Card, ...]
    regions: tuple[Region, ...]
    green_values: Mapping[str, int]
    yellow_values: Mapping[str, int]
    activity_points_by_count: Mapping[int, int]
    route_map: RouteMap | None = None

    @cached_property
    def card_by_id(self) -> Mapping[str, Card]:
        return {card.id: card for card in self.cards}

    @cached_property
    def card_facts(self) -> Mapping[str, CardFacts]:
        """Per card id, its facts for the scoring loop."""
        return {
            card.id: CardFacts(card.number, self.green_values[card.green] if card.green else 0, card.yellow, card.blue)
            for card in self.cards
        }

    @cached_property
    def region_of(self) -> Mapping[str, int]:
        """Per card id, the index of its region in `regions`."""
        return {card_id: index for index, region in enumerate(self.regions) for card_id in region.cards}

    @cached_property
    def region_members(self) -> tuple[frozenset[str], ...]:
        return tuple(frozenset(region.cards) for region in self.regions)

    @cached_property
    def blue_names(self) -> frozenset[str]:
        return frozenset(card.blue for card in self.cards if card.blue)

    @property
    def is_practice(self) -> bool:
        return "practice" in self.name.lower()


CARD_FIELDS = frozenset({"id", "name", "number", "region"})
TOP_FIELDS = frozenset({"edition", "name", "cards", "regions", "values"})
TOP_OPTIONAL = frozenset({"map", "sources", "notes"})


def load_deck(raw: Any, edition: str, facts: PublishedFacts) -> Deck:
    """Build a Deck from parsed JSON, or raise InvalidEdition naming every fault."""
    if not isinstance(raw, dict):
        raise InvalidEdition(["the edition file must be a JSON object"])
    faults: list[str] = []
    for key in sorted(TOP_FIELDS - raw.keys()):
        faults.append(f"{key}: is required")
    for key in sorted(raw.keys() - TOP_FIELDS - TOP_OPTIONAL):
        faults.append(f"{key}: is not a known field")
    if faults:
        raise InvalidEdition(faults)
    if raw["edition"] != edition:
        raise InvalidEdition([f"edition: expected {edition!r}, got {raw['edition']!r}"])
    try:
        deck = _read_deck(raw, edition, facts)
    except MalformedInput as error:
        raise InvalidEdition([str(error)]) from error
    faults = _deck_faults(deck, facts)
    if faults:
        raise InvalidEdition(faults)
    return deck


def load_deck_file(path: Path, edition: str, facts: PublishedFacts) -> Deck:
    return load_deck(json.loads(path.read_text(encoding="utf-8")), edition, facts)


def _read_deck(raw: Mapping[str, Any], edition: str, facts: PublishedFacts) -> Deck:
    green_key, yellow_key, blue_key = facts.symbol_keys
    cards = []
    for i, item in enumerate(expect_list(raw["cards"], "cards")):
        where = f"cards[{i}]"
        expect_object(item, where, CARD_FIELDS, frozenset(facts.symbol_keys))
        cards.append(
            Card(
                id=expect_str(item["id"], f"{where}.id"),
                name=expect_str(item["name"], f"{where}.name"),
                number=expect_int(item["number"], f"{where}.number", 1, 7),
                region=expect_str(item["region"], f"{where}.region"),
                green=expect_optional_str(item.get(green_key), f"{where}.{green_key}"),
                yellow=expect_optional_str(item.get(yellow_key), f"{where}.{yellow_key}"),
                blue=expect_optional_str(item.get(blue_key), f"{where}.{blue_key}"),
            )
        )
    regions = []
    for i, item in enumerate(expect_list(raw["regions"], "regions")):
        where = f"regions[{i}]"
        expect_object(item, where, frozenset({"name", "cards", "bonus"}))
        members = tuple(expect_str(c, f"{where}.cards[{j}]") for j, c in enumerate(expect_list(item["cards"], where)))
        regions.append(
            Region(expect_str(item["name"], f"{where}.name"), members, expect_int(item["bonus"], f"{where}.bonus"))
        )
    values = expect_object(
        raw["values"],
        "values",
        frozenset({green_key, yellow_key}) | ({"activity_points_by_count"} if facts.needs_activity_table else set()),
    )
    return Deck(
        edition=edition,
        name=expect_str(raw["name"], "name"),
        cards=tuple(cards),
        regions=tuple(regions),
        green_values=_symbol_values(values[green_key], f"values.{green_key}"),
        yellow_values=_symbol_values(values[yellow_key], f"values.{yellow_key}"),
        activity_points_by_count=_activity_table(values.get("activity_points_by_count")),
        route_map=_read_map(raw.get("map"), facts),
    )


def _symbol_values(raw: Any, where: str) -> dict[str, int]:
    table = expect_object(raw, where, frozenset(), frozenset(raw) if isinstance(raw, dict) else frozenset())
    return {name: expect_int(points, f"{where}.{name}") for name, points in table.items()}


def _activity_table(raw: Any) -> dict[int, int]:
    if raw is None:
        return {}
    table = _symbol_values(raw, "values.activity_points_by_count")
    if not all(count.isdigit() for count in table):
        raise MalformedInput("values.activity_points_by_count", 'keys must be icon counts such as "2"')
    return {int(count): points for count, points in table.items()}


def _read_map(raw: Any, facts: PublishedFacts) -> RouteMap | None:
    if raw is None:
        if facts.needs_map:
            raise MalformedInput("map", "is required for this edition")
        return None
    expect_object(raw, "map", frozenset({"paths", "east_coast", "west_coast"}))
    paths = []
    for i, path in enumerate(expect_list(raw["paths"], "map.paths")):
        ends = expect_list(path, f"map.paths[{i}]")
        if len(ends) != 2:
            raise MalformedInput(f"map.paths[{i}]", "a path joins exactly two cities")
        paths.append((expect_str(ends[0], f"map.paths[{i}][0]"), expect_str(ends[1], f"map.paths[{i}][1]")))
    coasts = {
        side: frozenset(expect_str(c, f"map.{side}[{j}]") for j, c in enumerate(expect_list(raw[side], f"map.{side}")))
        for side in ("east_coast", "west_coast")
    }
    return RouteMap(tuple(paths), coasts["east_coast"], coasts["west_coast"])


def _deck_faults(deck: Deck, facts: PublishedFacts) -> list[str]:
    return [
        *_card_faults(deck, facts),
        *_region_faults(deck, facts),
        *_symbol_faults(deck, facts),
        *_map_faults(deck),
    ]


def _card_faults(deck: Deck, facts: PublishedFacts) -> list[str]:
    faults = []
    ids = Counter(card.id for card in deck.cards)
    faults += [f"card id {card_id!r} appears {n} times" for card_id, n in ids.items() if n > 1]
    if len(deck.cards) != 28:
        faults.append(f"the deck has {len(deck.cards)} cards, expected 28")
    numbers = Counter(card.number for card in deck.cards)
    faults += [f"{numbers[n]} cards carry the number {n}, expected 4" for n in range(1, 8) if numbers[n] != 4]
    for card in deck.cards:
        expected = facts.card_numbers_by_name.get(card.name)
        if expected is not None and card.number != expected:
            faults.append(f"card {card.id} ({card.name}) has number {card.number}; the published card has {expected}")
        icons = sum(symbol is not None for symbol in (card.green, card.yellow, card.blue))
        if facts.symbols_per_card is not None and icons != facts.symbols_per_card:
            faults.append(
                f"card {card.id} has {icons} symbols; every card of this edition has {facts.symbols_per_card}"
            )
    return faults


def _region_faults(deck: Deck, facts: PublishedFacts) -> list[str]:
    faults = []
    membership: dict[str, list[str]] = {}
    low, high = facts.region_bonus_range
    for region in deck.regions:
        if not region.cards:
            faults.append(f"region {region.name!r} has no cards")
        if not low <= region.bonus <= high:
            faults.append(
                f"region {region.name!r} has bonus {region.bonus}; this edition's bonuses are {low} to {high}"
            )
        for card_id in region.cards:
            membership.setdefault(card_id, []).append(region.name)
            if card_id not in deck.card_by_id:
                faults.append(f"region {region.name!r} lists unknown card {card_id!r}")
    for card in deck.cards:
        regions = membership.get(card.id, [])
        if not regions:
            faults.append(f"card {card.id} is in no region")
        elif len(regions) > 1:
            faults.append(f"card {card.id} is in {len(regions)} regions: {', '.join(regions)}")
        elif regions[0] != card.region:
            faults.append(f"card {card.id} names region {card.region!r} but is listed in {regions[0]!r}")
    return faults


def _symbol_faults(deck: Deck, facts: PublishedFacts) -> list[str]:
    faults = []
    green_key, yellow_key, blue_key = facts.symbol_keys
    for key, values, published in (
        (green_key, deck.green_values, facts.green_values),
        (yellow_key, deck.yellow_values, facts.yellow_values),
    ):
        if dict(values) != dict(published):
            faults.append(f"values.{key} is {dict(values)}; the rules print {dict(published)}")
    if facts.needs_activity_table and dict(deck.activity_points_by_count) != ACTIVITY_POINTS_BY_COUNT:
        faults.append(f"values.activity_points_by_count differs from the rules' table {ACTIVITY_POINTS_BY_COUNT}")
    known = {green_key: deck.green_values.keys(), yellow_key: deck.yellow_values.keys(), blue_key: facts.blue_names}
    counts: dict[str, Counter[str]] = {key: Counter() for key in facts.symbol_keys}
    for card in deck.cards:
        for key, symbol in zip(facts.symbol_keys, (card.green, card.yellow, card.blue), strict=True):
            if symbol is None:
                continue
            counts[key][symbol] += 1
            if symbol not in known[key]:
                faults.append(f"card {card.id} has unknown {key} symbol {symbol!r}")
    for key, published in facts.symbol_totals.items():
        if dict(counts[key]) != dict(published):
            faults.append(f"{key} symbols total {dict(counts[key])}; published totals are {dict(published)}")
    if facts.green_total is not None and sum(counts[green_key].values()) != facts.green_total:
        faults.append(f"{sum(counts[green_key].values())} {green_key} symbols; published total is {facts.green_total}")
    return faults


def _map_faults(deck: Deck) -> list[str]:
    if deck.route_map is None:
        return []
    cities = deck.card_by_id.keys()
    ends = [city for path in deck.route_map.paths for city in path]
    faults = [f"a path leads to unknown city {city!r}" for city in dict.fromkeys(ends) if city not in cities]
    for side in ("east_coast", "west_coast"):
        coast = getattr(deck.route_map, side)
        faults += [f"{side} names unknown city {city!r}" for city in sorted(coast - cities)]
        if not coast:
            faults.append(f"{side} names no city")
    return faults


ACTIVITY_POINTS_BY_COUNT = {1: 0, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15}
