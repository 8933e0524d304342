"""A game's titles (/leaderboards/<game>/titles/): each title's rule and its holders, for anyone; a steward of
the game defines a title there (ratings.services.titles)."""

from django import forms
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

import games
from config.errors import DomainError
from ratings.selectors.lists import may_steward_pool
from ratings.selectors.titles import pool_titles
from tournaments.results.services.rating import title_define
from tournaments.text import refusal


class TitleForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Title"), max_length=60, help_text=gettext_lazy("For example Master."))
    abbreviation = forms.CharField(label=gettext_lazy("Abbreviation"), max_length=8)
    min_rating = forms.FloatField(
        label=gettext_lazy("Rating to reach"), min_value=-100, max_value=100,
        help_text=gettext_lazy("The conservative rating, as the leaderboard shows it."),
    )  # fmt: skip
    min_games = forms.IntegerField(label=gettext_lazy("Rated games at least"), min_value=0, max_value=100_000,
                                   initial=20)  # fmt: skip
    held_for_games = forms.IntegerField(
        label=gettext_lazy("Held over rated games in a row"), min_value=1, max_value=1000, initial=1,
        help_text=gettext_lazy("1: awarded as soon as the rating is reached."),
    )  # fmt: skip
    reason = forms.CharField(label=gettext_lazy("Reason"), max_length=500)


def titles(request: HttpRequest, game: str) -> HttpResponse:
    if game not in games.GAMES:
        raise Http404(_("No such game."))
    steward = may_steward_pool(user=request.user, game=game)
    form = TitleForm(request.POST or None) if steward else None
    if request.method == "POST" and form is not None and form.is_valid():
        try:
            title_define(game=game, by=request.user, **form.cleaned_data)  # type: ignore[arg-type]
        except DomainError as refused:
            form.add_error(refused.field if refused.field in form.fields else None,
                           refusal(refused.code, refused.message))  # fmt: skip
        else:
            messages.success(request, _("The title is defined and awarded to those who met it."))
            return redirect("titles", game=game)
    context = {"game": games.GAMES[game], "titles": pool_titles(game=game), "form": form}
    return render(request, "pages/titles.html", context)
