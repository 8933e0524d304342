"""The score pad's preview: a table scored as it is played, round by round, by the same engines.

A drafting game in progress has 1 to 4 rounds per seat and rows still being drafted. The preview pads
the missing rounds with empty rows, runs the game's own verification, and keeps the problems found so
far: a row with fewer than 7 cards is not finished yet, not wrong (a row with more is wrong at once), and
a whole-game total cannot be claimed before the game is whole. On a complete table the preview is the
verification (property-tested). The hunt and the flip game are scored once, at the end: their preview is
their verification.
"""

from dataclasses import dataclass, replace
from typing import Any

from games import drafting_sheet
from games.parsing import MalformedInput, expect_list, expect_object
from games.registry import Game, game_of, refuse_player_twice, verify_table
from games.verdict import SeatResult, Verdict


@dataclass(frozen=True)
class Preview:
    verdict: Verdict
    complete: bool
    running_totals: dict[str, list[int]]  # per player, the total after each round (drafting games)

    def to_json(self) -> dict[str, Any]:
        return {**self.verdict.to_json(), "complete": self.complete, "running_totals": self.running_totals}


def preview_table(game_id: str, sheet: Any, edition: Any = None) -> Preview:
    """Score a table in progress. `sheet`: `{"seats": [...]}` in the sheet format (`game` may be given)."""
    game = game_of(game_id)
    table = expect_object(sheet, "", frozenset({"seats"}), frozenset({"game"}))
    if "game" in table and table["game"] != game.id:
        raise MalformedInput("game", f"this is the {game.id} score pad, not {table['game']!r}")
    raw_seats = expect_list(table["seats"], "seats")
    edition = edition if edition is not None else game.default_edition()
    if game.drafting is None:
        verdict = verify_table({"game": game.id, "seats": raw_seats}, edition)
        return Preview(verdict, complete=True, running_totals={})
    return _drafting_preview(game, raw_seats, edition)


def parse_seat_in_play(game_id: str, raw: Any, where: str) -> Any:
    """One seat of a table still being played, as the score pad holds it: a drafting seat with 1 to 4 rounds
    and rows still being drafted; a hunt or flip seat whole. Raises MalformedInput naming the field."""
    game = game_of(game_id)
    if game.drafting is not None:
        return drafting_sheet.parse_seat(game.drafting, raw, where, partial=True)
    return game.parse_seat(raw, where)


def _drafting_preview(game: Game, raw_seats: list[Any], edition: Any) -> Preview:
    rules = game.drafting
    assert rules is not None
    seats = [drafting_sheet.parse_seat(rules, raw, f"seats[{i}]", partial=True) for i, raw in enumerate(raw_seats)]
    refuse_player_twice(seats)
    complete = all(
        len(seat.rounds) == drafting_sheet.ROUNDS
        and all(len(r.cards) == drafting_sheet.ROW_LENGTH for r in seat.rounds)
        for seat in seats
    )
    verdict = game.verify(edition, seats) if complete else _partial_verdict(game, edition, seats)
    given = {seat.player: len(seat.rounds) for seat in seats}
    running = {result.player: _running_totals(result, given[result.player]) for result in verdict.seats}
    return Preview(replace(verdict, edition=edition.name), complete, running)


def _partial_verdict(game: Game, edition: Any, seats: list[drafting_sheet.DraftingSeat]) -> Verdict:
    """The verdict on a sheet still being written: its missing rounds empty, and a row not yet full not a
    problem."""
    empty = drafting_sheet.DraftingRound(cards=())
    padded = [
        replace(seat, rounds=seat.rounds + (empty,) * (drafting_sheet.ROUNDS - len(seat.rounds)), claimed_total=None)
        for seat in seats
    ]
    verdict = game.verify(edition, padded)
    rows: dict[tuple[str | None, int | None], int] = {
        (seat.player, r + 1): len(row.cards) for seat in padded for r, row in enumerate(seat.rounds)
    }
    problems = tuple(
        p for p in verdict.problems
        if not (p.code == "wrong_card_count" and rows.get((p.player, p.round), 0) < drafting_sheet.ROW_LENGTH)
    )  # fmt: skip
    return replace(verdict, problems=problems)


def _running_totals(result: SeatResult, rounds: int) -> list[int]:
    """The seat's total after each of its first `rounds` rounds."""
    totals, total = [], 0
    for round_scores in (result.rounds or ())[:rounds]:
        total += sum(round_scores.values())
        totals.append(total)
    return totals
