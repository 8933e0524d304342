"""A checked table's score sheet as the rules count it, for the table page: a small grid per seat.

Read from the stored verdict (games/verdict.py): the drafting editions give each seat's points per round
and category; the hunt gives points per species and the boomerang sets; the flip game gives the two sums
of its score. A seat without a breakdown (forfeited) has no grid."""

from dataclasses import dataclass

from django.utils.translation import pgettext

from tournaments.text import CATEGORY_LABELS
from tournaments.verdicts import SeatLine, TableVerdict


@dataclass(frozen=True)
class SheetLine:
    label: str
    values: tuple[int, ...]  # one per column; empty when the sheet has no columns
    total: int


@dataclass(frozen=True)
class SeatSheet:
    player: str
    total: int
    rank: int
    columns: tuple[str, ...]
    lines: tuple[SheetLine, ...]

    @property
    def column_totals(self) -> tuple[int, ...]:
        """Each column's sum: a drafting seat's points in each round."""
        return tuple(sum(column) for column in zip(*(line.values for line in self.lines), strict=True))


def seat_sheets(verdict: TableVerdict) -> list[SeatSheet]:
    """Each seat's score sheet, best place first; seats without a breakdown (forfeited) are left out."""
    sheets = []
    for seat in verdict.seats:
        columns, lines = _lines(seat)
        if lines:
            sheets.append(SeatSheet(seat.player, seat.total, seat.rank, columns, lines))
    return sorted(sheets, key=lambda sheet: sheet.rank)


def _lines(seat: SeatLine) -> tuple[tuple[str, ...], tuple[SheetLine, ...]]:
    if seat.rounds:  # a drafting edition: categories by round
        rounds = seat.rounds
        columns = tuple(pgettext("a game's round, short", "R%(n)s") % {"n": n} for n in range(1, len(rounds) + 1))
        lines = []
        for name in rounds[0]:
            values = tuple(r.get(name, 0) for r in rounds)
            lines.append(SheetLine(_label(name), values, sum(values)))
        return columns, tuple(lines)
    breakdown = seat.breakdown or {}
    points = {**breakdown.get("species", {}), **{k: v for k, v in breakdown.items() if isinstance(v, int)}}
    return (), tuple(SheetLine(_label(name), (), value) for name, value in points.items())


def _label(name: str) -> str:
    """A category's words, or the name itself (a hunt species comes from the edition's data)."""
    return str(CATEGORY_LABELS.get(name, name))
