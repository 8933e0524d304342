"""The whole draft of a drafting table, rebuilt: what each seat was dealt and the hand it held at each pick.

Each round every seat is dealt 7 cards, keeps one and passes the rest: to the next seat in the table's order
("left"), or, with the Direction Variant ("alternate"), to the next in rounds 1 and 3 and the previous in
rounds 2 and 4 (shared rules, "Direction Variant"). So at pick k a seat plays from the hand dealt k seats
back, and the seat's k-th card came from that hand: the deal and every hand offered follow from the rows
alone. When a round's cards are all distinct (the engine checks it), its rows come from exactly one deal.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from games import drafting_sheet
from games.drafting_sheet import ROW_LENGTH
from games.parsing import MalformedInput, expect_list, expect_object


class DraftedGame(Protocol):
    """What rebuilding a draft needs of a game (games/registry.py's Game): its name and its sheet's rules."""

    @property
    def name(self) -> str: ...

    @property
    def drafting(self) -> drafting_sheet.SheetRules | None: ...


DIRECTIONS = ("left", "alternate")


@dataclass(frozen=True)
class Pick:
    offered: tuple[str, ...]  # the hand the seat held, in the order its cards were taken
    taken: str


@dataclass(frozen=True)
class RoundDraft:
    dealt: tuple[tuple[str, ...], ...]  # per seat: the 7 cards dealt to it, in the order they were taken
    picks: tuple[tuple[Pick, ...], ...]  # per seat, per pick


def step_of(direction: str, round_index: int) -> int:
    """+1: a hand goes to the next seat; -1: to the previous one."""
    if direction not in DIRECTIONS:
        raise MalformedInput("direction", f"direction is one of {', '.join(DIRECTIONS)}")
    return -1 if direction == "alternate" and round_index % 2 else 1


def rebuild_round(rows: Sequence[Sequence[str]], step: int, where: str = "") -> RoundDraft:
    """One round: rows[seat] are that seat's cards in the order drafted (7 each)."""
    check_round(rows, where)
    seats = len(rows)
    dealt = tuple(tuple(rows[(origin + step * k) % seats][k] for k in range(ROW_LENGTH)) for origin in range(seats))
    picks = tuple(
        tuple(Pick(offered=dealt[(seat - step * k) % seats][k:], taken=rows[seat][k]) for k in range(ROW_LENGTH))
        for seat in range(seats)
    )
    return RoundDraft(dealt, picks)


def check_round(rows: Sequence[Sequence[str]], where: str = "") -> None:
    """Rows a draft can have come from: 7 cards each, none in two places; else MalformedInput naming it."""
    seen: dict[str, int] = {}
    for seat, row in enumerate(rows):
        if len(row) != ROW_LENGTH:
            raise MalformedInput(f"{where}seats[{seat}]", f"a round's row is {ROW_LENGTH} cards, not {len(row)}")
        for card in row:
            if card in seen:
                raise MalformedInput(
                    f"{where}seats[{seat}]", f"card {card!r} stands in two rows (seats {seen[card] + 1} and {seat + 1})"
                )
            seen[card] = seat


def rebuild(rounds: Sequence[Sequence[Sequence[str]]], direction: str) -> list[RoundDraft]:
    """Every round: rounds[round][seat] are the seat's cards in the order drafted."""
    return [rebuild_round(rows, step_of(direction, r), f"rounds[{r}].") for r, rows in enumerate(rounds)]


def rebuild_table(game: DraftedGame, sheet: Any, direction: str) -> list[RoundDraft]:
    """A whole drafting table in the sheet format (`{"seats": [...]}`, seats in the table's order)."""
    if game.drafting is None:
        raise MalformedInput("game", f"{game.name} is not drafted: there is no draft to rebuild")
    table = expect_object(sheet, "table", frozenset({"seats"}), frozenset({"game"}))
    raw_seats = expect_list(table["seats"], "table.seats")
    seats = [drafting_sheet.parse_seat(game.drafting, raw, f"table.seats[{i}]") for i, raw in enumerate(raw_seats)]
    if not 2 <= len(seats) <= 4:
        raise MalformedInput("table.seats", "a drafting table has 2 to 4 seats")
    rounds = [[list(seat.rounds[r].cards) for seat in seats] for r in range(drafting_sheet.ROUNDS)]
    return rebuild(rounds, direction)


def to_json(drafts: list[RoundDraft]) -> dict[str, Any]:
    return {
        "rounds": [
            {
                "dealt": [list(hand) for hand in draft.dealt],
                "picks": [[{"offered": list(p.offered), "taken": p.taken} for p in seat] for seat in draft.picks],
            }
            for draft in drafts
        ]
    }
