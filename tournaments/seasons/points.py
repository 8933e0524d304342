"""Season standings, pure: each event's final places in, season points and places out (docs/rules.md,
"Seasons"). Recomputed from the stored results whenever asked, so a correction or a sanction change in any
event re-orders the season at once.

Points for a place: a table given by the organiser (points per place, first place first; places past its
end score 0), or the default scheme tier x (100 x (N - place + 1) / N, rounded half up) for a field of N players.
Tied players split the points of the places they cover (two tied second of ten share the points of places 2
and 3), as UDisc does. Each player's best `best_of` events count; the others are shown, not counted.
"""

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from games.verdict import competition_ranks


@dataclass(frozen=True)
class EventResult:
    """One event of the season as it finished: its id, tier, and each player's place (tied players share it)."""

    event: int
    tier: int
    places: dict[str, int]  # handle -> final place


@dataclass(frozen=True, slots=True)
class EventPoints:
    event: int
    points: Fraction | int
    counted: bool


@dataclass
class SeasonRow:
    """A player's season: `played` holds (event, points) in the season's order, `counted` the indexes of
    those among the best `best_of`. `events` builds the per-event view when a page or the API asks."""

    player: str
    place: int = 0
    points: Fraction | int = 0
    played: list[tuple[int, Fraction | int]] = field(default_factory=list, repr=False)
    counted: frozenset[int] = frozenset()
    events_played: int = 0  # how many events the player played in the season: `played` may hold a few of them

    @property
    def events(self) -> list[EventPoints]:
        return [EventPoints(e, p, i in self.counted) for i, (e, p) in enumerate(self.played)]

    def to_json(self) -> dict[str, Any]:
        """As the API gives it (`played` holding the counted events): points as numbers (a shared place's
        split may have decimals), how many events were played, the points of those that count."""
        return {
            "player": self.player, "place": self.place, "points": float(self.points),
            "events_played": self.events_played, "counted": [{"event": e, "points": float(p)} for e, p in self.played],
        }  # fmt: skip

    def to_json_with_every_event(self) -> dict[str, Any]:
        """As API versions before 2026-11-27 give it: every event played, counted or not."""
        counted = self.counted
        return {
            "player": self.player, "place": self.place, "points": float(self.points),
            "events": [
                {"event": e, "points": float(p), "counted": i in counted} for i, (e, p) in enumerate(self.played)
            ],
        }  # fmt: skip


def stored_points(points: Fraction | int) -> int | str:
    """Points as stored in JSON: a whole number as it is, a share of a split place as text ("401/3")."""
    return points if isinstance(points, int) else str(points) if points.denominator != 1 else points.numerator


def exact(stored: int | str) -> Fraction | int:
    """Stored points (`stored_points`) as a number again."""
    if isinstance(stored, int):
        return stored
    value = Fraction(stored)
    return value.numerator if value.denominator == 1 else value


def place_points(place: int, field_size: int, tier: int, table: Sequence[float] | None = None) -> Fraction | int:
    """The points of one place (before ties are split)."""
    if table is not None:
        return tier * Fraction(str(table[place - 1])) if place <= len(table) else 0
    return tier * _half_up(100 * (field_size - place + 1), field_size)


def _half_up(numerator: int, denominator: int) -> int:
    """numerator / denominator to the nearest whole number, halves up, as people count (87.5 -> 88, 62.5 ->
    63, 12.5 -> 13); Python's round() rounds halves to the even neighbour (62.5 -> 62)."""
    return (2 * numerator + denominator) // (2 * denominator)


def event_points(result: EventResult, table: Sequence[float] | None = None) -> dict[str, Fraction | int]:
    """Each player's season points from one event, tied players splitting the places they cover."""
    shares = place_shares(result, table)
    return {player: shares[place] for player, place in result.places.items()}


def place_shares(result: EventResult, table: Sequence[float] | None = None) -> dict[int, Fraction | int]:
    """The points of each place reached in the event: a place N players tied for splits the N places."""
    field_size, tier = len(result.places), result.tier
    tied: dict[int, int] = {}
    for place in result.places.values():
        tied[place] = tied.get(place, 0) + 1
    shares: dict[int, Fraction | int] = {}
    for place, count in tied.items():
        if count == 1 and table is None:  # the common case, inline: no call, no fraction
            shares[place] = tier * _half_up(100 * (field_size - place + 1), field_size)
        elif count == 1:
            shares[place] = place_points(place, field_size, tier, table)
        else:
            covered = sum(place_points(p, field_size, tier, table) for p in range(place, place + count))
            shares[place] = Fraction(covered) / count
    return shares


def best_counted(points: Sequence[float], best_of: int) -> Sequence[int]:
    """Which of a player's events count (their indexes): the best `best_of` points; of equal points, the
    earlier event (a stable sort). The season's standings from scratch and the stored ones choose alike."""
    if len(points) <= best_of:
        return range(len(points))
    return sorted(range(len(points)), key=points.__getitem__, reverse=True)[:best_of]


def season_standings(
    results: Sequence[EventResult], best_of: int, table: Sequence[float] | None = None
) -> list[SeasonRow]:
    """Every player's season: points per event (in the order given), the best `best_of` counted, places by
    counted points (equal points share a place). Floats only choose and order (equal shares give equal
    floats; two different totals of a season are never as close as a float's error); totals stay exact."""
    played: dict[str, list[tuple[int, Fraction | int]]] = {}
    keys: dict[str, list[float]] = {}
    for result in results:
        event, shares = result.event, place_shares(result, table)
        floats = {place: float(share) for place, share in shares.items()}
        for player, place in result.places.items():
            events = played.get(player)
            if events is None:
                played[player], keys[player] = [(event, shares[place])], [floats[place]]
            else:
                events.append((event, shares[place]))
                keys[player].append(floats[place])
    rows, totals = [], {}
    for player, events in played.items():
        key = keys[player]
        best = best_counted(key, best_of)
        rows.append(SeasonRow(player, 0, sum(events[i][1] for i in best), events, frozenset(best), len(events)))
        totals[player] = round(sum(key[i] for i in best), 9)  # equal totals summed in another order: equal
    rows.sort(key=lambda row: (-totals[row.player], row.player.casefold()))
    for row, place in zip(rows, competition_ranks([(row.points,) for row in rows]), strict=True):
        row.place = place
    return rows


def qualifiers(rows: Sequence[SeasonRow], slots: int, taken: set[str], declined: set[str]) -> list[str]:
    """The players who take the season's `slots` qualifier slots: by place, skipping those qualified elsewhere
    in the circuit (`taken`) and those who declined (the next in line moves up). Players tied for the last
    slot all qualify: a tie is not broken by the alphabet."""
    chosen: list[SeasonRow] = []
    for row in rows:
        if row.player in taken or row.player in declined:
            continue
        if len(chosen) >= slots and (not chosen or row.place != chosen[-1].place):
            break
        chosen.append(row)
    return [row.player for row in chosen] if slots else []
