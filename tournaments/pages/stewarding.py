"""The stewards' pages beyond the sanction queue: publishing a game's official rating list, adopting the
parameters its quality report fitted."""

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

import games
from config.errors import DomainError
from ratings.selectors.lists import may_steward_pool
from tournaments.pages import SignedInRequest
from tournaments.pages.text import refusal
from tournaments.services.rating import official_list_publish, pool_parameters_adopt


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
    if request.method == "POST" and form.is_valid():
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
    return render(request, "pages/list_new.html", {"form": form, "game": games.GAMES[game]})


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
