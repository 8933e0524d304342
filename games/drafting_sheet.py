"""The sheet of the three drafting editions: reading a seat's rounds, refusing anything the format does not
allow (games/parsing.py names the field and the reason). A fast path accepts a well-formed round in one pass;
tests/games/test_readers.py checks that it agrees with the strict reader on every input."""

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from games.parsing import (
    MalformedInput,
    expect_int,
    expect_list,
    expect_object,
    expect_optional_str,
    expect_str,
    expect_str_list,
)


class SheetRules(Protocol):
    """What reading a sheet needs of an edition's rules (games/drafting.py's DraftingRules): its score
    categories, in their order and as a set."""

    @property
    def categories(self) -> tuple[str, ...]: ...

    @property
    def category_set(self) -> frozenset[str]: ...


ROUNDS = 4
ROW_LENGTH = 7
DECK_SIZE = 28


@dataclass(frozen=True, slots=True)
class DraftingRound:
    cards: tuple[str, ...]
    scored: str | None = None
    claimed: Mapping[str, int] | None = None


@dataclass(frozen=True, slots=True)
class DraftingSeat:
    player: str
    rounds: tuple[DraftingRound, ...]
    claimed_total: int | None = None


def parse_seat(rules: SheetRules, raw: Any, where: str, *, partial: bool = False) -> DraftingSeat:
    """Read one seat object, refusing anything the sheet format does not allow. `partial`: a game still
    being played (the score pad), with 1 to 4 rounds so far and rows still being drafted."""
    seat = expect_object(raw, where, frozenset({"player", "rounds"}), frozenset({"claimed_total"}))
    rounds = expect_list(seat["rounds"], f"{where}.rounds")
    if not (1 <= len(rounds) <= ROUNDS if partial else len(rounds) == ROUNDS):
        expected = f"1 to {ROUNDS}" if partial else f"exactly {ROUNDS}"
        raise MalformedInput(f"{where}.rounds", f"expected {expected} rounds, got {len(rounds)}")
    return DraftingSeat(
        player=expect_str(seat["player"], f"{where}.player"),
        rounds=tuple(_parse_round(rules, item, f"{where}.rounds[{i}]") for i, item in enumerate(rounds)),
        claimed_total=None
        if seat.get("claimed_total") is None
        else expect_int(seat["claimed_total"], f"{where}.claimed_total"),
    )


ROUND_KEYS = frozenset({"cards", "scored", "claimed"})


def _parse_round(rules: SheetRules, raw: Any, where: str) -> DraftingRound:
    """Accept a well-formed round in one pass; anything else goes through the strict reader for its message."""
    if type(raw) is dict and "cards" in raw and raw.keys() <= ROUND_KEYS:
        cards, scored, claimed = raw["cards"], raw.get("scored"), raw.get("claimed")
        if (
            type(cards) is list
            and len(cards) <= DECK_SIZE
            and all(type(card) is str and card.strip() for card in cards)
            and (scored is None or (type(scored) is str and scored.strip()))
            and (claimed is None or _well_formed_claims(rules, claimed))
        ):
            return DraftingRound(tuple(cards), scored, claimed)
    return _parse_round_strictly(rules, raw, where)


def _well_formed_claims(rules: SheetRules, claimed: Any) -> bool:
    return (
        type(claimed) is dict
        and claimed.keys() <= rules.category_set
        and all(type(value) is int and value >= 0 for value in claimed.values())
    )


def _parse_round_strictly(rules: SheetRules, raw: Any, where: str) -> DraftingRound:
    row = expect_object(raw, where, frozenset({"cards"}), frozenset({"scored", "claimed"}))
    cards = expect_list(row["cards"], f"{where}.cards")
    if len(cards) > DECK_SIZE:
        raise MalformedInput(f"{where}.cards", f"a row cannot hold {len(cards)} cards")
    claimed = row.get("claimed")
    if claimed is not None:
        expect_object(claimed, f"{where}.claimed", frozenset(), frozenset(rules.categories))
        if not all(type(value) is int and value >= 0 for value in claimed.values()):
            claimed = {key: expect_int(value, f"{where}.claimed.{key}") for key, value in claimed.items()}
    return DraftingRound(
        cards=expect_str_list(cards, f"{where}.cards"),
        scored=expect_optional_str(row.get("scored"), f"{where}.scored"),
        claimed=claimed,
    )
