"""Clubs (any organisation) and the stewards' queue: pages over services.clubs and services.sanctions."""

from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from config.errors import DomainError
from config.paging import page_number
from tournaments.auth import SignedInRequest
from tournaments.models import Event, JoinRequest, Organisation, Player
from tournaments.pages import club_reads as reads
from tournaments.pages.forms import ClubForm
from tournaments.services import clubs as clubs_services
from tournaments.services.clubs import join_request, join_request_decide, membership_add, organisation_create, staff_set
from tournaments.text import refusal


def club_list(request: HttpRequest) -> HttpResponse:
    """The directory of clubs, leagues and federations: searchable by name, each with its next event."""
    directory = reads.club_directory(query=request.GET.get("q", ""), page=page_number(request.GET.get("page")))
    return render(request, "pages/clubs.html", {"directory": directory})


def club_detail(request: HttpRequest, slug: str) -> HttpResponse:
    past_page = page_number(request.GET["events"]) if "events" in request.GET else 0
    page = reads.club_page(slug=slug, user=request.user, past_page=past_page)
    return render(request, "pages/club.html", {"page": page, "organisation": page.organisation})


@login_required
def club_new(request: SignedInRequest) -> HttpResponse:
    """Create a club (or a league, a federation): the creator becomes its owner."""
    form = ClubForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        values = form.cleaned_data
        try:
            organisation = organisation_create(
                by=request.user, slug=values["slug"], name=values["name"], country=values["country"].upper(),
                kind=values["kind"],
            )  # fmt: skip
        except DomainError as refused:
            form.add_error(
                refused.field if refused.field in form.fields else None, refusal(refused.code, refused.message)
            )
        else:
            messages.success(request, _("Your club is created: you are its owner."))
            return redirect("club", slug=organisation.slug)
    return render(request, "pages/club_new.html", {"form": form})


@require_POST
@login_required
def club_staff(request: SignedInRequest, slug: str) -> HttpResponse:
    """An owner gives a player a role in the club."""
    role = request.POST.get("role", "")

    def give_role(club: Organisation, player: Player) -> object:
        return staff_set(organisation=club, by=request.user, player=player, role=role)

    return _for_player(request, slug, give_role, _("%(handle)s is on the staff."))


@require_POST
@login_required
def club_member(request: SignedInRequest, slug: str) -> HttpResponse:
    """The club's staff enrol a player as a member from today."""
    return _for_player(
        request, slug, lambda club, player: membership_add(organisation=club, by=request.user, player=player),
        _("%(handle)s is a member."),
    )  # fmt: skip


@require_POST
@login_required
def members_from_event(request: SignedInRequest, slug: str, event_id: int) -> HttpResponse:
    """One tap after a club night: everyone who played it becomes a member, dated the night."""
    organisation = get_object_or_404(Organisation, slug=slug)
    event = get_object_or_404(Event, pk=event_id)
    try:
        joined = clubs_services.members_from_event(organisation=organisation, by=request.user, event=event)
    except DomainError as refused:
        messages.error(request, refusal(refused.code, refused.message))
        return redirect("event", event_id=event.pk)
    messages.success(request, ngettext("%(count)d player joined the club.", "%(count)d players joined the club.",
                                       joined) % {"count": joined})  # fmt: skip
    return redirect("club", slug=slug)


@require_POST
@login_required
def join_ask(request: SignedInRequest, slug: str) -> HttpResponse:
    """A player asks to join the club from its page."""
    organisation = get_object_or_404(Organisation, slug=slug)
    player = get_object_or_404(Player, user=request.user)
    try:
        join_request(organisation=organisation, player=player)
    except DomainError as refused:
        messages.error(request, refusal(refused.code, refused.message))
    else:
        messages.success(request, _("Your request is sent: the club's staff will answer it."))
    return redirect("club", slug=slug)


@require_POST
@login_required
def join_decide(request: SignedInRequest, slug: str, request_id: int, decision: str) -> HttpResponse:
    """The club's staff accept or decline a request to join."""
    if decision not in ("accept", "decline"):
        raise Http404
    asked = get_object_or_404(JoinRequest.objects.select_related("player", "organisation"), pk=request_id,
                              organisation__slug=slug)  # fmt: skip
    try:
        join_request_decide(request=asked, by=request.user, accept=decision == "accept")
    except DomainError as refused:
        messages.error(request, refusal(refused.code, refused.message))
    else:
        done = _("%(handle)s is a member.") if decision == "accept" else _("%(handle)s's request is declined.")
        messages.success(request, done % {"handle": asked.player.handle})
    return redirect("club", slug=slug)


def _for_player(
    request: SignedInRequest, slug: str, action: Callable[[Organisation, Player], object], done: str
) -> HttpResponse:
    """Run a club's service for the player whose handle the form names, and say how it went on the club page."""
    organisation = get_object_or_404(Organisation, slug=slug)
    player = Player.objects.filter(handle=request.POST.get("player", "").strip()).first()
    if player is None:
        messages.error(request, _("No player has this handle."))
        return redirect("club", slug=slug)
    try:
        action(organisation, player)
    except DomainError as refused:
        messages.error(request, refusal(refused.code, refused.message))
    else:
        messages.success(request, done % {"handle": player.handle})
    return redirect("club", slug=slug)


@require_POST
@login_required
def club_federation(request: SignedInRequest, slug: str) -> HttpResponse:
    """A club's owner says which federation it belongs to."""
    organisation = get_object_or_404(Organisation, slug=slug)
    chosen = request.POST.get("federation", "")
    federation = get_object_or_404(Organisation, slug=chosen) if chosen else None
    try:
        clubs_services.club_federation_set(organisation=organisation, by=request.user, federation=federation)
    except DomainError as refused:
        messages.error(request, refusal(refused.code, refused.message))
    else:
        messages.success(request, _("Saved."))
    return redirect("club", slug=slug)
