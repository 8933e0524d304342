"""A test-only game: "Throw" (practice rules invented for the test suite, no real game). Each player throws
a boomerang once; the longest throw in metres wins. It exists to prove docs/adding-a-game.md: one module
with its engine, its score pad and its simulator, registered in `games.GAMES`, gets event pages, a pad,
verification, standings and ratings with no change anywhere else."""

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.pads import EndPad, PadField, whole
from games.parsing import MalformedInput, expect_int, expect_object, expect_str
from games.registry import Game
from games.verdict import Problem, SeatResult, Verdict, competition_ranks

GAME = "practice-throw"
LONGEST = 100


@dataclass(frozen=True)
class ThrowSeat:
    player: str
    metres: int


@dataclass(frozen=True)
class ThrowEdition:
    name: str = "Throw practice rules (test-only)"


def parse_seat(raw: Any, where: str) -> ThrowSeat:
    seat = expect_object(raw, where, frozenset({"player", "metres"}), frozenset({"claimed_total"}))
    return ThrowSeat(expect_str(seat["player"], f"{where}.player"), expect_int(seat["metres"], f"{where}.metres"))


def verify(edition: ThrowEdition, seats: Sequence[ThrowSeat], dealt: int | None = None) -> Verdict:
    problems = tuple(
        Problem("out_of_range", f"{s.player} threw {s.metres} m; a throw is 0 to {LONGEST}", s.player, field="metres")
        for s in seats
        if not 0 <= s.metres <= LONGEST
    )
    if problems:
        return Verdict(GAME, (), problems, edition.name)
    ranks = competition_ranks([(s.metres,) for s in seats])
    results = tuple(SeatResult(s.player, s.metres, rank) for s, rank in zip(seats, ranks, strict=True))
    return Verdict(GAME, results, (), edition.name)


def load_edition(raw: Any) -> ThrowEdition:
    if not isinstance(raw, dict) or not isinstance(raw.get("name"), str):
        raise MalformedInput("name", "a Throw edition is {'edition': ..., 'name': ...}")
    return ThrowEdition(raw["name"])


def simulated_seats(edition: ThrowEdition, players: int, rng: random.Random) -> list[dict[str, Any]]:
    return [{"player": f"p{i + 1}", "metres": rng.randint(0, LONGEST)} for i in range(players)]


END_PAD = EndPad(
    intro="For each player: the length of their throw, in metres.",
    fields=lambda edition: (PadField("metres", "Metres", "count", most=LONGEST),),
    to_seat=lambda handle, values: {"player": handle, "metres": whole(values.get("metres")) or 0},
    from_seat=lambda seat: {"metres": str(seat.get("metres", ""))},
)

THROW = Game(
    id=GAME,
    name="Throw (practice, test-only)",
    player_counts=range(2, 5),
    table_sizes_by_preference=(4, 3, 2),
    parse_seat=parse_seat,
    verify=verify,
    load_edition=load_edition,
    default_edition=ThrowEdition,
    end_pad=END_PAD,
    simulate=simulated_seats,
)


def seats_by_handle(values: Mapping[str, int]) -> list[dict[str, Any]]:
    return [{"player": handle, "metres": metres} for handle, metres in values.items()]
