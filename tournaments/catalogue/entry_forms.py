"""Field-by-field forms for every edition (issue 55, item 2), typed on a phone one field each rather than as the
edition file's JSON: the flip game's thirteen piece values; the hunt's species with their card counts, its five
territories and its 54 cards (each one animal and two territories); and a drafting edition's cards one by one
(letter, name, number, region and symbols), its regions with their bonuses from the score sheet and, where the
edition has a map, its paths and coasts. Each builds the edition file of docs/deck.md; entries.entry_save runs
its checks. The symbols' points are the rules' own (public, games' PublishedFacts), so nobody types them."""

import json
from typing import Any

from django.http import QueryDict
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy

import games
from config.errors import DomainError
from games.drafting_sheet import DECK_SIZE, ROW_LENGTH
from games.flip import PIECES_PER_PLAYER as PIECES
from games.flip import POINTS_PER_PLAYER
from games.hunt import CARDS_IN_GAME as HUNT_CARDS
from games.hunt import TERRITORIES

SPECIES_ROWS = 8  # the hunt has 6 species; two spare rows let a mistyped entry be seen and fixed
CARD_ROWS = DECK_SIZE  # a drafting edition's deck
REGION_ROWS = 8  # the score sheets have 7 regions or fewer; a spare row, as for the species


def form_kind(game: str) -> str:
    """ "pieces" for a game whose edition is its pieces' values, "species" for one whose edition is its species'
    card counts, "cards" for a drafting edition."""
    edition = games.GAMES[game].default_edition()
    return "pieces" if hasattr(edition, "pieces") else "species" if hasattr(edition, "cards_per_species") else "cards"


def edition_from_form(game: str, form: QueryDict) -> dict[str, Any]:
    """The edition file the form describes; a count that is not a whole number is refused naming its field."""
    name = form.get("name", "").strip()
    if form_kind(game) == "cards":
        return _drafting_edition(game, name, form)
    if form_kind(game) == "pieces":
        pieces = [_whole(form.get(f"piece-{i}", ""), f"pieces[{i}]") for i in range(PIECES)]
        return {"edition": game, "name": name, "pieces": pieces}
    species = {}
    for i in range(SPECIES_ROWS):
        label, count = form.get(f"species-{i}", "").strip(), form.get(f"count-{i}", "").strip()
        if label or count:
            if not label:
                raise DomainError("a count needs its species' name", "invalid_edition", f"species[{i}]")
            species[label] = _whole(count, f"species.{label}")
    return {"edition": game, "name": name, "species": species, **_hunt_cards(form)}


def _hunt_cards(form: QueryDict) -> dict[str, Any]:
    """The territories and the cards typed (none: an edition of species counts only); an empty row is left out,
    so the checks count the cards, and a half-typed card is named by its field."""
    territories = [form.get(f"territory-{k}", "").strip() for k in range(TERRITORIES)]
    cards = []
    for i in range(HUNT_CARDS):
        animal, *shown = (form.get(f"hunt-card-{i}-{key}", "").strip() for key in ("species", "first", "second"))
        if animal or any(shown):
            cards.append({"species": animal, "territories": shown})
    if not cards and not any(territories):
        return {}
    return {"territories": [name for name in territories if name], "cards": cards}


def form_rows(game: str, data: dict[str, Any] | None) -> dict[str, Any]:
    """What the form shows of an entry saved before (or empty rows). The entry may have been saved as a file with
    faults, so every field is read for what it can show, never trusted to have its shape."""
    data = _object(data)
    if form_kind(game) == "cards":
        return _drafting_rows(game, data)
    if form_kind(game) == "pieces":
        pieces = _texts(data.get("pieces"))
        values = [(i, pieces[i] if i < len(pieces) else "") for i in range(PIECES)]
        return {"name": data.get("name", ""), "pieces": values, "count": PIECES, "total": POINTS_PER_PLAYER}
    species = list(_object(data.get("species")).items())
    rows = [(i, *species[i]) if i < len(species) else (i, "", "") for i in range(max(SPECIES_ROWS, len(species)))]
    territories = _texts(data.get("territories"))[:TERRITORIES]
    cards = _objects(data.get("cards"))[:HUNT_CARDS]
    return {
        "name": data.get("name", ""),
        "species": rows,
        "territories": [(k, territories[k] if k < len(territories) else "") for k in range(TERRITORIES)],
        "cards": [(i, *_hunt_card_row(cards[i] if i < len(cards) else {})) for i in range(HUNT_CARDS)],
        "card_count": HUNT_CARDS,
        "territory_count": TERRITORIES,
    }


def _hunt_card_row(card: dict[str, Any]) -> tuple[str, str, str]:
    shown = [*_texts(card.get("territories"))[:2], "", ""]
    return card.get("species", ""), shown[0], shown[1]


def _drafting_edition(game: str, name: str, form: QueryDict) -> dict[str, Any]:
    facts = _facts(game)
    cards = []
    for i in range(CARD_ROWS):
        typed = {key: form.get(f"card-{i}-{key}", "").strip() for key in ("id", "name", "number", "region",
                                                                            *facts.symbol_keys)}  # fmt: skip
        if any(typed.values()):  # a row not typed yet is left out: the checks count the cards
            number = _whole(typed["number"], f"cards[{i}].number")
            symbols = {key: typed[key] or None for key in facts.symbol_keys}
            cards.append({"id": typed["id"], "name": typed["name"], "number": number, "region": typed["region"],
                          **symbols})  # fmt: skip
    regions = []
    for j in range(REGION_ROWS):
        region, bonus = form.get(f"region-{j}-name", "").strip(), form.get(f"region-{j}-bonus", "").strip()
        if region or bonus:
            members = [card["id"] for card in cards if card["region"] == region]
            regions.append({"name": region, "cards": members, "bonus": _whole(bonus, f"regions[{j}].bonus")})
    data = {"edition": game, "name": name, "cards": cards, "regions": regions, "values": _values(game)}
    if facts.needs_map:
        data["map"] = {
            "paths": [_path(text, f"map.paths[{k}]") for k, text in enumerate(_listed(form.get("paths", "")))],
            "east_coast": _listed(form.get("east_coast", "")),
            "west_coast": _listed(form.get("west_coast", "")),
        }
    return data


def _drafting_rows(game: str, data: dict[str, Any]) -> dict[str, Any]:
    facts = _facts(game)
    rules = games.GAMES[game].drafting
    assert rules is not None
    cards = _objects(data.get("cards"))[:CARD_ROWS]
    cards += [{}] * (CARD_ROWS - len(cards))
    regions = _objects(data.get("regions"))
    fixed_bonus = facts.region_bonus_range[0] if len(set(facts.region_bonus_range)) == 1 else ""
    route_map = _object(data.get("map"))
    names = [sorted(facts.green_values), sorted(facts.yellow_values), sorted(facts.blue_names)]
    categories = [rules.green, rules.yellow, rules.blue]  # each symbol key's scoring category, named by the pages
    return {
        "name": data.get("name", ""),
        "symbols": list(zip(facts.symbol_keys, categories, names, strict=True)),
        "cards": [
            (
                i,
                card,
                [
                    (key, category, card.get(key) or "")
                    for key, category in zip(facts.symbol_keys, categories, strict=True)
                ],
            )
            for i, card in enumerate(cards)
        ],
        "regions": [(j, regions[j] if j < len(regions) else {"bonus": fixed_bonus}) for j in range(REGION_ROWS)],
        "deck": {"cards": DECK_SIZE, "numbers": ROW_LENGTH, "each": DECK_SIZE // ROW_LENGTH},  # 28: 4 of 1 to 7
        "needs_map": facts.needs_map,
        "totals": json.dumps({key: dict(totals) for key, totals in facts.symbol_totals.items()}),
        "paths": ", ".join("-".join(_texts(path)) for path in _list(route_map.get("paths"))),
        "east_coast": ", ".join(_texts(route_map.get("east_coast"))),
        "west_coast": ", ".join(_texts(route_map.get("west_coast"))),
    }


def _object(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _objects(value: Any) -> list[dict[str, Any]]:
    return [_object(item) for item in _list(value)]


def _texts(value: Any) -> list[str]:
    return [str(item) for item in _list(value)]


def _facts(game: str) -> Any:
    rules = games.GAMES[game].drafting
    assert rules is not None, f"{game} is not a drafting edition"
    return rules.facts


def _values(game: str) -> dict[str, Any]:
    """The symbols' points as the rules print them (the same in every box of the edition)."""
    facts, deck = _facts(game), games.GAMES[game].default_edition()
    green_key, yellow_key, _blue_key = facts.symbol_keys
    values: dict[str, Any] = {green_key: dict(facts.green_values), yellow_key: dict(facts.yellow_values)}
    if facts.needs_activity_table:
        values["activity_points_by_count"] = {str(count): points for count, points in
                                              deck.activity_points_by_count.items()}  # fmt: skip
    return values


def _listed(text: str) -> list[str]:
    return [part.strip() for part in text.replace(";", ",").split(",") if part.strip()]


def _path(text: str, field: str) -> list[str]:
    ends = [end.strip() for end in text.split("-")]
    if len(ends) != 2 or not all(ends):
        raise DomainError(
            format_lazy(gettext_lazy("{field} is two cities' letters joined by a dash, such as A-B"), field=field),
            "invalid_edition",
            field,
        )
    return ends


def _whole(text: str, field: str) -> int:
    text = str(text).strip()
    if not text.isdigit() or len(text) > 4:
        raise DomainError(format_lazy(gettext_lazy("{field} is a whole number"), field=field), "invalid_edition", field)
    return int(text)
