"""Casual rated games in the pages: recording one on the score pad, a player's own tables (confirm or decline
those waiting for them, the rules' problems of a refused one) and each game's casual leaderboard."""

from functools import partial
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

import games
from config.errors import DomainError, NotFound
from ratings.selectors.leaderboards import Cursor, leaderboard_page, pool_of_game
from tournaments.auth import SignedInRequest
from tournaments.casual.models import CasualTable
from tournaments.casual.selectors import casual_seats_named, casual_table_of, casual_tables_of, confirm_by, waiting_on
from tournaments.casual.services import (
    casual_table_confirm,
    casual_table_correct,
    casual_table_decline,
    casual_table_record,
)
from tournaments.catalogue.selectors import edition_active, edition_rules_data
from tournaments.models import Player
from tournaments.results.pages.end_pad import EndTable, end_pad_form
from tournaments.results.pages.pad import drafting_pad_parts
from tournaments.results.services.rating import casual_pool_key
from tournaments.text import refusal


@login_required
def my_tables(request: SignedInRequest) -> HttpResponse:
    tables = list(casual_tables_of(user=request.user)[:50])
    rows = [(table, waiting_on(table, user=request.user), confirm_by(table)) for table in tables]
    return render(request, "casual/my_tables.html", {"rows": rows})


@login_required
def record(request: SignedInRequest) -> HttpResponse:
    """Record a game played anywhere: the game and its players in seating order, then its score pad (the card
    pad of a drafting game, kept on this phone; the end-of-game form of the others). Submitting records it as
    the API does; each other player then confirms it on their own account."""
    game, players = request.GET.get("game", ""), request.GET.get("players")
    if players is None:
        own = getattr(request.user, "player", None)
        return _record_form(request, game, own.handle if own else "", None)
    try:
        seated = casual_seats_named(game=game, players=players, by=request.user)
    except DomainError as refused:
        return _record_form(request, game, players, refused)
    edition = edition_rules_data(game=game, edition=edition_active(game=game))
    handles = [player.handle for player in seated]
    if games.GAMES[game].drafting is None:
        return end_pad_form(request, EndTable(game, handles, edition, [], partial(_recorded, request, game)), {})
    config = _casual_pad(game, seated, request.user.pk) | drafting_pad_parts(game, edition)
    return render(request, "pages/pad.html", {"config": config, "drafting": True, "game": game})


@login_required
def correct(request: SignedInRequest, table_id: int) -> HttpResponse:
    """A casual table the rules refused, on its score pad again with its sheet as sent, for any of its players
    to correct: the same game, players and seats; sending it records the correction (the API's
    `POST /api/casual-tables/{id}/correct/`), and every other player confirms again."""
    try:
        table = casual_table_of(user=request.user, table_id=table_id)
    except NotFound:
        raise Http404(_("No casual table of yours has this number.")) from None
    if table.status != CasualTable.Status.REJECTED:
        messages.info(request, _("Only a table the rules refused is corrected here."))
        return redirect("casual-tables-page")
    seated = [seat.player for seat in table.seats.order_by("number").select_related("player")]
    edition = edition_rules_data(game=table.game, edition=edition_active(game=table.game))
    sent = list(table.sheet.get("seats", []))
    if games.GAMES[table.game].drafting is None:
        handles = [player.handle for player in seated]
        again = EndTable(table.game, handles, edition, sent, partial(_corrected, request, table))
        return end_pad_form(request, again, {})
    config = _casual_pad(table.game, seated, request.user.pk) | drafting_pad_parts(table.game, edition)
    config |= {"table": f"casual-{table.pk}-{table.attempt}", "submitted": sent, "flagged": _first_flagged(table)}
    config["urls"]["sheets"] = reverse("casual-table-correct", args=[table.pk])
    return render(request, "pages/pad.html", {"config": config, "drafting": True, "game": table.game})


def _first_flagged(table: CasualTable) -> dict[str, Any] | None:
    """The first row the rules' refusal names (its player and round), where the pad opens."""
    for problem in (table.verdict or {}).get("problems", []):
        if problem.get("round"):
            return {"player": problem.get("player") or None, "round": problem["round"]}
    return None


def _corrected(request: SignedInRequest, table: CasualTable, seats: list[dict[str, object]]) -> HttpResponse:
    casual_table_correct(table_id=table.pk, sheet={"game": table.game, "seats": seats}, by=request.user)
    messages.success(request, _("Recorded: once the rules find it right, each other player confirms it."))
    return redirect("casual-tables-page")


def _casual_pad(game: str, seated: list[Player], recorder: int) -> dict[str, Any]:
    """The card pad's table part for a casual table: no draft on the server (this phone keeps the rounds under
    the table's name), every seat the recorder's to enter, "Submit" recording it through the API."""
    handles = [player.handle for player in seated]
    urls = {"preview": reverse("score-preview", args=[game]), "pad": None, "sheets": reverse("casual-tables"),
            "table": None}  # fmt: skip
    return {
        "table": "casual-" + game + "-" + "+".join(handles), "urls": urls, "writable": handles,
        "seats": [{"handle": p.handle, "forfeited": False, "mine": p.user_id == recorder} for p in seated],
        "submitted": [], "flagged": None, "final": False, "only_mine": False,
        "casual": {"done": reverse("casual-tables-page")},
    }  # fmt: skip


def _record_form(request: SignedInRequest, game: str, players: str, refused: DomainError | None) -> HttpResponse:
    choices = sorted(((rules.id, rules.name) for rules in games.GAMES.values()), key=lambda pair: pair[1])
    context = {"games": choices, "game": game, "players": players,
               "refused": refusal(refused.code, refused.message) if refused else None,
               "refused_field": refused.field if refused else None}  # fmt: skip
    return render(request, "casual/record.html", context, status=400 if refused else 200)


def _recorded(request: SignedInRequest, game: str, seats: list[dict[str, object]]) -> HttpResponse:
    """The end-of-game form's "Submit" for a casual table: recorded, the player sent to their casual games."""
    casual_table_record(sheet={"game": game, "seats": seats}, recorded_by=request.user)
    messages.success(request, _("Recorded: once the rules find it right, each other player confirms it."))
    return redirect("casual-tables-page")


@login_required
@require_POST
def answer(request: SignedInRequest, table_id: int) -> HttpResponse:
    """Confirm or decline one of the player's tables (the form's `answer`)."""
    confirming = request.POST.get("answer") == "confirm"
    try:
        (casual_table_confirm if confirming else casual_table_decline)(table_id=table_id, by=request.user)
    except DomainError as refused:
        messages.error(request, refusal(refused.code, refused.message))
    else:
        messages.success(request, _("Confirmed: it is rated once every player has confirmed it.") if confirming
                         else _("Declined: this table will not be rated."))  # fmt: skip
    return redirect("casual-tables-page")


def leaderboard(request: HttpRequest, game: str) -> HttpResponse:
    """A game's casual list: tables played anywhere and confirmed by their players, apart from events'."""
    if game not in games.GAMES:
        raise Http404(_("No such game."))
    pool = pool_of_game(game=casual_pool_key(game))
    after = Cursor.decode(request.GET.get("after"))
    page = leaderboard_page(pool=pool, established_only=False, after=after) if pool else None
    context = {"game": games.GAMES[game], "rows": page.rows if page else [],
               "next": page.next.encode() if page and page.next else None, "first_page": after is None}  # fmt: skip
    return render(request, "casual/leaderboard.html", context)
