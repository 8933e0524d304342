"""A club's seasons from the pages: its staff create one and add their events to it with a tier; anyone
reads its standings (visitors from the cache, keyed by the stored standings)."""

from datetime import date

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

import games
from config.errors import DomainError
from config.page_cache import visitor_page
from config.paging import page_number
from tournaments.auth import SignedInRequest
from tournaments.models import Event, Organisation
from tournaments.seasons import reads
from tournaments.seasons import services as seasons_services
from tournaments.seasons.models import Season
from tournaments.seasons.selectors import ODDS_SAMPLES, season_candidates, season_odds_kept, season_version
from tournaments.seasons.services import season_create, season_update
from tournaments.selectors.permissions import is_staff_of
from tournaments.text import date_example, game_name, refusal


class SeasonForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Name"), max_length=200)
    game = forms.ChoiceField(label=gettext_lazy("Game"))
    starts_on = forms.DateField(label=gettext_lazy("From"), localize=True)
    ends_on = forms.DateField(label=gettext_lazy("To"), localize=True)
    best_of = forms.IntegerField(
        label=gettext_lazy("Events that count"), min_value=1, max_value=100, initial=5,
        help_text=gettext_lazy("Each player's best events, by season points."),
    )  # fmt: skip
    qualifiers = forms.IntegerField(
        label=gettext_lazy("Qualifiers"), min_value=0, max_value=1000, initial=0,
        help_text=gettext_lazy("The first players who qualify (0: none)."),
    )  # fmt: skip
    takes_events_of = forms.ChoiceField(
        label=gettext_lazy("Events it takes"), initial="members",
        choices=[("members", gettext_lazy("its member clubs' and its own")), ("any", gettext_lazy("any club's")),
                 ("own", gettext_lazy("its own (a club agrees to each of its events)"))],
    )  # fmt: skip

    def __init__(self, *args: object, editing: bool = False, federation: bool = False, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        if editing or not federation:
            del self.fields["takes_events_of"]  # a club's season takes its own events
        self.fields["game"].choices = [(game.id, game_name(game.id)) for game in games.GAMES.values()]  # type: ignore[attr-defined]
        if editing:
            del self.fields["game"]  # a season's events were played at its game
        for name in ("starts_on", "ends_on"):
            self.fields[name].widget.attrs.update(placeholder=date_example(), inputmode="numeric")


@login_required
def season_new(request: SignedInRequest, slug: str) -> HttpResponse:
    """The club's staff create a season (/clubs/<slug>/seasons/new/)."""
    organisation = get_object_or_404(Organisation, slug=slug)
    if not (request.user.is_superuser or is_staff_of(user=request.user, organisation=organisation)):
        raise PermissionDenied(_("Only the club's staff create its seasons."))
    this_year = date.today().year
    form = SeasonForm(
        request.POST or None,
        initial={"starts_on": date(this_year, 1, 1), "ends_on": date(this_year, 12, 31)},
        federation=organisation.kind == Organisation.Kind.FEDERATION,
    )
    if request.method == "POST" and form.is_valid():
        try:
            season = season_create(by=request.user, organisation=organisation, **form.cleaned_data)
        except DomainError as refused:
            form.add_error(
                refused.field if refused.field in form.fields else None, refusal(refused.code, refused.message)
            )
        else:
            messages.success(request, _("The season is created: add the club's events to it from its page."))
            return redirect("season", season_id=season.pk)
    return render(request, "pages/season_new.html", {"form": form, "organisation": organisation})


@login_required
def season_edit(request: SignedInRequest, season_id: int) -> HttpResponse:
    """The club's staff change a season (/seasons/<id>/edit/): its name, dates, events that count, qualifiers."""
    season = get_object_or_404(Season.objects.select_related("organisation"), pk=season_id)
    if not (request.user.is_superuser or is_staff_of(user=request.user, organisation=season.organisation)):
        raise PermissionDenied(_("Only the club's staff change its seasons."))
    fields = ("name", "starts_on", "ends_on", "best_of", "qualifiers")
    form = SeasonForm(request.POST or None, editing=True, initial={name: getattr(season, name) for name in fields})
    if request.method == "POST" and form.is_valid():
        try:
            season_update(season=season, by=request.user, **form.cleaned_data)
        except DomainError as refused:
            field = refused.field if refused.field in form.fields else None
            form.add_error(field, refusal(refused.code, refused.message))
        else:
            messages.success(request, _("Saved."))
            return redirect("season", season_id=season.pk)
    return render(request, "pages/season_edit.html", {"form": form, "season": season})


def season_detail(request: HttpRequest, season_id: int) -> HttpResponse:
    """A season's page; visitors get it from the cache, keyed by the season's stored standings. Its club's
    staff also see the form that adds one of the club's events."""
    number, events = page_number(request.GET.get("page")), page_number(request.GET.get("events"))

    def build() -> HttpResponse:
        page = reads.season_page(season_id=season_id, page=number, events_page=events)
        candidates = season_candidates(season=page.season, user=request.user)
        editable = is_staff_of(user=request.user, organisation=page.season.organisation_id)
        context = {"page": page, "season": page.season, "candidates": candidates, "editable": editable}
        return render(request, "pages/season.html", context)

    return visitor_page(request, ("season", season_id, season_version(season_id=season_id), number, events),
                        build)  # fmt: skip


@require_POST
@login_required
def season_event_add(request: SignedInRequest, season_id: int) -> HttpResponse:
    """One of the club's events joins the season with a tier (its points' multiplier)."""
    season = get_object_or_404(Season.objects.select_related("organisation"), pk=season_id)
    chosen, tier = request.POST.get("event", ""), request.POST.get("tier", "1")
    if not chosen.isdigit() or len(chosen) > 12 or not tier.isdigit() or len(tier) > 3:
        messages.error(request, _("Choose one of the club's events, and a tier from 1 to 10."))
        return redirect("season", season_id=season.pk)
    event = get_object_or_404(Event, pk=int(chosen))
    try:
        seasons_services.season_event_add(season=season, by=request.user, event=event, tier=int(tier))
    except DomainError as refused:
        messages.error(request, refusal(refused.code, refused.message))
    else:
        messages.success(request, _("%(event)s joins the season.") % {"event": event.name})
    return redirect("season", season_id=season.pk)


@require_POST
@login_required
def season_final(request: SignedInRequest, season_id: int) -> HttpResponse:
    """The season's staff make one of the events its final: only its qualifiers may register for it."""
    season = get_object_or_404(Season.objects.select_related("organisation"), pk=season_id)
    chosen = request.POST.get("event", "")
    event = get_object_or_404(Event, pk=int(chosen)) if chosen.isdigit() and len(chosen) <= 12 else None
    try:
        seasons_services.season_final_set(season=season, by=request.user, event=event)
    except DomainError as refused:
        messages.error(request, refusal(refused.code, refused.message))
    else:
        if event is not None:
            messages.success(request, _("%(event)s is the season's final: only its qualifiers may register.")
                             % {"event": event.name})  # fmt: skip
        else:
            messages.success(request, _("The season has no final any more."))
    return redirect("season", season_id=season.pk)


def season_odds_page(request: HttpRequest, season_id: int) -> HttpResponse:
    """Each player's chance to qualify for the season's final and to win the season (seasons/odds.py), read
    from the copy the API keeps."""
    season = get_object_or_404(Season.objects.select_related("organisation"), pk=season_id)
    context = {"season": season, "odds": season_odds_kept(season=season), "samples": ODDS_SAMPLES}
    return render(request, "pages/season_odds.html", context)
