"""Compact builders for engine tests: a row is a string of card letters, "KAQMEIY"."""

from collections.abc import Sequence
from typing import Any

import games
from games.decks import Card, Deck


def row(cards: str, scored: str | None = None, **claimed: int) -> dict[str, Any]:
    data: dict[str, Any] = {"cards": list(cards), "scored": scored}
    if claimed:
        data["claimed"] = claimed
    return data


def seat(player: str, *rounds: dict[str, Any], claimed_total: int | None = None) -> dict[str, Any]:
    data: dict[str, Any] = {"player": player, "rounds": list(rounds)}
    if claimed_total is not None:
        data["claimed_total"] = claimed_total
    return data


def table(game: str, *seats: dict[str, Any]) -> dict[str, Any]:
    return {"game": game, "seats": list(seats)}


def first_round(game: str, *rows: dict[str, Any]) -> list[dict[str, int]]:
    """Round-1 scores of each row; a lone row gets an opponent with an empty row, later rounds are empty."""
    padded = [*rows, row("")] if len(rows) == 1 else list(rows)
    sheet = table(game, *(seat(f"p{i}", r, row(""), row(""), row("")) for i, r in enumerate(padded)))
    return [dict(result.rounds[0]) for result in games.verify_table(sheet).seats]


def codes(sheet: dict[str, Any], edition: Any = None) -> list[str]:
    return games.verify_table(sheet, edition).problem_codes()


def cards_with(deck: Deck, count: int, **symbols: str | None) -> str:
    """Letters of `count` cards matching symbols given as green=, yellow=, blue= (None: none of that kind)."""
    matching = [card for card in deck.cards if all(getattr(card, kind) == want for kind, want in symbols.items())]
    assert len(matching) >= count, f"the deck has only {len(matching)} cards with {symbols}"
    return "".join(card.id for card in matching[:count])


def fillers(deck: Deck, used: Sequence[str], count: int, **symbols: str | None) -> str:
    """`count` cards not in `used` and matching symbols (None: no symbol of that kind)."""
    pool: list[Card] = [c for c in deck.cards if c.id not in "".join(used)]
    matching = [c for c in pool if all(getattr(c, kind) == want for kind, want in symbols.items())]
    assert len(matching) >= count, f"not enough filler cards with {symbols}"
    return "".join(card.id for card in matching[:count])


LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ@#"


def plain_deck(
    edition: str,
    region_size: int,
    symbols: dict[str, dict[str, str]] | None = None,
    route_map: Any = None,
    bonus: int = 3,
) -> Deck:
    """A hand-built deck for scenarios: regions of consecutive letters, chosen symbols on chosen cards."""
    from games.decks import Region

    rules = games.GAMES[edition].default_edition()
    symbols = symbols or {}
    regions = [LETTERS[i : i + region_size] for i in range(0, len(LETTERS), region_size)]
    cards = tuple(
        Card(
            id=letter,
            name=f"City {letter}",
            number=i % 7 + 1,
            region=next(f"R{n}" for n, region in enumerate(regions) if letter in region),
            green=symbols.get(letter, {}).get("green"),
            yellow=symbols.get(letter, {}).get("yellow"),
            blue=symbols.get(letter, {}).get("blue"),
        )
        for i, letter in enumerate(LETTERS)
    )
    return Deck(
        edition=edition,
        name="Scenario deck",
        cards=cards,
        regions=tuple(Region(f"R{n}", tuple(region), bonus) for n, region in enumerate(regions)),
        green_values=rules.green_values,
        yellow_values=rules.yellow_values,
        activity_points_by_count=rules.activity_points_by_count,
        route_map=route_map,
    )


def column(deck: Deck, ann_rows: Sequence[str]) -> list[list[str]]:
    """Four rounds at four players: ann's rows as given, the rest dealt round-robin to bo, cy and dee."""
    rounds = []
    for ann in ann_rows:
        rest = [c.id for c in deck.cards if c.id not in ann]
        rounds.append([ann, "".join(rest[0::3]), "".join(rest[1::3]), "".join(rest[2::3])])
    return rounds


def four_player_table(game: str, rounds: list[list[str]], scored: dict[tuple[int, int], str] | None = None) -> dict:
    """rounds[r][seat] are rows; scored maps (seat, round) to the activity or treasure scored."""
    scored = scored or {}
    names = ["ann", "bo", "cy", "dee"]
    return table(
        game,
        *(
            seat(name, *(row(rounds[r][i], scored.get((i, r))) for r in range(len(rounds))))
            for i, name in enumerate(names)
        ),
    )
