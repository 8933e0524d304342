"""An organiser creates, edits and duplicates events, and swaps seats, from the pages alone (no admin)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

import games
from config.errors import DomainError
from tournaments import seating
from tournaments.auth import SignedInRequest
from tournaments.models import Event, Organisation, Seat
from tournaments.pages import reads as pages
from tournaments.pages.event_form import EventForm
from tournaments.selectors.permissions import is_organiser, organisations_of
from tournaments.services import events as events_services
from tournaments.services.events import event_create, event_update
from tournaments.services.rounds import seat_swap
from tournaments.text import refusal


@login_required
def event_new(request: SignedInRequest) -> HttpResponse:
    organisations = list(organisations_of(user=request.user))
    if not organisations:
        messages.info(request, _("Create your club first: its staff run its events."))
        return redirect("club-new")
    form = EventForm(request.POST or None, organisations=organisations)
    if request.method == "GET" and request.GET.get("club") in {o.slug for o in organisations}:
        form.initial["organisation"] = request.GET["club"]  # from the club's page: that club chosen
    if request.method == "POST" and form.is_valid():
        organisation = get_object_or_404(Organisation, slug=form.cleaned_data["organisation"])
        try:
            event = event_create(organiser=request.user, organisation=organisation, **form.settings())
        except DomainError as refused:
            _show(form, refused)
        else:
            messages.success(request, _("The event is created as a draft: open registration when it is ready."))
            return redirect("event", event_id=event.pk)
    return render(request, "pages/event_form.html", {"form": form, "event": None, **_preview(request, form)})


@login_required
def event_edit(request: SignedInRequest, event_id: int) -> HttpResponse:
    event = get_object_or_404(Event, pk=event_id)
    if not is_organiser(user=request.user, event=event):
        raise PermissionDenied("only an organiser of this event can edit it")
    if not event.can.edit:
        messages.error(request, _("The event has started: it can no longer be edited."))
        return redirect("event", event_id=event.pk)
    form = EventForm(request.POST or None, organisations=[], event=event)
    if request.method == "POST" and form.is_valid():
        try:
            event_update(event=event, by=request.user, **form.settings())
        except DomainError as refused:
            _show(form, refused)
        else:
            messages.success(request, _("Saved."))
            return redirect("event", event_id=event.pk)
    return render(request, "pages/event_form.html", {"form": form, "event": event, **_preview(request, form)})


def _show(form: EventForm, refused: DomainError) -> None:
    """The service's refusal at its field (points of any table size land on the points table)."""
    field = "starts_on" if refused.field == "starts_at" else refused.field
    field = field if field in form.fields else None
    if refused.field == "points_by_table_size":
        field = None
    form.add_error(field, refusal(refused.code, refused.message))


def _preview(request: SignedInRequest, form: EventForm) -> dict[str, object]:
    """Round 1's tables for N players (`?players=N`), as the seating will make them for the chosen game."""
    game = games.GAMES.get(form.data.get("game") or form.initial.get("game") or next(iter(games.GAMES)))
    try:
        players = int(request.GET.get("players", ""))
    except ValueError:
        return {"preview": None}
    if game is None or not 1 <= players <= 10_000:
        return {"preview": None}
    sizes, byes = seating.table_sizes(players, game.table_sizes_by_preference)
    return {"preview": {"players": players, "sizes": sizes, "byes": byes}}


@require_POST
@login_required
def event_duplicate(request: SignedInRequest, event_id: int) -> HttpResponse:
    event = get_object_or_404(Event, pk=event_id)
    try:
        copy = events_services.event_duplicate(event=event, by=request.user)
    except DomainError as refused:
        messages.error(request, refusal(refused.code, refused.message))
        return redirect("event", event_id=event.pk)
    messages.success(request, _("A copy four weeks later, as a draft: check it, then open registration."))
    return redirect("event", event_id=copy.pk)


@require_POST
@login_required
def seats_swap(request: SignedInRequest, event_id: int, number: int) -> HttpResponse:
    """Before a round starts, an organiser swaps two players (same table: their seats; two tables: their places)."""
    round_ = pages.round_with_tables(event_id=event_id, number=number)
    seats = Seat.objects.filter(table__round=round_).select_related("table__round__event", "player")
    chosen = [seats.filter(pk=request.POST.get(name) or 0).first() for name in ("seat_a", "seat_b")]
    if None in chosen or chosen[0] == chosen[1]:
        messages.error(request, _("Choose two different players of this round."))
    else:
        try:
            seat_swap(seat_a=chosen[0], seat_b=chosen[1], by=request.user)  # type: ignore[arg-type]
        except DomainError as refused:
            messages.error(request, refusal(refused.code, refused.message))
        else:
            messages.success(request, _("Swapped."))
    return redirect("round", event_id=event_id, number=number)
