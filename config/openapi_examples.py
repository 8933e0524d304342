"""A domain example for every request body and answer of the schema (issue 56, item 9; docs/api.md).

Each component schema gets an `example`: a club's Thursday night (the player `ann`, the club `owls`, event 42
of the first drafting edition, whose printed cards are public...) built from the property names below, and
for a score sheet a real one, the shipped example table of that game (examples/sheets/). Whatever a name does
not tell comes from the schema itself (its enum, format, bounds). tests/test_api_examples.py holds every
example to its schema, so an example can never say something the API would not.
"""

import json
import re
from pathlib import Path
from typing import Any

from games.registry import GAMES

GAME = next(game for game in GAMES.values() if game.drafting)
CARD = GAME.default_edition().cards[0].name
CATEGORIES = sorted(GAME.drafting.categories) if GAME.drafting else []
CATEGORY = GAME.drafting.categories[1] if GAME.drafting else "total"
SHEET = json.loads((Path(__file__).resolve().parent.parent / "examples" / "sheets" / f"{GAME.id}.json").read_text())
SEAT = {key: value for key, value in SHEET["seats"][0].items() if key != "player"}
WHEN, DAY = "2026-11-26T19:30:00Z", "2026-11-26"
# By property name: what a club's night looks like (strings, numbers, or a value whatever the type).
NAMED: dict[str, Any] = {
    "handle": "ann", "player": "ann", "username": "ann", "display_name": "Ann Lee", "by": "ann", "kept": "ann",
    "merged": "ann-2", "entered_by": "bob", "defined_by": "cy", "published_by": "cy", "decided_by": "cy",
    "changed_by": "bob", "recorded_by": "bob", "adopted_by": "cy", "admitted_by": "bob", "updated_by": "bob",
    "organisation": "owls", "club": "owls", "slug": "owls", "federation": "ffb", "circuit": "ffb",
    "game": GAME.id, "name": "Thursday night at the Owls", "venue": "The Owls, back room",
    "description": f"Four rounds of {GAME.name}, Swiss pairings.", "country": "FR",
    "timezone": "Europe/Paris", "currency": "EUR", "reason": "Two boxes agree card by card.",
    "note": "Paid at the door.", "email": "ann@owls.example", "url": "https://boomerang.example/players/ann/",
    "next": "https://boomerang.example/api/events/?page=3", "previous": "https://boomerang.example/api/events/?page=1",
    "password": "correct-horse-battery", "token": "bt_3f9c2e7a", "prefix": "bk_3f9c", "secret": "whsec_3f9c2e7a",
    "code": "wrong_total", "field": f"seats[0].rounds[1].claimed.{CATEGORY}",
    "message": f"{CATEGORY}: 7 claimed, 6 scored", "detail": f"{CATEGORY}: 7 claimed, 6 scored",
    "abbreviation": "M", "claim_code": "K7Q-2MX", "edition": GAME.name, "card": CARD, "best_card": CARD, "taken": CARD,
    "month": "2026-11", "csv": "handle,number,valid_from,valid_until,club,category\nann,F-1,2026-01-01,,owls,adult\n",
    "event": 42, "id": 42, "table": 7, "round": 2, "seat": 11, "rank": 1, "place": 1, "points": 37,
    "game_score": 37, "capacity": 8, "rounds_planned": 4, "count": 1, "players": 4, "player_count": 4,
    "number": 1, "position": 1, "tables": 2, "games": 12, "min_games": 10, "held_for_games": 3, "attempt": 1,
    "mu": 27.4, "sigma": 2.1, "conservative": 21.1, "min_rating": 20.0, "amount": "10.00",
    "reduced_amount": "5.00", "paid": "10.00", "due": "0.00", "levy": "4.00", "per_player": "1.00",
}  # fmt: skip
HOOK = "https://owls.example/hooks/boomerang"  # a webhook's `url`: the club's own server
FORMATS = {"date-time": WHEN, "date": DAY, "uri": "https://boomerang.example/", "email": NAMED["email"], "uuid":
           "0b6f9c1e-3a2d-4c5b-9e8f-7a6b5c4d3e2f", "decimal": "10.00"}  # fmt: skip
# Bodies a name cannot tell: a real score sheet where one is sent.
BODIES: dict[str, Any] = {
    "SheetInputRequest": {"data": SEAT},
    "TableSheetsInputRequest": {"seats": SHEET["seats"]},
    "ScorePreviewInputRequest": {"seats": SHEET["seats"]},
    "SheetCheckInputRequest": {"sheet": SHEET},
    "RebuildInputRequest": {"table": {"seats": SHEET["seats"]}, "direction": "left"},
    "EntryInputRequest": {"data": {"edition": GAME.id, "name": "The Owls' box", "cards": []}},  # as far as typed
    # An event the API creates as sent: its registration opens before and closes before its start.
    "EventInputRequest": {
        "name": NAMED["name"],
        "organisation": "owls",
        "game": GAME.id,
        "starts_at": WHEN,
        "timezone": "Europe/Paris",
        "venue": NAMED["venue"],
        "description": NAMED["description"],
        "rounds_planned": 4,
        "capacity": 8,
        "registration_opens": "2026-11-01T09:00:00Z",
        "registration_closes": "2026-11-26T19:00:00Z",
        "rated": True,
    },
}
# Properties whose example depends on the component: a webhook's `url` is the club's receiving server.
BY_COMPONENT: dict[tuple[str, str], Any] = {
    ("Webhook", "url"): HOOK,
    ("WebhookWithSecret", "url"): HOOK,
    ("WebhookInputRequest", "url"): HOOK,
}

# Each CSV export's header as the server writes it and one line of the club's night, by path (a season's middle
# columns are its counting events, "name #id"; card statistics have a column per scoring category, here the first
# drafting edition's). tests/test_api_examples.py holds every header to what the server sends.
CSV_EXAMPLES: dict[str, str] = {
    "/api/events/{id}/standings.csv": "rank,player,points,game_score,game_tie_break,opponents_points,duplicate,tables,"
    "byes,dropped\r\n1,ann,8.0,92,,8.0,0.0,2,0,no\r\n",
    "/api/events/{id}/entrants.csv": "id,event,player,status,division,answers.your-club,answers.t-shirt-size,"
    f"answers.vegetarian-meal,review_note,created_at,updated_at\r\n7,42,ann,awaiting,,Owls,M,yes,,{WHEN},{WHEN}\r\n",
    "/api/events/{id}/ledger.csv": "player,status,category,fee,paid,refunded,due,credit\r\n"
    "ann,checked_in,adult,10.00,10.00,0.00,0.00,0.00\r\n",
    "/api/games/{game}/cards.csv": "card,name,taken,offered,take_rate,mean_pick,seats,uplift,uplift_low,uplift_high,"
    + ",".join(f"points_{category}" for category in CATEGORIES)
    + f"\r\nA,{CARD},16,45,0.36,2.81,12,0.44,0.16,0.73"
    + ",2.0" * len(CATEGORIES)
    + "\r\n",
    "/api/organisations/{slug}/levy.csv": "event,name,club,game,starts_at,player_count,levy,currency\r\n"
    f"42,Thursday night at the Owls,owls,{GAME.id},{WHEN},4,4.00,EUR\r\n",
    "/api/players/{handle}/pick-accuracy.csv": "event,event_name,game,round,table,choices,best_picks,points_lost,"
    f"made,par,performance\r\n42,Thursday night at the Owls,{GAME.id},2,7,24,5,12,37,33,4\r\n",
    "/api/ratings/lists/{id}.csv": "rank,player,handle,conservative,mu,sigma,games,inactive\r\n"
    "1,Ann Lee,ann,21.1,27.4,2.1,12,no\r\n",
    "/api/ratings/pools/{game}/leaderboard.csv": "player,handle,name,conservative,mu,sigma,games,last_played_at,"
    f"provisional\r\n7,ann,Ann Lee,21.1,27.4,2.1,12,{WHEN},no\r\n",
    "/api/seasons/{id}/standings.csv": "place,player,points,Thursday night at the Owls #42,Spring open #43,"
    "not_counted\r\n1,ann,37.0,20.0,17.0,\r\n",
}


def domain_examples(result: dict[str, Any], generator: Any, request: Any, public: bool) -> dict[str, Any]:
    """Every component schema's `example`, and each CSV export's (a drf-spectacular postprocessing hook, run
    last)."""
    components = result.get("components", {}).get("schemas", {})
    for name in components:
        _component_example(name, components, set())
    for path, item in result.get("paths", {}).items():
        csv = item.get("get", {}).get("responses", {}).get("200", {}).get("content", {}).get("text/csv")
        if csv is not None:
            csv["example"] = CSV_EXAMPLES[path]
    return result


def example_of(schema: dict[str, Any]) -> Any:
    """An example of a JSON Schema without references (a message's payload, tournaments/message_schemas.py)."""
    return _example(schema, "", {}, set())


def _component_example(name: str, components: dict[str, Any], visiting: set[str]) -> Any:
    """The component's example, made once (a schema that contains itself gets an empty object inside)."""
    component = components[name]
    if "example" not in component:
        if name in visiting:
            return {}
        visiting.add(name)
        component["example"] = BODIES.get(name) or _example(component, name, components, visiting)
        for (owner, prop), value in BY_COMPONENT.items():
            if owner == name and isinstance(component["example"], dict) and prop in component["example"]:
                component["example"][prop] = value
        visiting.discard(name)
    return component["example"]


def _example(schema: dict[str, Any], name: str, components: dict[str, Any], visiting: set[str]) -> Any:
    if "$ref" in schema:
        return _component_example(schema["$ref"].rsplit("/", 1)[1], components, visiting)
    for combined in ("allOf", "oneOf", "anyOf"):
        if combined in schema:
            return _example(schema[combined][0], name, components, visiting)
    if "const" in schema:
        return schema["const"]
    if "enum" in schema:
        return next((value for value in schema["enum"] if value is not None), None)
    kind = schema.get("type")
    if kind == "object" or "properties" in schema:
        properties = schema.get("properties", {})
        return {key: _example(value, key, components, visiting) for key, value in properties.items()}
    if kind == "array":
        item = _example(schema.get("items", {}), _singular(name), components, visiting)
        return [item] * max(1, schema.get("minItems", 1)) if item is not None else []
    return _scalar(schema, name, kind)


def _scalar(schema: dict[str, Any], name: str, kind: str | None) -> Any:
    named = NAMED.get(name)
    if kind == "string":
        text = named if isinstance(named, str) else FORMATS.get(schema.get("format", ""), "")
        if not text and name.endswith(("_at", "_until", "_since", "opens", "closes")):
            text = WHEN
        if not text and name.endswith(("_on", "_from")):
            text = DAY
        return _fitted(text or "owls", schema)
    if kind in ("integer", "number"):
        value = named if isinstance(named, int | float) and not isinstance(named, bool) else 1
        value = max(value, schema.get("minimum", value))
        value = min(value, schema.get("maximum", value))
        return int(value) if kind == "integer" else float(value)
    if kind == "boolean":
        return name in ("rated", "valid", "complete", "submitted", "trusted", "is_active")
    return named  # a value of any kind: a name's, or nothing


def _fitted(text: str, schema: dict[str, Any]) -> str:
    """`text` made to meet the string's pattern and length (a handle's pattern, a slug's)."""
    pattern = schema.get("pattern")
    if pattern and not re.search(pattern, text):
        text = next((c for c in ("ann", "owls", "FR", "a1", "") if re.search(pattern, c)), text)
    text = text[: schema.get("maxLength", len(text))]
    return text.ljust(schema.get("minLength", 0), "x")


def _singular(name: str) -> str:
    return {"players": "player", "seats": "seat", "tables": "table", "events": "event"}.get(name, name)
