"""The review of registrations on the pages (services/review.py): the organisers' queue, where each
registration awaiting them is approved, sent back with a note or declined with a reason, and the player's
answers given again after a change was asked."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from config.errors import DomainError
from tournaments.auth import SignedInRequest
from tournaments.models import Event, Registration
from tournaments.selectors.events import registrations_under_review
from tournaments.selectors.permissions import is_organiser
from tournaments.services.registration_questions import answers_from_fields
from tournaments.services.review import (
    registration_approve,
    registration_ask_change,
    registration_decline,
    registration_resubmit,
)
from tournaments.text import refusal


@login_required
def review_queue(request: SignedInRequest, event_id: int) -> HttpResponse:
    """The registrations awaiting the organisers, each with its answers and its three decisions."""
    event = get_object_or_404(Event, pk=event_id)
    if not is_organiser(user=request.user, event=event):
        raise PermissionDenied
    if request.method == "POST":
        _decide(request, event)
        return redirect("event-review", event_id=event.pk)
    rows = [
        (registration, _answers_shown(event, registration)) for registration in registrations_under_review(event=event)
    ]
    return render(request, "pages/review.html", {"event": event, "rows": rows})


def _decide(request: SignedInRequest, event: Event) -> None:
    chosen = request.POST.get("registration", "")
    registration = get_object_or_404(Registration, pk=int(chosen) if chosen.isdigit() else 0, event=event)
    decision, note = request.POST.get("decision"), request.POST.get("note", "")
    try:
        if decision == "approve":
            registration_approve(registration=registration, by=request.user)
        elif decision == "ask_change":
            registration_ask_change(registration=registration, by=request.user, note=note)
        elif decision == "decline":
            registration_decline(registration=registration, by=request.user, reason=note)
        else:
            return
    except DomainError as refused:
        messages.error(request, refusal(refused.code, refused.message))
        return
    done = {"approve": _("%(handle)s is approved."), "ask_change": _("%(handle)s is asked for a change."),
            "decline": _("%(handle)s is declined.")}  # fmt: skip
    messages.success(request, done[decision] % {"handle": registration.player.handle})


def _answers_shown(event: Event, registration: Registration) -> list[tuple[str, object]]:
    """Each question's label and the registration's answer to it (a question added since: no answer)."""
    return [(q["label"], registration.answers.get(q["id"])) for q in event.registration_questions]


@require_POST
@login_required
def registration_answer(request: SignedInRequest, event_id: int) -> HttpResponse:
    """The player answers again after the organisers asked a change: the registration awaits review anew."""
    event = get_object_or_404(Event, pk=event_id)
    registration = get_object_or_404(Registration, event=event, player__user=request.user)
    answers = answers_from_fields(event.registration_questions, request.POST)
    try:
        registration_resubmit(registration=registration, by=request.user, answers=answers)
    except DomainError as refused:
        messages.error(request, refusal(refused.code, refused.message))
    else:
        messages.success(request, _("Your answers are sent: the organisers review your registration again."))
    return redirect("event", event_id=event.pk)
