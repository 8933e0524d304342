"""Buttons on the pages (POST only, CSRF-checked): each calls one service and says what happened."""

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from config.errors import DomainError
from tournaments.auth import SignedInRequest
from tournaments.catalogue.services import event_edition_reverify
from tournaments.codes import check_in_code, short_check_in_code
from tournaments.models import Event, Player, Registration, Round, Seat
from tournaments.page_actions import run_then_back
from tournaments.pages import reads as pages
from tournaments.results.services.closing import event_close
from tournaments.results.services.forfeits import registration_drop
from tournaments.selectors.permissions import is_organiser
from tournaments.services.attendance import event_close_check_in, registration_reinstate
from tournaments.services.entry import entry_exception_admit, entry_refusal
from tournaments.services.events import event_open_registration, event_registration_close
from tournaments.services.registration_questions import answers_from_fields
from tournaments.services.registrations import (
    check_in_is_open,
    check_in_opens_at,
    registration_check_in,
    registration_create,
    registration_open,
    registration_walk_in,
    registration_withdraw,
)
from tournaments.services.rounds import event_start, round_seat_next, round_start
from tournaments.services.teams import team_join, team_register
from tournaments.text import refusal
from tournaments.validators import handle_key


def check_in_by_short_code(request: HttpRequest, event_id: int, code: str) -> HttpResponse:
    """The typed address from the poster (/ci/<event>/<code>/): on to the check-in page if the code is right."""
    event = get_object_or_404(Event, pk=event_id)
    if code.strip().upper() != short_check_in_code(event):
        messages.error(request, _("This check-in code is not this event's."))
        return redirect("event", event_id=event_id)
    return redirect("check-in-code", event_id=event_id, code=check_in_code(event))


def _my_player(request: HttpRequest) -> Player:
    return get_object_or_404(Player, user=request.user)


@require_POST
@login_required
def register(request: SignedInRequest, event_id: int) -> HttpResponse:
    event = get_object_or_404(Event, pk=event_id)
    player = _my_player(request)
    answers = answers_from_fields(event.registration_questions, request.POST)
    done = (
        _("Your registration is sent: the organisers review it.")
        if event.registration_review
        else _("You are registered.")
    )
    return run_then_back(
        request, event_id, lambda: registration_create(event=event, player=player, answers=answers), done
    )


@require_POST
@login_required
def team_register_page(request: SignedInRequest, event_id: int) -> HttpResponse:
    """A team from the event's page: its name and its players' handles (the one sending it among them, unless
    an organiser); each player registered with it, or none (services/teams.py)."""
    event = get_object_or_404(Event, pk=event_id)
    name, handles = request.POST.get("name", ""), [h.strip() for h in request.POST.getlist("players") if h.strip()]
    return run_then_back(
        request, event_id, lambda: team_register(event=event, name=name, handles=handles, by=request.user),
        _("The team %(name)s is registered.") % {"name": name.strip()},
    )  # fmt: skip


@require_POST
@login_required
def team_join_page(request: SignedInRequest, event_id: int) -> HttpResponse:
    """A player joins a team with the code its maker gave them (services/teams.py)."""
    event = get_object_or_404(Event, pk=event_id)
    code = request.POST.get("code", "")
    return run_then_back(request, event_id, lambda: team_join(event=event, code=code, by=request.user),
                _("You joined the team."))  # fmt: skip


@require_POST
@login_required
def entry_exception(request: SignedInRequest, event_id: int) -> HttpResponse:
    """An organiser admits a player whom the entry conditions refuse, with a reason (services/entry.py)."""
    event = get_object_or_404(Event, pk=event_id)
    handle = request.POST.get("handle", "").strip()
    player = Player.objects.filter(handle_key=handle_key(handle)).first() if handle else None
    if player is None:
        messages.error(request, _("No player has this handle."))
        return redirect("event", event_id=event_id)
    reason = request.POST.get("reason", "")

    def admit() -> None:
        entry_exception_admit(event=event, player=player, by=request.user, reason=reason)

    return run_then_back(request, event_id, admit, _("%(handle)s may register.") % {"handle": player.handle})


@login_required
def check_in_by_code(request: SignedInRequest, event_id: int, code: str) -> HttpResponse:
    """The page the event's QR code opens: a button that checks in whoever is logged in on this phone."""
    event = get_object_or_404(Event, pk=event_id)
    if code != check_in_code(event):
        messages.error(request, _("This check-in code is not this event's."))
        return redirect("event", event_id=event_id)
    registered = Registration.objects.filter(event=event, player__user=request.user).exists()
    if request.method == "POST" and registered:
        return my_registration(request, event_id, "check-in")
    if request.method == "POST":
        return _walk_in(request, event)
    player = Player.objects.filter(user=request.user).first()
    refused = entry_refusal(event=event, player=player) if player is not None and not registered else None
    return render(request, "pages/check_in.html", {
        "event": event, "registered": registered, "can_register": registration_open(event),
        "check_in_opens": None if check_in_is_open(event) else check_in_opens_at(event),
        "kept_out": refused.message if refused else None,
    })  # fmt: skip


def _walk_in(request: SignedInRequest, event: Event) -> HttpResponse:
    """A signed-in player who is not registered: registered and checked in in one tap, or told why not."""
    player = Player.objects.filter(user=request.user).first()
    if player is None:
        messages.error(request, _("Choose a handle for your account first."))
        return redirect("event", event_id=event.pk)
    try:
        registration = registration_walk_in(event=event, player=player)
    except DomainError as error:
        messages.error(request, refusal(error.code, error.message) + " " + _("Ask the organiser."))
    else:
        if registration.status == Registration.Status.WAITLISTED:
            messages.warning(request, _("The event is full: you are on the waitlist, and move up when a place frees."))
        elif registration.status == Registration.Status.REGISTERED:
            opens = check_in_opens_at(event)
            messages.success(request, _("You are registered. Check-in opens on %(day)s: scan the poster again then.")
                             % {"day": date_format(opens, "j F Y") if opens else ""})  # fmt: skip
        else:
            messages.success(request, _("You are registered and checked in."))
    return redirect("event", event_id=event.pk)


@require_POST
@login_required
def start_round(request: SignedInRequest, event_id: int, number: int) -> HttpResponse:
    round_ = get_object_or_404(Round.objects.select_related("event"), event_id=event_id, number=number)
    return run_then_back(
        request, event_id, lambda: round_start(round_=round_, by=request.user),
        _("Round %(number)s has started: the clock runs.") % {"number": number},
    )  # fmt: skip


def _own_registration_actions() -> dict[str, tuple[Callable[..., Any], str]]:
    return {
        "withdraw": (registration_withdraw, _("You have withdrawn.")),
        "check-in": (registration_check_in, _("You are checked in.")),
        "drop": (registration_drop, _("You have left the event. Thank you for playing!")),
    }


@require_POST
@login_required
def my_registration(request: SignedInRequest, event_id: int, action: str) -> HttpResponse:
    """The player's own buttons: withdraw, check in, leave the running event. The registration is looked up
    by the session's user, so nobody acts on another player's (the QR check-in link included)."""
    registration = get_object_or_404(Registration, event_id=event_id, player__user=request.user)
    service, done = _own_registration_actions()[action]

    def act() -> None:
        service(registration=registration, by=request.user)
        if action == "check-in":
            _where_they_play(request, registration)

    return run_then_back(request, event_id, act, done)


def _event_actions() -> dict[str, tuple[Callable[..., Any], str]]:
    return {
        "open": (event_open_registration, _("Registration is open.")),
        "close-registration": (event_registration_close, _("Registration is closed: nobody registers any more.")),
        "close-check-in": (
            event_close_check_in,
            _("Check-in is closed: absent players are no-shows and the waitlist moved up."),
        ),
        "start": (event_start, _("Round 1 is seated.")),
        "next-round": (round_seat_next, _("The next round is seated.")),
        "close": (event_close, _("The event is closed: its results are published.")),
        "reverify": (
            event_edition_reverify,
            _("Every table is verified again with the printed edition: one it rejects goes back to its players."),
        ),
    }


@require_POST
@login_required
def event_action(request: SignedInRequest, event_id: int, action: str) -> HttpResponse:
    """An organiser's button on the event (the service checks the organiser and the event's state)."""
    event = get_object_or_404(Event, pk=event_id)
    service, done = _event_actions()[action]
    return run_then_back(request, event_id, lambda: service(event=event, by=request.user), done)


@require_POST
@login_required
def registration_action(request: SignedInRequest, event_id: int, registration_id: int, action: str) -> HttpResponse:
    """An organiser's button on a registration: check a player in (no phone), drop them, or reinstate them."""
    registration = get_object_or_404(Registration.objects.select_related("player", "event"), pk=registration_id,
                                     event_id=event_id)  # fmt: skip
    actions = {
        "check-in": (registration_check_in, _("%(handle)s is checked in.")),
        "drop": (registration_drop, _("%(handle)s has left the event.")),
        "reinstate": (registration_reinstate, _("%(handle)s is back in the event.")),
    }
    if action not in actions:
        raise Http404
    service, done = actions[action]
    if not is_organiser(user=request.user, event=registration.event):
        messages.error(request, refusal("not_organiser", ""))
        return redirect("event", event_id=event_id)

    def act() -> None:
        service(registration=registration, by=request.user)
        if action in ("check-in", "reinstate"):
            _where_they_play(request, registration)

    return run_then_back(request, event_id, act, done % {"handle": registration.player.handle})


def _where_they_play(request: HttpRequest, registration: Registration) -> None:
    """A late arrival is told where they play: at a table of the round at hand, or from the next round."""
    event = Event.objects.get(pk=registration.event_id)
    round_ = event.rounds.order_by("-number").first()
    if event.status != Event.Status.RUNNING or round_ is None:
        return
    seat = Seat.objects.filter(table__round=round_, player=registration.player).select_related("table").first()
    handle = registration.player.handle
    if seat is not None:
        messages.info(request, _("%(handle)s plays at table %(table)s in round %(round)s.")
                      % {"handle": handle, "table": seat.table.number, "round": round_.number})  # fmt: skip
    else:
        messages.info(request, _("%(handle)s plays from round %(round)s: no table of this round can take one more.")
                      % {"handle": handle, "round": round_.number + 1})  # fmt: skip


@login_required
def my_event(request: SignedInRequest, event_id: int) -> HttpResponse:
    page = pages.event_page(event_id=event_id, user=request.user)
    mine = pages.my_seat(event=page.event, user=request.user)
    return render(request, "pages/my_event.html", {"page": page, "event": page.event, "mine": mine})
