"""The e-mails of a casual table: asking its players to confirm it once the rules found its sheet right, or
telling them all what to correct when the rules refused it."""

from django.conf import settings
from django.urls import reverse

from tournaments.casual.models import CasualTable
from tournaments.casual.selectors import confirm_by
from tournaments.results.services.notifications import players_mail


def notify_casual_table(*, table_id: int, attempt: int) -> int:
    """Each player who has not confirmed the table yet (and wants these e-mails) is asked to, or, when the
    rules refused it, every player is told the problems; nothing for an attempt since corrected."""
    table = CasualTable.objects.select_related("recorded_by__player").filter(pk=table_id, attempt=attempt).first()
    if table is None:
        return 0
    if table.status == CasualTable.Status.REJECTED:
        problems = (table.verdict or {}).get("problems", [])
        every = table.seats.select_related("player__user")
        link = f"{settings.SITE_URL}{reverse('casual-tables-page')}"
        return players_mail((s.player, "casual_rejected", {"table": table, "problems": problems, "link": link})
                            for s in every)  # fmt: skip
    if table.status != CasualTable.Status.CONFIRMING:
        return 0
    recorder = getattr(table.recorded_by, "player", None)
    context = {"table": table, "recorder": recorder.handle if recorder else "", "deadline": confirm_by(table),
               "link": f"{settings.SITE_URL}{reverse('casual-tables-page')}"}  # fmt: skip
    waiting = table.seats.filter(confirmed_at=None).select_related("player__user")
    return players_mail((seat.player, "casual", context) for seat in waiting)
