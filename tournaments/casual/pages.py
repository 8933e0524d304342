"""Casual rated games in the pages: a player's own tables (confirm or decline those waiting for them, the rules'
problems of a refused one) and each game's casual leaderboard."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

import games
from config.errors import DomainError
from ratings.selectors.leaderboards import Cursor, leaderboard_page, pool_of_game
from tournaments.auth import SignedInRequest
from tournaments.casual.selectors import casual_tables_of, confirm_by, waiting_on
from tournaments.casual.services import casual_table_confirm, casual_table_decline
from tournaments.results.services.rating import casual_pool_key
from tournaments.text import refusal


@login_required
def my_tables(request: SignedInRequest) -> HttpResponse:
    tables = list(casual_tables_of(user=request.user)[:50])
    rows = [(table, waiting_on(table, user=request.user), confirm_by(table)) for table in tables]
    return render(request, "casual/my_tables.html", {"rows": rows})


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
