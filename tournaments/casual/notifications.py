"""The e-mail asking a casual table's players to confirm it (sent once the rules found its sheet right)."""

from django.conf import settings
from django.urls import reverse

from tournaments.casual.models import CasualTable
from tournaments.casual.selectors import confirm_by
from tournaments.results.services.notifications import players_mail


def notify_casual_waiting(*, table_id: int, attempt: int) -> int:
    """Each player who has not confirmed the table yet (and wants these e-mails) is asked to; nothing for an
    attempt since corrected, or a table no longer waiting."""
    table = CasualTable.objects.select_related("recorded_by__player").filter(pk=table_id, attempt=attempt).first()
    if table is None or table.status != CasualTable.Status.CONFIRMING:
        return 0
    recorder = getattr(table.recorded_by, "player", None)
    context = {"table": table, "recorder": recorder.handle if recorder else "", "deadline": confirm_by(table),
               "link": f"{settings.SITE_URL}{reverse('casual-tables-page')}"}  # fmt: skip
    waiting = table.seats.filter(confirmed_at=None).select_related("player__user")
    return players_mail((seat.player, "casual", context) for seat in waiting)
