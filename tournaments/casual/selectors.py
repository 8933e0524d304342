"""Reads of casual rated games: a player's own tables, and one of them."""

from datetime import datetime, timedelta

from django.contrib.auth.models import User
from django.db.models import QuerySet
from django.utils import timezone

from config.errors import NotFound
from tournaments.casual.models import CasualTable
from tournaments.casual.services import CONFIRM_DAYS


def casual_tables_of(*, user: User) -> QuerySet[CasualTable]:
    """The tables the user sits at, newest first, with their seats' players (two queries a page)."""
    return (
        CasualTable.objects.filter(seats__player__user=user)
        .prefetch_related("seats__player")
        .order_by("-created_at", "-id")
    )


def casual_table_of(*, user: User, table_id: int) -> CasualTable:
    """One of the user's tables; another's is answered as none (404)."""
    table = casual_tables_of(user=user).filter(pk=table_id).first()
    if table is None:
        raise NotFound("no casual table of yours has this id", "not_found", "id")
    return table


def confirm_by(table: CasualTable) -> datetime:
    """When the table lapses unless every player has confirmed it."""
    return table.created_at + timedelta(days=CONFIRM_DAYS)


def waiting_on(table: CasualTable, *, user: User) -> bool:
    """Whether this table waits for the user's confirmation (and can still get it)."""
    return (
        table.status == CasualTable.Status.CONFIRMING
        and confirm_by(table) > timezone.now()
        and any(seat.player.user_id == user.pk and seat.confirmed_at is None for seat in table.seats.all())
    )
