"""An organiser's entrants page (a CSV, walk-ins as guests, each guest's claim code) and the page where a
person claims a guest's results with their own account."""

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from config.errors import DomainError
from config.login_limits import login_address
from config.throttling import ClaimThrottle, form_wait
from tournaments.auth import SignedInRequest
from tournaments.entrants.forms import ClaimForm, EntrantsForm, LoginUnlockForm, WalkInForm
from tournaments.entrants.services import EntrantOutcome, entrant_login_unlock, entrants_import, guest_create
from tournaments.models import Event
from tournaments.results.services.claims import guest_claim
from tournaments.selectors.events import event_guests
from tournaments.selectors.permissions import is_organiser
from tournaments.selectors.players import plays_from_round
from tournaments.text import refusal, wait_text


@login_required
def entrants(request: SignedInRequest, event_id: int) -> HttpResponse:
    event = get_object_or_404(Event, pk=event_id)
    if not is_organiser(user=request.user, event=event):
        raise PermissionDenied
    imported: list[EntrantOutcome] = []
    entrants_form, walk_in_form, unlock_form = EntrantsForm(), WalkInForm(), LoginUnlockForm()
    if request.method == "POST" and "unlock-handle" in request.POST:
        unlock_form = LoginUnlockForm(request.POST)
        if unlock_form.is_valid() and _unlock(request, event, unlock_form):
            return redirect("event-entrants", event_id=event.pk)
    elif request.method == "POST" and "handle" in request.POST:
        walk_in_form = WalkInForm(request.POST)
        if walk_in_form.is_valid() and _walk_in(request, event, walk_in_form):
            return redirect("event-entrants", event_id=event.pk)
    elif request.method == "POST":
        entrants_form = EntrantsForm(request.POST, request.FILES)
        if entrants_form.is_valid():
            imported = _import(request, event, entrants_form)
            entrants_form = EntrantsForm() if imported else entrants_form  # done: an empty form for the next list
    context = {
        "event": event, "entrants_form": entrants_form, "walk_in_form": walk_in_form, "imported": imported,
        "unlock_form": unlock_form,
        "guests": event_guests(event=event), "claim_url": settings.SITE_URL + reverse("claim"),
    }  # fmt: skip
    return render(request, "pages/entrants.html", context)


def _import(request: SignedInRequest, event: Event, form: EntrantsForm) -> list[EntrantOutcome]:
    upload = form.cleaned_data["file"]
    try:
        text = upload.read().decode("utf-8") if upload else form.cleaned_data["csv"]
        outcomes = entrants_import(event=event, by=request.user, text=text)
    except UnicodeDecodeError:
        form.add_error("file", _("The file is not UTF-8 text."))
        return []
    except DomainError as refused:
        form.add_error(None, f"{refused.field}: {refusal(refused.code, refused.message)}")
        return []
    messages.success(request, _("%(count)d entrants imported.") % {"count": len(outcomes)})
    return outcomes


def _unlock(request: SignedInRequest, event: Event, form: LoginUnlockForm) -> bool:
    try:
        player = entrant_login_unlock(event=event, by=request.user, handle=form.cleaned_data["handle"],
                                      address=login_address(request))  # fmt: skip
    except DomainError as refused:
        form.add_error("handle", refusal(refused.code, refused.message))
        return False
    messages.success(request, _("%(handle)s can log in from here again, with their password.") % {
        "handle": player.handle})  # fmt: skip
    return True


def _walk_in(request: SignedInRequest, event: Event, form: WalkInForm) -> bool:
    data = form.cleaned_data
    try:
        guest = guest_create(
            event=event, by=request.user, handle=data["handle"], display_name=data["name"], email=data["email"]
        )
    except DomainError as refused:
        form.add_error("handle" if refused.field == "handle" else None, refusal(refused.code, refused.message))
        return False
    from_round = plays_from_round(event=event, player=guest)
    if from_round is not None and event.status == Event.Status.RUNNING:
        text = _(
            "%(handle)s is entered as a guest and plays from round %(round)d. Give them their claim code: %(code)s"
        )
    else:
        text = _("%(handle)s is entered as a guest. Give them their claim code: %(code)s")
    messages.success(request, text % {"handle": guest.handle, "code": guest.claim_code, "round": from_round or 1})
    return True


@login_required
def claim(request: SignedInRequest) -> HttpResponse:
    form = ClaimForm(request.POST or None, initial={"code": request.GET.get("code", "")})
    if request.method == "POST" and (wait := form_wait(request, [ClaimThrottle()])) is not None:
        form = ClaimForm()
        response = render(request, "pages/claim.html", {"form": form, "throttled": wait_text(wait)}, status=429)
        response["Retry-After"] = str(wait)
        return response
    if request.method == "POST" and form.is_valid():
        try:
            guest = guest_claim(code=form.cleaned_data["code"], by=request.user)
        except DomainError as refused:
            form.add_error("code", refusal(refused.code, refused.message))
        else:
            messages.success(request, _("The results of %(guest)s are yours now.") % {"guest": guest.handle})
            return redirect("player", handle=request.user.player.handle)
    return render(request, "pages/claim.html", {"form": form})
