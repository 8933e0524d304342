"""The verification queue: what is waiting, the sheets a verdict is drawn from, what is stuck."""

from collections import defaultdict
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import cached_property
from typing import Any

from django.db import connection
from django.db.models import Exists, JSONField, OuterRef, Q, QuerySet
from django.db.models.expressions import RawSQL

from games import rebuild
from games.rebuild import RoundDraft
from tournaments import drafted
from tournaments.models import Round, ScoreSheet, Seat, Table, TableResult
from tournaments.verdicts import TableVerdict


def table_current_sheets(*, table: Table) -> list[ScoreSheet]:
    """The newest version of each seat's sheet, in seating order."""
    return tables_current_sheets(table_ids=[table.pk]).get(table.pk, [])


def tables_current_sheets(*, table_ids: list[int]) -> dict[int, list[ScoreSheet]]:
    """Per table, the newest version of each seat's sheet in seating order, in one query."""
    newest: dict[int, dict[int, ScoreSheet]] = defaultdict(dict)
    for sheet in (
        ScoreSheet.objects.filter(seat__table_id__in=table_ids)
        .select_related("seat")
        .order_by("seat__table_id", "seat__position", "-version")
    ):
        newest[sheet.seat.table_id].setdefault(sheet.seat_id, sheet)
    return {table_id: list(seats.values()) for table_id, seats in newest.items()}


@dataclass(frozen=True)
class ResultToDraft:
    """What finding a table's draft needs of its result: a TableResult row holds more than a rebuild of
    100,000 tables should build objects for."""

    table_id: int
    verdict: TableVerdict
    game: str
    direction: str  # the event's draft_direction

    @classmethod
    def of(cls, result: TableResult) -> "ResultToDraft":
        """From a result loaded with its event."""
        event = result.table.round.event
        return cls(result.table_id, result.table_verdict, event.game, event.draft_direction)


def verdicts_of(*, table_ids: list[int]) -> list[tuple[int, Any]]:
    """(table id, stored verdict) of the tables, as plain values."""
    return list(TableResult.objects.filter(table_id__in=table_ids).values_list("table_id", "verdict"))


@dataclass
class DraftedTable:
    """A drafting table whose whole draft is known: its result, its players and rows in seating order
    (rows[round][seat]) and, built when asked, the draft (games/rebuild.py)."""

    result: ResultToDraft
    players: list[str]
    rows: list[list[list[str]]]

    @cached_property
    def drafts(self) -> list[RoundDraft]:
        return rebuild.rebuild(self.rows, self.result.direction)


def tables_drafted(*, results: Sequence[ResultToDraft]) -> Iterator[DraftedTable]:
    """The results' tables whose draft is known (tournaments/drafted.py, `known_rows`)."""
    sheets = tables_current_rows(table_ids=[r.table_id for r in results])
    for result in results:
        known = drafted.known_rows(result.verdict, sheets.get(result.table_id, []))
        if known is not None:
            yield DraftedTable(result, *known)


def tables_current_rows(*, table_ids: list[int]) -> dict[int, list[tuple[str, list[list[str]]]]]:
    """Per table, each seat's newest sheet in seating order as (player, its four rows of cards). On
    PostgreSQL only those are read out of the stored JSON (a rebuild of the card statistics reads hundreds of
    thousands of sheets); elsewhere the whole sheet. The sheets were read when submitted: their shape is the
    sheet format's."""
    sheets = ScoreSheet.objects.filter(seat__table_id__in=table_ids).order_by(
        "seat__table_id", "seat__position", "-version"
    )
    read: Iterable[tuple[int, int, str, list[list[str]]]]
    if connection.vendor == "postgresql":
        cards = RawSQL("jsonb_path_query_array(data, '$.rounds[*].cards')", (), output_field=JSONField())
        read = sheets.annotate(cards=cards).values_list("seat__table_id", "seat_id", "data__player", "cards")
    else:
        read = (
            (table_id, seat_id, data["player"], [row["cards"] for row in data["rounds"]])
            for table_id, seat_id, data in sheets.values_list("seat__table_id", "seat_id", "data")
        )
    newest: dict[int, dict[int, tuple[str, list[list[str]]]]] = defaultdict(dict)
    for table_id, seat_id, player, rows in read:
        newest[table_id].setdefault(seat_id, (player, rows))
    return {table_id: list(seats.values()) for table_id, seats in newest.items()}


def tables_forfeited_players(*, table_ids: list[int]) -> dict[int, list[str]]:
    """Per table, the handles of its forfeited seats in seating order (one query)."""
    gone: dict[int, list[str]] = defaultdict(list)
    for table_id, handle in (
        Seat.objects.filter(table_id__in=table_ids, forfeited=True)
        .order_by("table_id", "position")
        .values_list("table_id", "player__handle")
    ):
        gone[table_id].append(handle)
    return gone


def tables_to_claim() -> QuerySet[TableResult]:
    """Tables a verification task may take, oldest first: the queued ones and, on PostgreSQL, those whose
    verifying task died (its database backend is gone: a killed worker, a connection cut), so the next task
    takes them at once rather than the sweep minutes later. Elsewhere (SQLite: tasks run in-process) a claim
    dies only with the whole process, and the sweep finds it. Read through the `tableresult_queue` index."""
    claimable = Q(status=TableResult.Status.PENDING)
    if connection.vendor == "postgresql":
        alive = RawSQL("SELECT pid FROM pg_stat_activity", [])
        claimable |= Q(status=TableResult.Status.VERIFYING) & ~Q(claimed_by__in=alive)
    return TableResult.objects.filter(claimable, status__in=TableResult.QUEUED).order_by("updated_at")


def tables_stuck(*, before: datetime) -> QuerySet[TableResult]:
    """Tables still queued or being verified since before `before` (read through the same index)."""
    return TableResult.objects.filter(status__in=TableResult.QUEUED, updated_at__lt=before)


def rounds_complete_but_running() -> list[int]:
    """Ids of running rounds whose every table has a result that counts: rounds a lost commit left open."""
    open_table = TableResult.objects.filter(table__round=OuterRef("pk")).exclude(status__in=TableResult.COUNTS)
    return list(
        Round.objects.filter(status=Round.Status.RUNNING, tables__isnull=False)
        .exclude(Exists(open_table))
        .distinct()
        .values_list("pk", flat=True)
    )
