"""The buttons on a table's results, from the event's and the table's pages: an organiser forfeits a seat,
accepts a rejected table, has it checked again or re-opens it; a player contests the pad's entry of their seat.
"""

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.auth import SignedInRequest
from tournaments.models import Seat
from tournaments.page_actions import run_then_back
from tournaments.results.services import pad as pad_services
from tournaments.results.services import verification as verification_services
from tournaments.results.services.forfeits import seat_forfeit
from tournaments.results.services.pad import pad_contest_withdraw
from tournaments.results.services.verification import table_override, table_reverify
from tournaments.selectors.events import table_queryset


@require_POST
@login_required
def forfeit_seat(request: SignedInRequest, event_id: int, seat_id: int) -> HttpResponse:
    seat = get_object_or_404(Seat.objects.select_related("table__round__event", "player"), pk=seat_id,
                             table__round__event_id=event_id)  # fmt: skip
    run_then_back(
        request, event_id, lambda: seat_forfeit(seat=seat, by=request.user),
        _("%(handle)s's seat is forfeited: the table finishes without it.") % {"handle": seat.player.handle},
    )  # fmt: skip
    return redirect("table", table_id=seat.table_id)


@require_POST
@login_required
def pad_contest(request: SignedInRequest, event_id: int, table_id: int) -> HttpResponse:
    """Contest (with a reason) or withdraw the contest of the pad's entry of my seat."""
    table = get_object_or_404(table_queryset(), pk=table_id, round__event_id=event_id)
    if request.POST.get("withdraw"):
        run_then_back(request, event_id, lambda: pad_contest_withdraw(table=table, by=request.user),
             _("Your contest is withdrawn: the pad may submit your seat."))  # fmt: skip
    else:
        reason = request.POST.get("reason", "")
        run_then_back(request, event_id, lambda: pad_services.pad_contest(table=table, by=request.user, reason=reason),
             _("Contested: the pad cannot submit your seat until you withdraw it or send your own sheet."))  # fmt: skip
    return redirect("my-event", event_id=event_id)


@require_POST
@login_required
def table_accept(request: SignedInRequest, event_id: int, table_id: int) -> HttpResponse:
    """An organiser accepts a rejected table as it stands, with the reason that is recorded."""
    table = get_object_or_404(table_queryset(), pk=table_id, round__event_id=event_id)
    reason = request.POST.get("reason", "")
    return run_then_back(
        request, event_id, lambda: table_override(table=table, reason=reason, by=request.user),
        _("Table %(number)s is accepted.") % {"number": table.number},
    )  # fmt: skip


@require_POST
@login_required
def table_recheck(request: SignedInRequest, event_id: int, table_id: int) -> HttpResponse:
    """An organiser has the table's sheets checked again (after a correction or new edition data)."""
    table = get_object_or_404(table_queryset(), pk=table_id, round__event_id=event_id)
    return run_then_back(
        request, event_id, lambda: table_reverify(table=table, by=request.user),
        _("Table %(number)s is being checked again.") % {"number": table.number},
    )  # fmt: skip


@require_POST
@login_required
def table_reopen(request: SignedInRequest, event_id: int, table_id: int) -> HttpResponse:
    """An organiser re-opens a checked table so that its players correct their sheets (with a reason)."""
    table = get_object_or_404(table_queryset(), pk=table_id, round__event_id=event_id)
    reason = request.POST.get("reason", "")
    return run_then_back(
        request, event_id, lambda: verification_services.table_reopen(table=table, reason=reason, by=request.user),
        _("Table %(number)s is open for corrections.") % {"number": table.number},
    )  # fmt: skip
