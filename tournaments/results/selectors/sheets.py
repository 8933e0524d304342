"""Score sheets and the pad: drafts, submitted seats, who may write which seat."""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import QuerySet, Subquery
from django.utils.translation import gettext_lazy

from tournaments.models import (
    PadDraft,
    ScoreSheet,
    Seat,
    Table,
    TableResult,
)
from tournaments.selectors.permissions import is_organiser, require_at_table_or_organiser


def pad_draft(*, table: Table, user: User | AnonymousUser) -> PadDraft:
    """The table's pad draft (an empty one, version 0, before any save), for a player at the table or an
    organiser."""
    require_at_table_or_organiser(user=user, table=table, doing=gettext_lazy("keep its score pad"))
    return PadDraft.objects.select_related("updated_by__player").filter(table=table).first() or PadDraft(table=table)


def pad_submitted_seats(*, table: Table) -> list[dict[str, Any]]:
    """Each seat's newest submitted sheet (a seat object of the sheet format), for a pad to start a
    correction from."""
    newest: dict[int, ScoreSheet] = {}
    for sheet in ScoreSheet.objects.filter(seat__table=table).order_by("seat_id", "-version"):
        newest.setdefault(sheet.seat_id, sheet)
    handles = {seat.pk: seat.player.handle for seat in table.seats.all()}
    return [
        {**sheet.data, "player": handles[seat_id]} for seat_id, sheet in newest.items() if isinstance(sheet.data, dict)
    ]


def newest_sheet_authors(*, seats: Sequence[Seat]) -> dict[int, int | None]:
    """Who entered each seat's newest sheet (user id by seat id; seats without a sheet are absent)."""
    newest: dict[int, int | None] = {}
    rows = (
        ScoreSheet.objects.filter(seat__in=seats)
        .order_by("seat_id", "-version")
        .values_list("seat_id", "entered_by_id")
    )
    for seat_id, entered_by in rows:
        newest.setdefault(seat_id, entered_by)
    return newest


def pad_writable_seats(*, table: Table, user: User) -> list[str]:
    """The seats this person may store from the table's pad: all of them for an organiser; else their own,
    and those whose newest sheet its own player did not enter (the pad keeper's), as
    services.sheets refuses the rest."""
    seats = [seat for seat in table.seats.all() if not seat.forfeited]
    if is_organiser(user=user, event=table.round.event):
        return [seat.player.handle for seat in seats]
    newest = newest_sheet_authors(seats=seats)
    return [
        seat.player.handle for seat in seats
        if seat.player.user_id == user.pk or newest.get(seat.pk) != seat.player.user_id
    ]  # fmt: skip


def seat_sheets(*, seat_id: int) -> QuerySet[ScoreSheet]:
    return ScoreSheet.objects.filter(seat_id=seat_id).select_related("entered_by__player").order_by("-version")


@dataclass
class SubmittedSheets:
    sheets: list[ScoreSheet]
    table_status: str


def sheets_with_table_status(*, sheet_ids: list[int], table_id: int) -> SubmittedSheets:
    """Sheets just stored, re-read (an in-process verification may have marked them) with their table's
    status, in one query."""
    status = TableResult.objects.filter(table_id=table_id).values("status")
    rows = (
        ScoreSheet.objects.filter(pk__in=sheet_ids)
        .select_related("entered_by__player")
        .annotate(table_status=Subquery(status[:1]))
        .order_by("pk")
    )
    sheets: list[ScoreSheet] = list(rows)
    return SubmittedSheets(sheets, str(getattr(sheets[0], "table_status")))  # noqa: B009 (an annotation)


def newest_sheet_author(*, table_ids: Sequence[int]) -> User | None:
    """Who entered the newest sheet of these tables (whoever a verification acted for), or None."""
    sheet = (
        ScoreSheet.objects.filter(seat__table_id__in=table_ids)
        .select_related("entered_by__player")
        .order_by("-entered_at", "-id")
        .first()
    )
    return sheet.entered_by if sheet is not None else None
