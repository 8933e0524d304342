"""The luck ledger (issue 69, item 3): over an event's or a season's analysed tables, how much of each player's
points the deals gave them (par: what a reference drafter made of the same hands, docs/rules.md, "Par") and how
much their own play did (points made minus par). A table's own ledger is its par (`table_par`).

Only counting tables of a drafting game whose par is stored count; a player's line sums their tables."""

from collections.abc import Sequence
from dataclasses import dataclass

from django.db.models import QuerySet

from tournaments.analysis.models import SeatPickAccuracy
from tournaments.models import Event, TableResult


@dataclass(frozen=True)
class LuckLine:
    player: str
    tables: int
    made: int  # the points made at those tables
    par: int  # what the deals were worth: the reference drafter's points from the same hands

    @property
    def play(self) -> int:
        """What the player's own play added to the deal's worth (negative: fell short of it)."""
        return self.made - self.par


def events_luck(*, events: QuerySet[Event] | Sequence[Event]) -> list[LuckLine]:
    """Each player's ledger over these events' analysed tables, the best play first (a query of events is read
    inside the one query, however many events a season has)."""
    rows = SeatPickAccuracy.objects.filter(
        table__round__event__in=events, table__result__status__in=TableResult.COUNTS,
        par__isnull=False, made__isnull=False,
    ).values_list("player__handle", "made", "par")  # fmt: skip
    totals: dict[str, list[int]] = {}
    for handle, made, par in rows:
        line = totals.setdefault(handle, [0, 0, 0])
        line[0], line[1], line[2] = line[0] + 1, line[1] + int(made or 0), line[2] + int(par or 0)
    lines = [LuckLine(handle, tables, made, par) for handle, (tables, made, par) in totals.items()]
    return sorted(lines, key=lambda line: (-line.play, -line.made, line.player.casefold()))
