"""Hints only a card-level engine can give a steward about an event (games/feeding.py; docs/rules.md,
"Hints for stewards"): a player feeding a neighbour, and a player whose every pick was the best, round after
round, against their own history. Read from the stored pick accuracy and the rebuilt drafts."""

from collections import defaultdict
from dataclasses import dataclass

from django.db.models import Sum

from games.feeding import PERFECT_HISTORY, PERFECT_ROUNDS, feeding, perfect_rounds
from games.pick_accuracy import PickChoice, RoundAccuracy
from tournaments.analysis.models import SeatPickAccuracy
from tournaments.models import Event, TableResult
from tournaments.selectors.verification import ResultToDraft, tables_drafted


@dataclass(frozen=True)
class FeedingHint:
    round: int  # the event's round
    table: int
    feeder: str
    fed: str
    picks: int  # how many times the neighbour took the feeder's best card at once
    passed: int  # of the feeder's costly picks whose best card went to that neighbour
    points: int  # what those picks cost the feeder
    chance: float  # the probability of that many by the neighbour's own choice
    evidence: list[str]  # "round 2, pick 3: kept X, passed Y (-4)"


@dataclass(frozen=True)
class PerfectHint:
    round: int
    table: int
    player: str
    perfect_rounds: int  # rounds with every pick the best
    history: float | None  # the share of best picks at the player's other tables; None: no other table


def event_draft_hints(*, event: Event) -> tuple[list[FeedingHint], list[PerfectHint]]:
    rows = list(SeatPickAccuracy.objects.filter(table__round__event=event).select_related("player", "table__round"))
    if not rows:
        return [], []
    by_table: dict[int, dict[str, list[RoundAccuracy]]] = defaultdict(dict)
    where: dict[int, tuple[int, int]] = {}
    for row in rows:
        by_table[row.table_id][row.player.handle] = _accuracy(row.rounds)
        where[row.table_id] = (row.table.round.number, row.table.number)
    results = TableResult.objects.filter(table_id__in=by_table).select_related("table__round__event")
    feeding_hints = []
    for drafted in tables_drafted(results=[ResultToDraft.of(r) for r in results]):
        accuracy = by_table[drafted.result.table_id]
        if set(accuracy) != set(drafted.players):
            continue
        ordered = [accuracy[player] for player in drafted.players]
        for (feeder, fed), found in sorted(feeding(drafted.players, drafted.drafts, ordered).items()):
            if found.suspicious:
                round_number, table = where[drafted.result.table_id]
                evidence = [f"round {p.round}, pick {p.pick}: kept {p.taken}, passed {p.passed} (-{p.cost})"
                            for p in found.fed]  # fmt: skip
                feeding_hints.append(FeedingHint(round_number, table, feeder, fed, len(found.fed), found.passed,
                                                 sum(p.cost for p in found.fed), found.chance, evidence))  # fmt: skip
    return feeding_hints, _perfect(rows, by_table, where)


def _perfect(
    rows: list[SeatPickAccuracy],
    by_table: dict[int, dict[str, list[RoundAccuracy]]],
    where: dict[int, tuple[int, int]],
) -> list[PerfectHint]:
    hints = []
    for row in rows:
        perfect = perfect_rounds(by_table[row.table_id][row.player.handle])
        if perfect < PERFECT_ROUNDS:
            continue
        other = SeatPickAccuracy.objects.filter(player=row.player).exclude(table__round__event=row.table.round.event)
        totals = other.aggregate(best=Sum("best_picks"), choices=Sum("choices"))
        history = totals["best"] / totals["choices"] if totals["choices"] else None
        if history is None or history < PERFECT_HISTORY:
            round_number, table = where[row.table_id]
            hints.append(PerfectHint(round_number, table, row.player.handle, perfect, history))
    return hints


def _accuracy(rounds: list[list[list[object]]]) -> list[RoundAccuracy]:
    """The stored rounds ([pick, taken, points, best, best card] a choice) as the engine's objects."""
    return [
        RoundAccuracy(number, tuple(PickChoice(*pick) for pick in picks))  # type: ignore[arg-type]
        for number, picks in enumerate(rounds, start=1)
    ]
