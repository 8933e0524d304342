"""Event standings from table outcomes: pure Python, no Django (selectors load the rows and call this).

Tournament points come from each table's ranks through the event's points scheme (tied players share the
points of the places they cover), plus the byes; tie-breaks follow in the event's order; places are the
engine's competition ranking (1, 1, 3). When a final table has been played, its ranks decide places 1..N
and everyone else follows from N + 1 (docs/rules.md, "Attendance").
"""

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from games.verdict import competition_ranks
from tournaments.verdicts import TableVerdict


@dataclass(frozen=True)
class SeatOutcome:
    player: str
    rank: int
    total: int
    tie_breaks: tuple[int, ...] = ()


@dataclass(frozen=True)
class TableOutcome:
    seats: tuple[SeatOutcome, ...]
    is_final: bool = False
    deal: tuple[int, int] | None = None  # duplicate deals: (round, seats); the same key, the same hands a seat

    @classmethod
    def from_verdict(
        cls, verdict: TableVerdict, *, is_final: bool = False, dealt_round: int | None = None
    ) -> "TableOutcome":
        """From a stored verdict's seats (a table won by forfeit has no tie-break values). `dealt_round`: the
        round whose duplicate deal the table played, when its event deals them and every seat played it."""
        seats = tuple(SeatOutcome(s.player, s.rank, s.total, tuple(s.tie_breaks.values())) for s in verdict.seats)
        played_whole = not verdict.won_by_forfeit and verdict.players_who_played == len(seats)
        deal = (dealt_round, len(seats)) if dealt_round is not None and played_whole else None
        return cls(seats, is_final, deal)


@dataclass
class StandingRow:
    handle: str
    rank: int = 0
    points: Fraction = Fraction(0)
    game_score: int = 0
    game_tie_break: tuple[int, ...] = ()
    opponents_points: Fraction = Fraction(0)
    duplicate: Fraction = Fraction(0)
    tables: int = 0
    byes: int = 0
    dropped: bool = False
    opponents: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "rank": self.rank,
            "player": self.handle,
            "points": float(self.points),
            "game_score": self.game_score,
            "game_tie_break": list(self.game_tie_break),
            "opponents_points": float(self.opponents_points),
            "duplicate": float(self.duplicate),
            "tables": self.tables,
            "byes": self.byes,
            "dropped": self.dropped,
        }


def standings(
    tables: Iterable[TableOutcome],
    *,
    points_by_table_size: dict[str, list[float]],
    tie_breaks: Sequence[str],
    byes: Iterable[str] = (),
    bye_worth: Fraction = Fraction(0),
    dropped: Iterable[str] = (),
    ranked_by: str = "points",
) -> list[StandingRow]:
    """Every player who sat at a table or had a bye, best first, with their place. `ranked_by`: "points" (the
    event's points, then its tie-breaks), or "duplicate" (duplicate matchpoints first, as duplicate bridge ranks
    its players, then the points and the tie-breaks: an event with duplicate deals may choose it)."""
    rows: dict[str, StandingRow] = {}
    final: TableOutcome | None = None
    tables = list(tables)
    for table in tables:
        table_add(rows, table, points_by_table_size)
        final = table if table.is_final else final
    for handle, score in duplicate_scores(tables).items():
        rows[handle].duplicate = score
    for handle in byes:
        row = rows.setdefault(handle, StandingRow(handle))
        row.points += bye_worth
        row.byes += 1
    for handle in set(dropped) & rows.keys():
        rows[handle].dropped = True
    for row in rows.values():
        row.opponents_points = sum((rows[o].points for o in row.opponents if o in rows), Fraction(0))
    ordered = _ranked(list(rows.values()), tie_breaks, ranked_by=ranked_by)
    return _final_first(ordered, final, tie_breaks, ranked_by) if final else ordered


def table_add(rows: dict[str, StandingRow], table: TableOutcome, scheme: dict[str, list[float]]) -> None:
    """Add one table's points, scores and tie-break values to its players' rows."""
    points = scheme[str(len(table.seats))]
    for seat in table.seats:
        row = rows.setdefault(seat.player, StandingRow(seat.player))
        tied = sum(other.rank == seat.rank for other in table.seats)
        places = points[seat.rank - 1 : seat.rank - 1 + tied]
        row.points += Fraction(sum(Fraction(p) for p in places), tied)
        row.game_score += seat.total
        width = max(len(row.game_tie_break), len(seat.tie_breaks))
        row.game_tie_break = tuple(
            a + b for a, b in zip(_padded(row.game_tie_break, width), _padded(seat.tie_breaks, width), strict=True)
        )
        row.tables += 1
        row.opponents += [other.player for other in table.seats if other.player != seat.player]


def duplicate_scores(tables: Iterable[TableOutcome]) -> dict[str, Fraction]:
    """Duplicate deals' matchpoints (docs/rules.md, "Duplicate deals"): each player is compared with everyone
    who was dealt the same hands (the same seat at a table of the same size in the same round): 1 for each
    lower game score, 1/2 for each equal one, divided by how many were compared; summed over the rounds."""
    held_alike: dict[tuple[int, int, int], list[tuple[str, int]]] = defaultdict(list)
    for table in tables:
        if table.deal is not None:
            for position, seat in enumerate(table.seats):
                held_alike[(*table.deal, position)].append((seat.player, seat.total))
    scores: dict[str, Fraction] = defaultdict(Fraction)
    for group in held_alike.values():
        for player, total in group:
            if len(group) > 1:
                lower = sum(other < total for _, other in group)
                equal = sum(other == total for _, other in group) - 1
                scores[player] += Fraction(2 * lower + equal, 2 * (len(group) - 1))
    return scores


def _padded(values: tuple[int, ...], width: int) -> tuple[int, ...]:
    return values + (0,) * (width - len(values))


def _sort_key(row: StandingRow, tie_breaks: Sequence[str], ranked_by: str = "points") -> tuple[Any, ...]:
    values = {
        "game_score": row.game_score,
        "game_tie_break": row.game_tie_break,
        "opponents_points": row.opponents_points,
        "duplicate": row.duplicate,
    }
    first = (row.duplicate, row.points) if ranked_by == "duplicate" else (row.points,)
    return (*first, *(values[name] for name in tie_breaks))


def _ranked(
    rows: list[StandingRow], tie_breaks: Sequence[str], first_place: int = 1, ranked_by: str = "points"
) -> list[StandingRow]:
    """The rows with their competition ranks from `first_place` on, best first (ties keep their order)."""
    ranks = competition_ranks([_sort_key(row, tie_breaks, ranked_by) for row in rows])
    for row, rank in zip(rows, ranks, strict=True):
        row.rank = rank + first_place - 1
    return sorted(rows, key=lambda row: row.rank)


def _final_first(
    ordered: list[StandingRow], final: TableOutcome, tie_breaks: Sequence[str], ranked_by: str = "points"
) -> list[StandingRow]:
    """The final table decides places 1..N by its ranks; everyone else follows from N + 1 in their order."""
    place = {seat.player: seat.rank for seat in final.seats}
    finalists = sorted((row for row in ordered if row.handle in place), key=lambda row: place[row.handle])
    for row in finalists:
        row.rank = place[row.handle]
    others = _ranked([row for row in ordered if row.handle not in place], tie_breaks, len(finalists) + 1, ranked_by)
    return finalists + others


def qualified_by_cut(phase_one: Sequence[StandingRow], size: int) -> list[str]:
    """The players a cut keeps: the first `size` of the first phase's standings who have not dropped out (a
    tie at the edge is settled by the event's tie-breaks, then by the standings' order)."""
    return [row.handle for row in phase_one if not row.dropped][:size]


def with_cut(
    phase_one: list[StandingRow], phase_two: list[StandingRow], qualified: Sequence[str], tie_breaks: Sequence[str],
    ranked_by: str = "points",
) -> list[StandingRow]:  # fmt: skip
    """An event in two phases: the qualified players take places 1..N by the later phase's standings (its own
    rounds and points); everyone else keeps their order of the first phase from N + 1."""
    kept = set(qualified)
    later = {row.handle: row for row in phase_two}
    ahead = [later.get(handle) or StandingRow(handle) for handle in qualified]
    ahead = sorted(ahead, key=lambda row: _sort_key(row, tie_breaks, ranked_by), reverse=True)
    ahead = _ranked(ahead, tie_breaks, ranked_by=ranked_by)
    rest = _ranked([row for row in phase_one if row.handle not in kept], tie_breaks, len(ahead) + 1, ranked_by)
    return ahead + rest


def duplicate_ranking(rows: Sequence[StandingRow]) -> list[tuple[int, StandingRow]]:
    """The players by their duplicate matchpoints alone (issue 58, item 2: those dealt the same hands compared
    directly, as duplicate bridge ranks them), with shared ranks, beside the event's own standings."""
    ordered = sorted(rows, key=lambda row: (-row.duplicate, row.handle.casefold()))
    ranks = competition_ranks([(row.duplicate,) for row in ordered])
    return list(zip(ranks, ordered, strict=True))


def place_of(rows: Sequence[StandingRow], handle: str | None) -> int | None:
    """The player's place in the standings, or None when they have no row (never seated, no bye)."""
    return next((row.rank for row in rows if row.handle == handle), None)


@dataclass
class TeamRow:
    name: str
    players: tuple[str, ...]
    rank: int = 0
    points: Fraction = Fraction(0)
    game_score: int = 0  # the counted players' game scores: the first tie-break
    rounds: list[Fraction] = field(default_factory=list)  # the team's points round by round

    def to_json(self) -> dict[str, Any]:
        return {"rank": self.rank, "team": self.name, "players": list(self.players), "points": float(self.points),
                "game_score": self.game_score, "rounds": [float(points) for points in self.rounds]}  # fmt: skip


def _team_lines(tables: Iterable[TableOutcome], team_of: Mapping[str, str], teams: Mapping[str, Sequence[str]],
                points_by_table_size: dict[str, list[float]]) -> dict[str, list[tuple[Fraction, int]]]:  # fmt: skip
    """Per team, one round's (points won, game score) of each of its players at their tables (a tie shares
    the places' points)."""
    scored: dict[str, list[tuple[Fraction, int]]] = {name: [] for name in teams}
    for table in tables:
        points = points_by_table_size[str(len(table.seats))]
        for seat in table.seats:
            if seat.player in team_of:
                tied = sum(other.rank == seat.rank for other in table.seats)
                won = Fraction(sum(Fraction(p) for p in points[seat.rank - 1 : seat.rank - 1 + tied]), tied)
                scored[team_of[seat.player]].append((won, seat.total))
    return scored


def team_standings(
    rounds: Sequence[Iterable[TableOutcome]],
    teams: Mapping[str, Sequence[str]],
    *,
    points_by_table_size: dict[str, list[float]],
    best_of: int = 0,
) -> list[TeamRow]:
    """Each team's points: in each round, the sum of its players' points at their tables (of its best `best_of`
    players that round; 0: every player's), then over the rounds. Ties are broken by the counted players' game
    scores, then share the place."""
    rows = {name: TeamRow(name, tuple(players)) for name, players in teams.items()}
    team_of = {player: name for name, players in teams.items() for player in players}
    for tables in rounds:
        for name, lines in _team_lines(tables, team_of, teams, points_by_table_size).items():
            counted = sorted(lines, reverse=True)[: best_of or None]
            round_points = sum((won for won, _total in counted), Fraction(0))
            rows[name].rounds.append(round_points)
            rows[name].points += round_points
            rows[name].game_score += sum(total for _won, total in counted)
    ordered = sorted(rows.values(), key=lambda row: (-row.points, -row.game_score, row.name))
    for row, rank in zip(ordered, competition_ranks([(r.points, r.game_score) for r in ordered]), strict=True):
        row.rank = rank
    return ordered


def ranked_within(rows: Sequence[Any], members: set[str]) -> list[tuple[int, Any]]:
    """The standing rows (each with `rank` and `handle`, in the event's order) of a division's members, each
    with its rank among them: a row shares the rank of the member above it when the event tied them."""
    ranked: list[tuple[int, Any]] = []
    for row in rows:
        if row.handle not in members:
            continue
        tied = ranked and ranked[-1][1].rank == row.rank
        ranked.append((ranked[-1][0] if tied else len(ranked) + 1, row))
    return ranked
