"""The stewards' pages beyond the sanction queue: publishing a game's official rating list, adopting the
parameters its quality report fitted."""

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

import games
from config.errors import DomainError
from games.readings import READINGS
from ratings.selectors.lists import list_preview, may_steward_pool
from tournaments.analysis.selectors.readings import game_reading_report
from tournaments.auth import SignedInRequest
from tournaments.catalogue.models import EditionConfirmation
from tournaments.models import Event, Organisation, Player
from tournaments.results.models import ResultChange
from tournaments.results.services.rating import official_list_publish, pool_parameters_adopt
from tournaments.selectors.permissions import stewarded_games
from tournaments.stewarding import reads
from tournaments.stewarding import services as sanctions_services
from tournaments.stewarding.merges import player_merge_undo, players_merge
from tournaments.stewarding.models import PlayerMerge
from tournaments.stewarding.selectors import result_changes_waiting
from tournaments.stewarding.services import event_sanction, event_unsanction, organisation_corrections_trust
from tournaments.text import refusal
from tournaments.validators import handle_key


class ListForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Name"), max_length=100, help_text=gettext_lazy("For example 2026-11."))
    min_games = forms.IntegerField(
        label=gettext_lazy("Fewest rated games"), min_value=0, max_value=10_000,
        help_text=gettext_lazy("Players with fewer are left out."),
    )  # fmt: skip
    leave_out_provisional = forms.BooleanField(
        label=gettext_lazy("Leave provisional players out"), required=False,
        help_text=gettext_lazy("Few games or a wide uncertainty: their rating is not settled yet."),
    )  # fmt: skip


@login_required
def list_new(request: SignedInRequest, game: str) -> HttpResponse:
    """A steward of the game publishes its official list: the pool's ratings frozen now, under their rules
    (players with too few games or provisional left out, the inactive marked, equal ratings sharing a rank)."""
    if game not in games.GAMES:
        raise Http404(_("No such game."))
    if not may_steward_pool(user=request.user, game=game):
        raise PermissionDenied(_("Only a steward of this game's rating pool publishes its lists."))
    initial = {"name": timezone.localdate().strftime("%Y-%m"), "min_games": settings.RATINGS_PROVISIONAL_GAMES,
               "leave_out_provisional": True}  # fmt: skip
    form = ListForm(request.POST or None, initial=initial)
    preview = None
    if request.method == "POST" and form.is_valid() and request.POST.get("step") != "publish":
        values = form.cleaned_data  # first the preview: what the list would hold, and a warning if it is not much
        preview = list_preview(game=game, min_games=values["min_games"],
                               provisional_left_out=values["leave_out_provisional"])  # fmt: skip
    elif request.method == "POST" and form.is_valid():
        values = form.cleaned_data
        try:
            published = official_list_publish(
                game=game, by=request.user, name=values["name"], min_games=values["min_games"],
                leave_out_provisional=values["leave_out_provisional"],
            )  # fmt: skip
        except DomainError as refused:
            form.add_error("name" if refused.field == "name" else None, refusal(refused.code, refused.message))
        else:
            messages.success(request, _("The list is published."))
            return redirect("rating-list", list_id=published)
    return render(request, "pages/list_new.html", {"form": form, "game": games.GAMES[game], "preview": preview})


@login_required
@require_POST
def parameters_adopt(request: SignedInRequest, game: str) -> HttpResponse:
    """A steward adopts the parameters the pool's quality report fitted (the pool is replayed under them)."""
    if game not in games.GAMES:
        raise Http404(_("No such game."))
    try:
        pool_parameters_adopt(game=game, by=request.user, reason=request.POST.get("reason", ""))
    except DomainError as refused:
        messages.error(request, refusal(refused.code, refused.message))
    else:
        messages.success(request, _("The fitted parameters are adopted: the pool was replayed under them."))
    return redirect("rating-quality", game=game)


@login_required
def stewards(request: SignedInRequest) -> HttpResponse:
    """The events waiting for a sanction in the games this steward looks after, with what may help judge them."""
    games_stewarded = stewarded_games(user=request.user)
    if not games_stewarded:
        raise PermissionDenied("only the stewards of a rating pool see this queue")
    waiting = EditionConfirmation.objects.filter(adopted_at__isnull=True)
    return render(request, "pages/stewards.html", {
        "queue": reads.steward_queue(user=request.user),
        "editions": waiting.filter(game__in=games_stewarded),
        "changes": [reads.ChangeShown.of(change) for change in result_changes_waiting(user=request.user)],
        "merges": PlayerMerge.objects.select_related("kept", "by", "undone_by")[:20],
        "readings": READINGS.values(),
    })  # fmt: skip


@login_required
def rules_lab(request: SignedInRequest, reading: str) -> HttpResponse:
    """A reading of a rule over the game's verified tables: how many tables, winners and places it changes."""
    found = READINGS.get(reading)
    if found is None:
        raise Http404("no such reading")
    if not stewarded_games(user=request.user):
        raise PermissionDenied("only the stewards of a rating pool see the rules lab")
    return render(request, "pages/rules_lab.html", {"reading": found, "report": game_reading_report(reading=found)})


@require_POST
@login_required
def player_merge(request: SignedInRequest) -> HttpResponse:
    """The stewards' page's "Merge two records of one person"."""
    kept = Player.objects.filter(handle_key=handle_key(request.POST.get("kept", ""))).first()
    merged = Player.objects.filter(handle_key=handle_key(request.POST.get("merged", ""))).first()
    if kept is None or merged is None:
        messages.error(request, _("No player has this handle."))
        return redirect("stewards")
    try:
        players_merge(kept=kept, merged=merged, by=request.user, reason=request.POST.get("reason", ""))
    except DomainError as refused:
        messages.error(request, refusal(refused.code, refused.message))
    else:
        messages.success(
            request, _("%(merged)s is merged into %(kept)s.") % {"merged": merged.handle, "kept": kept.handle}
        )
    return redirect("stewards")


@require_POST
@login_required
def player_merge_undo_page(request: SignedInRequest, merge_id: int) -> HttpResponse:
    """The stewards' page's "Undo" of a merge, with a reason."""
    merge = get_object_or_404(PlayerMerge, pk=merge_id)
    try:
        player_merge_undo(merge=merge, by=request.user, reason=request.POST.get("reason", ""))
    except DomainError as refused:
        messages.error(request, refusal(refused.code, refused.message))
    else:
        messages.success(request, _("The merge is undone: %(merged)s and %(kept)s are two records again.")
                         % {"merged": merge.merged_handle, "kept": merge.kept.handle})  # fmt: skip
    return redirect("stewards")


@require_POST
@login_required
def corrections_trust(request: SignedInRequest, slug: str) -> HttpResponse:
    """A steward trusts a club's corrections of sanctioned results (accepted as they come), or no longer."""
    organisation = get_object_or_404(Organisation, slug=slug)
    trusted, game = request.POST.get("trusted") == "yes", request.POST.get("game", "")
    try:
        organisation_corrections_trust(organisation=organisation, by=request.user, trusted=trusted, game=game)
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
