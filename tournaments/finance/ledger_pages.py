"""An event's door ledger page (its organisers): the fee, and a line a player to record what they paid or were
given back in one tap (the amount due and cash are filled in); the totals a treasurer reconciles."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from config.errors import DomainError
from tournaments.auth import SignedInRequest
from tournaments.finance.models import Payment
from tournaments.finance.selectors import event_ledger, ledger_registration
from tournaments.finance.services import entry_fee_set, payment_record
from tournaments.models import Event
from tournaments.selectors.permissions import is_organiser
from tournaments.text import refusal


@login_required
def ledger(request: SignedInRequest, event_id: int) -> HttpResponse:
    event = get_object_or_404(Event.objects.select_related("organisation"), pk=event_id)
    if not is_organiser(user=request.user, event=event):
        raise PermissionDenied
    if request.method == "POST":
        try:
            done = _fee(request, event) if "currency" in request.POST else _payment(request, event)
        except DomainError as refused:
            messages.error(request, refusal(refused.code, refused.message))
        else:
            messages.success(request, done)
        return redirect("event-ledger", event_id=event.pk)
    context = {"event": event, "ledger": event_ledger(event=event), "methods": Payment.Method.choices}
    return render(request, "pages/ledger.html", context)


def _fee(request: SignedInRequest, event: Event) -> str:
    post = request.POST
    entry_fee_set(
        event=event, by=request.user, amount=post.get("amount", ""), currency=post.get("currency", ""),
        reduced_amount=post.get("reduced_amount", ""), reduced_categories=_names(post.get("reduced_categories")),
        free_categories=_names(post.get("free_categories")), reason=post.get("reason", ""),
    )  # fmt: skip
    return _("The entry fee is saved.")


def _payment(request: SignedInRequest, event: Event) -> str:
    registration = ledger_registration(event=event, pk=request.POST.get("registration"))
    if registration is None:
        raise Http404
    kind = request.POST.get("kind", "")
    payment = payment_record(
        registration=registration, by=request.user, kind=kind, method=request.POST.get("method", ""),
        amount=request.POST.get("amount", ""), note=request.POST.get("note", ""),
    )  # fmt: skip
    values = {"handle": registration.player.handle, "amount": payment.amount}
    if kind == Payment.Kind.REFUND:
        return _("%(amount)s given back to %(handle)s.") % values
    return _("%(amount)s received from %(handle)s.") % values


def _names(text: str | None) -> list[str]:
    return [name for name in (text or "").split(",") if name.strip()]
