"""What every rules engine returns: a verdict with per-seat results and problems in words."""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Problem:
    code: str
    message: str
    player: str | None = None
    round: int | None = None
    field: str | None = None
    claimed: int | None = None
    expected: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "player": self.player,
            "round": self.round,
            "field": self.field,
            "claimed": self.claimed,
            "expected": self.expected,
            "message": self.message,
        }


@dataclass(frozen=True, slots=True)
class SeatResult:
    player: str
    total: int
    rank: int
    rounds: tuple[Mapping[str, int], ...] | None = None
    breakdown: Mapping[str, Any] | None = None
    tie_breaks: Mapping[str, int] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"player": self.player}
        if self.rounds is not None:
            data["rounds"] = [dict(r) for r in self.rounds]
        if self.breakdown is not None:
            data["breakdown"] = dict(self.breakdown)
        data.update(total=self.total, rank=self.rank, tie_breaks=dict(self.tie_breaks))
        return data


@dataclass(frozen=True, slots=True)
class Verdict:
    game: str
    seats: tuple[SeatResult, ...]
    problems: tuple[Problem, ...]
    edition: str | None = None  # the name of the edition data used, so practice data is never mistaken

    @property
    def valid(self) -> bool:
        return not self.problems

    def problem_codes(self) -> list[str]:
        return [p.code for p in self.problems]

    def to_json(self) -> dict[str, Any]:
        return {
            "valid": self.valid,
            "game": self.game,
            "seats": [s.to_json() for s in self.seats],
            "problems": [p.to_json() for p in self.problems],
            "edition": self.edition,
        }


def competition_ranks(keys: Sequence[tuple[Any, ...]]) -> list[int]:
    """Rank 1 for the highest key; equal keys share a rank and the next rank skips (1, 1, 3). Keys are tuples
    of comparable values (scores here; points as fractions and tie-break tuples in event standings)."""
    order = sorted(range(len(keys)), key=lambda i: keys[i], reverse=True)
    ranks = [0] * len(keys)
    for position, index in enumerate(order):
        previous = order[position - 1] if position else None
        same = previous is not None and keys[previous] == keys[index]
        ranks[index] = ranks[previous] if same and previous is not None else position + 1
    return ranks


def claim_problem(
    player: str, field_name: str, claimed: int, expected: int, reason: str, round_no: int | None = None
) -> Problem:
    """A score_mismatch (or total_mismatch when field_name is 'total') with a reason in words."""
    where = f"{field_name} in round {round_no}" if round_no else field_name
    message = f"{where}: claimed {claimed}, the rules give {expected}" + (f" ({reason})" if reason else "")
    code = "total_mismatch" if field_name == "total" else "score_mismatch"
    return Problem(code, message, player, round_no, field_name, claimed, expected)
