"""What a player needs at the season's next event (issue 69, item 2): the worst place there that secures a
qualifier slot whatever else happens, or that they have already secured it, or that it is out of reach. A
pure module (no Django); exact where the odds are sampled (seasons/odds.py).

"Whatever else happens" is the worst case, bounded from above: the player scores the points of that place
(not shared with another) and nothing more in any later event; every rival wins every coming event they may
play (those they registered for, or any while nobody has registered). The place secures the slot when fewer
rivals than the season has slots could then pass the player's total (a rival level with them shares the
last slot, as the season's qualifiers do). The bound ignores that two rivals cannot both win one event, so
a place it names is enough, never too little: it may ask for more than is needed, never less. The same
reasoning the other way: out of reach when, winning every coming event, the player stays below at least as
many rivals' points so far as there are slots."""

from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from tournaments.seasons.odds import ComingEvent
from tournaments.seasons.points import EventResult, place_points, season_standings


class Need(StrEnum):
    SECURED = "secured"  # qualified whatever happens, without playing again
    PLACE = "place"  # `place` or better at the next event secures it
    NO_PLACE = "no_place"  # no place at the next event secures it by itself: later events decide
    OUT_OF_REACH = "out_of_reach"  # no result can bring a slot
    NOT_ENTERED = "not_entered"  # the next event has its entrants, and the player is not one


@dataclass(frozen=True)
class Tonight:
    player: str
    event: int  # the season's next event
    need: Need
    place: int | None = None  # with Need.PLACE: the worst place that secures the slot


def season_tonight(
    *, played: Sequence[EventResult], coming: Sequence[ComingEvent], best_of: int, table: Sequence[float] | None,
    slots: int, taken: set[str], declined: set[str],
) -> list[Tonight]:  # fmt: skip
    """Each player's need at the first of the coming events (none without a coming event or a slot); those
    qualified elsewhere in the circuit or who declined their slot have none."""
    if not coming or slots <= 0:
        return []
    everyone = _everyone(played, coming)
    so_far = _points_so_far(played, best_of, table)
    tonight = coming[0]
    field = len(tonight.entrants or everyone)
    eligible = [player for player in everyone if player not in taken and player not in declined]
    most = {p: _best(so_far.get(p, []) + _wins(p, coming, table), best_of) for p in eligible}
    least = {p: _best(so_far.get(p, []), best_of) for p in eligible}
    rivals = _Rivals(most, least, slots)
    return [_need_of(player, so_far.get(player, []), tonight, field, best_of, table, rivals) for player in eligible]


def _everyone(played: Sequence[EventResult], coming: Sequence[ComingEvent]) -> list[str]:
    return sorted({p for result in played for p in result.places} | {p for e in coming for p in e.entrants})


def _points_so_far(
    played: Sequence[EventResult], best_of: int, table: Sequence[float] | None
) -> dict[str, list[float]]:
    """Each player's points of every event played so far (the best `best_of` are summed later)."""
    return {row.player: [float(points) for _event, points in row.played] for row in season_standings(
        played, best_of, table)}  # fmt: skip


def _need_of(player: str, points: list[float], tonight: ComingEvent, field: int, best_of: int,
             table: Sequence[float] | None, rivals: "_Rivals") -> Tonight:  # fmt: skip
    if tonight.entrants and player not in tonight.entrants:
        return Tonight(player, tonight.event, Need.NOT_ENTERED)
    if rivals.above(rivals.most[player]) >= rivals.slots:
        return Tonight(player, tonight.event, Need.OUT_OF_REACH)
    if rivals.secure(player, _best(points, best_of)):
        return Tonight(player, tonight.event, Need.SECURED)
    place = _worst_place_securing(player, points, tonight.tier, field, best_of, table, rivals)
    return Tonight(player, tonight.event, Need.NO_PLACE if place is None else Need.PLACE, place)


def _worst_place_securing(player: str, points: list[float], tier: int, field: int, best_of: int,
                          table: Sequence[float] | None, rivals: "_Rivals") -> int | None:  # fmt: skip
    """A better place never scores less, so the first place found from the bottom that secures is the worst."""
    for place in range(field, 0, -1):
        if rivals.secure(player, _best([*points, _points(place, field, tier, table)], best_of)):
            return place
    return None


class _Rivals:
    """Every eligible player's most and least season points, sorted once, to count rivals by bisection."""

    def __init__(self, most: dict[str, float], least: dict[str, float], slots: int) -> None:
        self.most, self.slots = most, slots
        self.most_sorted, self.least_sorted = sorted(most.values()), sorted(least.values())

    def secure(self, player: str, total: float) -> bool:
        """Whether fewer rivals than slots could pass `total` (a rival level with it shares the last slot, as the
        season's qualifiers do, so only those above count)."""
        reaching = len(self.most_sorted) - bisect_right(self.most_sorted, total) - (self.most[player] > total)
        return reaching < self.slots

    def above(self, total: float) -> int:
        """How many players already have more than `total` (the player's own least is never above their most)."""
        return len(self.least_sorted) - bisect_right(self.least_sorted, total)


def _wins(player: str, coming: Sequence[ComingEvent], table: Sequence[float] | None) -> list[float]:
    """The points of winning each coming event the player may play."""
    return [_points(1, max(len(e.entrants), 1), e.tier, table) for e in coming
            if not e.entrants or player in e.entrants]  # fmt: skip


def _points(place: int, field: int, tier: int, table: Sequence[float] | None) -> float:
    return float(place_points(place, field, tier, table))


def _best(points: list[float], best_of: int) -> float:
    """The best `best_of` points summed, rounded as the standings round them (equal totals stay equal)."""
    return round(sum(sorted(points, reverse=True)[:best_of]), 9)
