"""Clubs (any organisation) and the stewards' queue: pages over services.clubs and services.sanctions."""

from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from config.errors import DomainError
from config.paging import page_number
from tournaments.models import Event, JoinRequest, Organisation, Player, ResultChange
from tournaments.pages import SignedInRequest
from tournaments.pages import club_reads as reads
from tournaments.pages.forms import ClubForm
from tournaments.pages.text import refusal
from tournaments.selectors.permissions import stewarded_games
from tournaments.selectors.stewarding import result_changes_waiting
from tournaments.services import clubs as clubs_services
from tournaments.services import sanctions as sanctions_services
from tournaments.services.clubs import join_request, join_request_decide, membership_add, organisation_create, staff_set
from tournaments.services.sanctions import event_sanction, event_unsanction, organisation_corrections_trust


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


@login_required
def stewards(request: SignedInRequest) -> HttpResponse:
    """The events waiting for a sanction in the games this steward looks after, with what may help judge them."""
    if not stewarded_games(user=request.user):
        raise PermissionDenied("only the stewards of a rating pool see this queue")
    return render(request, "pages/stewards.html", {
        "queue": reads.steward_queue(user=request.user),
        "changes": [reads.ChangeShown.of(change) for change in result_changes_waiting(user=request.user)],
    })  # fmt: skip


@require_POST
@login_required
def corrections_trust(request: SignedInRequest, slug: str) -> HttpResponse:
    """A steward trusts a club's corrections of sanctioned results (accepted as they come), or no longer."""
    organisation = get_object_or_404(Organisation, slug=slug)
    trusted = request.POST.get("trusted") == "yes"
    try:
        organisation_corrections_trust(organisation=organisation, by=request.user, trusted=trusted)
    except DomainError as refused:
        messages.error(request, refusal(refused.code, refused.message))
    else:
        messages.success(request, _("Its corrections are trusted.") if trusted else _("Its corrections wait again."))
    return redirect("club", slug=slug)


@require_POST
@login_required
def result_change_decide(request: SignedInRequest, change_id: int, decision: str) -> HttpResponse:
    """A steward accepts or refuses a change of a sanctioned event's results, with a reason."""
    if decision not in ("accept", "refuse"):
        raise Http404
    change = get_object_or_404(ResultChange.objects.select_related("event"), pk=change_id)
    try:
        sanctions_services.result_change_decide(change=change, accept=decision == "accept", by=request.user,
                                      reason=request.POST.get("reason", ""))  # fmt: skip
    except DomainError as refused:
        messages.error(request, refusal(refused.code, refused.message))
    else:
        done = (
            _("The changed results of %(event)s are accepted: the pool rates them.")
            if decision == "accept"
            else _("The changed results of %(event)s are refused: the pool keeps the sanctioned ones.")
        )
        messages.success(request, done % {"event": change.event.name})
    return redirect("stewards")


@require_POST
@login_required
def sanction_decide(request: SignedInRequest, event_id: int, decision: str) -> HttpResponse:
    """A steward sanctions or refuses (revokes) an event, with a reason."""
    event = get_object_or_404(Event, pk=event_id)
    reason = request.POST.get("reason", "")
    try:
        if decision == "sanction":
            event_sanction(event=event, by=request.user, reason=reason)
            messages.success(request, _("%(event)s is sanctioned: its tables are rated.") % {"event": event.name})
        else:
            event_unsanction(event=event, by=request.user, reason=reason)
            messages.success(
                request, _("%(event)s is not sanctioned: its tables stay unrated.") % {"event": event.name}
            )
    except DomainError as refused:
        messages.error(request, refusal(refused.code, refused.message))
    if request.POST.get("back") == "event":
        return redirect("event", event_id=event.pk)
    return redirect("stewards")
