"""Boomerang, the two-player abstract game (pieces flipped on a perforated board): end-of-game check.

The 13 piece values are not public; without them only the public invariants are checked (26 pieces
worth 88, 13 worth 44 per player). An organiser may configure them as edition data.
"""

import json
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from games.decks import InvalidEdition
from games.pads import EndPad, PadField, numbers
from games.parsing import MalformedInput, expect_int, expect_list, expect_object, expect_str
from games.verdict import Problem, SeatResult, Verdict, claim_problem, competition_ranks
from games.words import gettext_noop

GAME = "boomerang-flip"
NAME = gettext_noop("Boomerang (two-player flip)")
COLOURS = ("white", "red")
PIECES_PER_PLAYER = 13
POINTS_PER_PLAYER = 44
PRACTICE_PIECES = Path(__file__).parent / "data" / "practice-boomerang-flip.json"


@dataclass(frozen=True, slots=True)
class FlipSeat:
    player: str
    color: str
    on_board: tuple[int, ...]
    unplaced: tuple[int, ...]
    claimed_total: int | None = None


@dataclass(frozen=True)
class FlipEdition:
    """The 13 values of one player's pieces; `None` when not configured."""

    name: str
    pieces: tuple[int, ...] | None = None

    @property
    def is_practice(self) -> bool:
        return "practice" in self.name.lower()


UNCONFIGURED = FlipEdition(f"{NAME} - piece values not configured")


def parse_seat(raw: Any, where: str) -> FlipSeat:
    seat = expect_object(
        raw, where, frozenset({"player", "color", "on_board", "unplaced"}), frozenset({"claimed_total"})
    )
    color = expect_str(seat["color"], f"{where}.color")
    if color not in COLOURS:
        raise MalformedInput(f"{where}.color", f"must be 'white' or 'red', got {color!r}")
    return FlipSeat(
        player=expect_str(seat["player"], f"{where}.player"),
        color=color,
        on_board=_values(seat["on_board"], f"{where}.on_board"),
        unplaced=_values(seat["unplaced"], f"{where}.unplaced"),
        claimed_total=None
        if seat.get("claimed_total") is None
        else expect_int(seat["claimed_total"], f"{where}.claimed_total"),
    )


def _values(raw: Any, where: str) -> tuple[int, ...]:
    values = expect_list(raw, where)
    if len(values) > 2 * PIECES_PER_PLAYER:
        raise MalformedInput(where, f"lists {len(values)} pieces; the game has {2 * PIECES_PER_PLAYER}")
    return tuple(expect_int(v, f"{where}[{i}]", 1, POINTS_PER_PLAYER) for i, v in enumerate(values))


def load_edition(raw: Any) -> FlipEdition:
    """Read `{"edition": "boomerang-flip", "name": ..., "pieces": [13 values totalling 44]}`."""
    try:
        data = expect_object(raw, "", frozenset({"edition", "name", "pieces"}), frozenset({"sources", "notes"}))
        if data["edition"] != GAME:
            raise MalformedInput("edition", f"expected {GAME!r}, got {data['edition']!r}")
        pieces = tuple(expect_int(v, f"pieces[{i}]", 1) for i, v in enumerate(expect_list(data["pieces"], "pieces")))
        edition = FlipEdition(expect_str(data["name"], "name"), pieces)
    except MalformedInput as error:
        raise InvalidEdition([str(error)]) from error
    faults = []
    if len(pieces) != PIECES_PER_PLAYER:
        faults.append(f"pieces: a player has {PIECES_PER_PLAYER} pieces, the file lists {len(pieces)}")
    if sum(pieces) != POINTS_PER_PLAYER:
        faults.append(f"pieces: a player's pieces total {POINTS_PER_PLAYER}, these total {sum(pieces)}")
    if faults:
        raise InvalidEdition(faults)
    return edition


def practice_edition() -> FlipEdition:
    return load_edition(json.loads(PRACTICE_PIECES.read_text(encoding="utf-8")))


def verify(edition: FlipEdition, seats: Sequence[FlipSeat], dealt: int | None = None) -> Verdict:
    """Score each player's colour on the board plus the opponent's unplaced pieces; more than 44 wins."""
    if len(seats) != 2:
        return Verdict(
            GAME, (), (Problem("player_count", f"{NAME} is played by 2 players, this table has {len(seats)}"),)
        )
    problems = _colour_problems(seats) + _piece_problems(edition, seats)
    results, totals = [], []
    for seat, opponent in ((seats[0], seats[1]), (seats[1], seats[0])):
        breakdown = {"on_board": sum(seat.on_board), "opponent_unplaced": sum(opponent.unplaced)}
        total = breakdown["on_board"] + breakdown["opponent_unplaced"]
        totals.append(total)
        results.append((seat, breakdown, total))
        if seat.claimed_total is not None and seat.claimed_total != total:
            reason = (
                f"{breakdown['on_board']} on the board + {breakdown['opponent_unplaced']} left unplaced by the opponent"
            )
            problems.append(claim_problem(seat.player, "total", seat.claimed_total, total, reason))
    ranks = competition_ranks([(total,) for total in totals])
    seat_results = tuple(
        SeatResult(seat.player, total, ranks[i], breakdown={**breakdown, "color": seat.color})
        for i, (seat, breakdown, total) in enumerate(results)
    )
    return Verdict(GAME, seat_results, tuple(problems))


def _colour_problems(seats: Sequence[FlipSeat]) -> list[Problem]:
    if seats[0].color != seats[1].color:
        return []
    message = f"both players play {seats[0].color}; one plays white and the other red"
    return [Problem("color_conflict", message, seats[1].player, field="color")]


def _piece_problems(edition: FlipEdition, seats: Sequence[FlipSeat]) -> list[Problem]:
    listed = [v for seat in seats for v in (*seat.on_board, *seat.unplaced)]
    if edition.pieces is not None:
        return _configured_piece_problems(edition.pieces, seats, listed)
    problems = []
    if len(listed) != 2 * PIECES_PER_PLAYER or sum(listed) != 2 * POINTS_PER_PLAYER:
        message = (
            f"the sheets list {len(listed)} pieces worth {sum(listed)}; "
            f"the game has {2 * PIECES_PER_PLAYER} pieces worth {2 * POINTS_PER_PLAYER}"
        )
        problems.append(Problem("pieces_not_conserved", message, claimed=sum(listed), expected=2 * POINTS_PER_PLAYER))
    for seat in seats:
        if len(seat.unplaced) > PIECES_PER_PLAYER or sum(seat.unplaced) > POINTS_PER_PLAYER:
            owns = f"{PIECES_PER_PLAYER} worth {POINTS_PER_PLAYER}"
            message = f"{seat.player} lists more unplaced pieces than a player owns ({owns})"
            problems.append(Problem("pieces_not_conserved", message, seat.player, field="unplaced"))
    return problems


def _configured_piece_problems(pieces: tuple[int, ...], seats: Sequence[FlipSeat], listed: list[int]) -> list[Problem]:
    problems = []
    one_set, both_sets = Counter(pieces), Counter(pieces * 2)
    if Counter(listed) != both_sets:
        missing, extra = both_sets - Counter(listed), Counter(listed) - both_sets
        message = (
            f"the pieces listed are not both sets: missing {sorted(missing.elements())}, "
            f"extra {sorted(extra.elements())}"
        )
        problems.append(Problem("pieces_not_conserved", message))
    for seat in seats:
        surplus = Counter(seat.unplaced) - one_set
        if surplus:
            message = f"{seat.player}'s unplaced pieces {sorted(surplus.elements())} are not in a player's set"
            problems.append(Problem("pieces_not_conserved", message, seat.player, field="unplaced"))
    return problems


# The end-of-game score pad (games/pads.py): each player's colour and the values of their pieces.
_COLOUR_WORDS = (gettext_noop("white"), gettext_noop("red"))  # the colour choices, in the reader's language


def _pad_fields(edition: FlipEdition) -> tuple[PadField, ...]:
    # The pieces are tapped rather than typed: the edition's values, or (not configured) every value a piece of
    # a 13-piece set worth 44 could have.
    values = tuple(sorted(set(edition.pieces))) if edition.pieces else tuple(range(1, POINTS_PER_PLAYER - 11))
    return (
        PadField("color", gettext_noop("Colour"), "choice", COLOURS),
        PadField("on_board", gettext_noop("On the board, showing this colour"), "numbers", taps=values),
        PadField("unplaced", gettext_noop("Own pieces never placed"), "numbers", taps=values),
    )


def _pad_seat(handle: str, values: Mapping[str, str]) -> dict[str, Any]:
    return {
        "player": handle,
        "color": values.get("color") or COLOURS[0],
        "on_board": numbers(values.get("on_board")),
        "unplaced": numbers(values.get("unplaced")),
    }


def _pad_values(seat: Mapping[str, Any]) -> dict[str, str]:
    return {
        "color": str(seat.get("color") or ""),
        "on_board": " ".join(map(str, seat.get("on_board") or ())),
        "unplaced": " ".join(map(str, seat.get("unplaced") or ())),
    }


END_PAD = EndPad(
    intro=gettext_noop(
        "For each player: their colour, the values of the pieces showing their colour on the board, and the "
        "values of their own pieces never placed (numbers separated by spaces)."
    ),
    fields=_pad_fields,
    to_seat=_pad_seat,
    from_seat=_pad_values,
)


def simulated_seats(edition: FlipEdition, players: int, rng: random.Random) -> list[dict[str, Any]]:
    """A legal end of a flip game (games/simulate.py): each piece unplaced or on the board showing a colour."""
    pieces = edition.pieces or practice_edition().pieces or ()
    on_board: dict[str, list[int]] = {colour: [] for colour in COLOURS}
    unplaced: dict[str, list[int]] = {colour: [] for colour in COLOURS}
    for owner in COLOURS:
        for value in pieces:
            if rng.random() < 0.15:
                unplaced[owner].append(value)
            else:
                on_board[rng.choice(COLOURS)].append(value)
    return [
        {"player": f"p{i + 1}", "color": colour, "on_board": on_board[colour], "unplaced": unplaced[colour]}
        for i, colour in enumerate(COLOURS)
    ]
