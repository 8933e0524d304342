"""A table's stored verdict (`TableResult.verdict`, JSON): the one writer and the one reader.

The stored shape is the engine's `Verdict.to_json()` (games/verdict.py, docs/score-sheet.md) and, when seats
were forfeited, those seats appended last with `"forfeited": true`, 0 points and the last place; a table
won by forfeit (one player left) also carries `"forfeit": true` and no game. Every read goes through
`TableVerdict.read`, which accepts what older versions stored (no verdict yet, missing keys) and never
raises on a stored row: a page must not break on what is already in the database.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from games.verdict import Verdict


def _whole(value: Any) -> int:
    """A stored number as an int; anything else (a damaged row) reads as 0 rather than failing the page."""
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _mapping(value: Any) -> dict[str, Any] | None:
    return dict(value) if isinstance(value, Mapping) else None


@dataclass(frozen=True)
class SeatLine:
    """One seat's line of the verdict: its score, its place at the table and how the engine got there."""

    player: str
    total: int
    rank: int
    tie_breaks: Mapping[str, int] = field(default_factory=dict)
    rounds: tuple[Mapping[str, int], ...] | None = None  # drafting editions: categories per round
    breakdown: Mapping[str, Any] | None = None  # the other games: their categories
    forfeited: bool = False

    @classmethod
    def read(cls, data: Mapping[str, Any]) -> "SeatLine":
        rounds = data.get("rounds")
        return cls(
            player=str(data.get("player", "")),
            total=_whole(data.get("total")),
            rank=_whole(data.get("rank")),
            tie_breaks=_mapping(data.get("tie_breaks")) or {},
            rounds=tuple(_mapping(r) or {} for r in rounds) if isinstance(rounds, list) else None,
            breakdown=_mapping(data.get("breakdown")),
            forfeited=bool(data.get("forfeited")),
        )

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"player": self.player}
        if self.rounds is not None:
            data["rounds"] = [dict(r) for r in self.rounds]
        if self.breakdown is not None:
            data["breakdown"] = dict(self.breakdown)
        data.update(total=self.total, rank=self.rank, tie_breaks=dict(self.tie_breaks))
        if self.forfeited:
            data["forfeited"] = True
        return data


@dataclass(frozen=True)
class TableVerdict:
    valid: bool = False
    game: str | None = None
    seats: tuple[SeatLine, ...] = ()
    problems: tuple[Mapping[str, Any], ...] = ()  # each as the engine's Problem.to_json() (the pages' wording)
    edition: str | None = None
    won_by_forfeit: bool = False

    @classmethod
    def read(cls, data: Mapping[str, Any] | None) -> "TableVerdict":
        """The stored verdict, typed; an empty verdict when there is none yet."""
        if not isinstance(data, Mapping):
            return cls()
        seats, problems = data.get("seats"), data.get("problems")
        seats = seats if isinstance(seats, list) else []
        problems = problems if isinstance(problems, list) else []
        return cls(
            valid=bool(data.get("valid")),
            game=data.get("game"),
            seats=tuple(SeatLine.read(s) for s in seats if isinstance(s, Mapping)),
            problems=tuple(dict(p) for p in problems if isinstance(p, Mapping)),
            edition=data.get("edition"),
            won_by_forfeit=bool(data.get("forfeit")),
        )

    @classmethod
    def of_engine(cls, verdict: Verdict, forfeited: Sequence[str] = ()) -> "TableVerdict":
        """The engine's verdict with the forfeited seats added last (sharing the last place), 0 points."""
        return cls.read(verdict.to_json()).with_forfeits(forfeited)

    @classmethod
    def by_forfeit(cls, left: Sequence[str], forfeited: Sequence[str]) -> "TableVerdict":
        """At most one player left at the table: they win it without a sheet (docs/rules.md, "Attendance")."""
        seats = tuple(SeatLine(handle, 0, 1) for handle in left)
        return cls(valid=True, seats=seats, won_by_forfeit=True).with_forfeits(forfeited)

    def with_forfeits(self, forfeited: Sequence[str]) -> "TableVerdict":
        if not forfeited or not self.seats:
            return self
        last, keys = len(self.seats) + 1, self.seats[0].tie_breaks
        added = tuple(SeatLine(handle, 0, last, dict.fromkeys(keys, 0), forfeited=True) for handle in forfeited)
        return replace(self, seats=(*self.seats, *added))

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "valid": self.valid,
            "game": self.game,
            "seats": [s.to_json() for s in self.seats],
            "problems": [dict(p) for p in self.problems],
            "edition": self.edition,
        }
        if self.won_by_forfeit:
            data["forfeit"] = True
        return data

    @property
    def scored(self) -> bool:
        """Whether the verdict places the seats (a refused sheet set has problems and no places)."""
        return bool(self.seats)

    @property
    def players_who_played(self) -> int:
        return sum(not seat.forfeited for seat in self.seats)

    def seat_of(self, handle: str) -> SeatLine | None:
        return next((seat for seat in self.seats if seat.player == handle), None)

    def problems_of(self, handle: str) -> list[Mapping[str, Any]]:
        """The problems that concern this player's seat or the whole table."""
        return [p for p in self.problems if p.get("player") in (None, handle)]


def renamed_in_json(data: Any, old: str, new: str) -> Any:
    """The JSON with every `"player": old` made `"player": new` (sheets, verdict lines, problems, drafts)."""
    if isinstance(data, dict):
        return {k: new if k == "player" and v == old else renamed_in_json(v, old, new) for k, v in data.items()}
    if isinstance(data, list):
        return [renamed_in_json(item, old, new) for item in data]
    return data
