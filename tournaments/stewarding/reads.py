"""What the stewards' page reads: the queue of events waiting for a decision, with the signals that help
judge one (docs/rules.md, "Sanctions")."""

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import timedelta

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import Max, Min
from django.utils import timezone

from tournaments.analysis.selectors.draft_hints import FeedingHint, PerfectHint, event_draft_hints
from tournaments.models import (
    Event,
    Player,
    Sanction,
    ScoreSheet,
    Seat,
    TableResult,
)
from tournaments.results.models import ResultChange
from tournaments.selectors.permissions import stewarded_games
from tournaments.stewarding.models import SanctionDecision

NEW_ACCOUNT = timedelta(days=30)


# A steward's heuristic, not a rule of any game: no table of these games is played in under ten minutes.
TOO_FAST = timedelta(minutes=10)


@dataclass
class Signals:
    """What a steward looks at before sanctioning an event."""

    players: int = 0
    new_accounts: list[str] = field(default_factory=list)  # created in the last 30 days
    closed_circle: list[str] = field(default_factory=list)  # players who have only ever met each other
    fast_tables: list[tuple[int, int, int]] = field(default_factory=list)  # (round, table, minutes)
    one_keeper_tables: list[tuple[int, int, str]] = field(default_factory=list)  # (round, table, who entered all)
    overridden_tables: list[tuple[int, int, str]] = field(default_factory=list)  # (round, table, the reason)
    imported_from: str = ""  # an imported event: where its archive came from
    feeding: list[FeedingHint] = field(default_factory=list)  # a player passing a neighbour points
    perfect_picks: list[PerfectHint] = field(default_factory=list)  # every pick the best, unlike before


@dataclass
class Waiting:
    event: Event
    signals: Signals
    can_sanction: bool  # not while it runs: before its start or after its finish
    last_decision: SanctionDecision | None


@dataclass
class ChangeShown:
    """A change of a sanctioned event's results as the stewards' queue shows it: its steps and the places of
    the players whose place moved, before and after."""

    change: ResultChange
    moved: list[tuple[str, int | None, int | None]]  # (handle, place before, place after)

    @classmethod
    def of(cls, change: ResultChange) -> "ChangeShown":
        before, after = dict(map(tuple, change.before)), dict(map(tuple, change.after))
        moved = [(handle, before.get(handle), after.get(handle)) for handle in sorted(set(before) | set(after))
                 if before.get(handle) != after.get(handle)]  # fmt: skip
        return cls(change, sorted(moved, key=lambda row: (row[2] or 0, row[0])))


def steward_queue(*, user: User | AnonymousUser) -> list[Waiting]:
    """Events waiting for a sanction in the games the user stewards, oldest first."""
    mine = stewarded_games(user=user)
    events = Event.objects.filter(sanction=Sanction.WAITING, game__in=mine, rated=True).select_related("organisation")
    return [
        Waiting(event, event_signals(event=event), event.can.sanction, event.sanction_decisions.first())
        for event in events.order_by("created_at")[:100]
    ]


def event_signals(*, event: Event) -> Signals:
    seats = list(Seat.objects.filter(table__round__event=event).select_related("player__user", "table__round"))
    people = {s.player for s in seats} or {r.player for r in event.registrations.select_related("player__user")}
    since = timezone.now() - NEW_ACCOUNT
    feeding, perfect_picks = event_draft_hints(event=event)
    return Signals(
        players=len(people),
        new_accounts=sorted(p.handle for p in people if p.user.date_joined >= since),
        closed_circle=_closed_circle({p.pk for p in people}),
        fast_tables=_fast_tables(event),
        one_keeper_tables=_one_keeper_tables(event),
        overridden_tables=_overridden_tables(event),
        imported_from=event.imported_from or ("an archive" if event.results_hash else ""),
        feeding=feeding,
        perfect_picks=perfect_picks,
    )


def _overridden_tables(event: Event) -> list[tuple[int, int, str]]:
    """Tables whose result an organiser set by hand, with the reason they gave (an imported archive's too)."""
    rows = TableResult.objects.filter(table__round__event=event, status="overridden").values_list(
        "table__round__number", "table__number", "override_reason"
    )
    return sorted(rows)


def _closed_circle(player_ids: set[int]) -> list[str]:
    """The players whose every opponent, at every table they ever sat, is one of these players."""
    if not player_ids:
        return []
    tables = Seat.objects.filter(player_id__in=player_ids).values_list("table_id", flat=True)
    met: dict[int, set[int]] = defaultdict(set)
    at_table: dict[int, set[int]] = defaultdict(set)
    for table_id, player_id in Seat.objects.filter(table_id__in=tables).values_list("table_id", "player_id"):
        at_table[table_id].add(player_id)
    for players in at_table.values():
        for player in players & player_ids:
            met[player] |= players - {player}
    closed = [player for player, others in met.items() if others and others <= player_ids]
    return sorted(Player.objects.filter(pk__in=closed).values_list("handle", flat=True))


def _fast_tables(event: Event) -> list[tuple[int, int, int]]:
    """Tables whose last sheet came in less than TOO_FAST after the round was seated (or started)."""
    rows = (
        ScoreSheet.objects.filter(seat__table__round__event=event)
        .values("seat__table__round__number", "seat__table__number", "seat__table__round__created_at",
                "seat__table__round__started_at")
        .annotate(last=Max("entered_at"))
    )  # fmt: skip
    fast = []
    for row in rows:
        began = row["seat__table__round__started_at"] or row["seat__table__round__created_at"]
        took = row["last"] - began
        if took < TOO_FAST:
            fast.append(
                (row["seat__table__round__number"], row["seat__table__number"], int(took.total_seconds() // 60))
            )
    return sorted(fast)


def _one_keeper_tables(event: Event) -> list[tuple[int, int, str]]:
    """Tables of three or more seats whose every sheet one account entered (a pad, or one person typing all)."""
    rows = (
        ScoreSheet.objects.filter(seat__table__round__event=event)
        .values("seat__table__round__number", "seat__table__number")
        .annotate(first=Min("entered_by__username"), last=Max("entered_by__username"), seats=Max("seat__position"))
    )
    return sorted(
        (row["seat__table__round__number"], row["seat__table__number"], row["first"])
        for row in rows
        if row["first"] and row["first"] == row["last"] and row["seats"] >= 3
    )
