"""The table's score pad page: one phone keeps a table's score, round by round (tournaments/static/boomerang/pad.js)."""

from typing import Any

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _

import games
from config.errors import NotAllowed
from games.drafting_sheet import ROUNDS, ROW_LENGTH
from tournaments.auth import SignedInRequest
from tournaments.catalogue.selectors import edition_active, edition_rules_data
from tournaments.problems import problem_templates
from tournaments.results.pages.end_pad import end_pad
from tournaments.results.selectors.chances import win_chances_by_seat
from tournaments.results.selectors.sheets import pad_draft, pad_submitted_seats, pad_writable_seats
from tournaments.selectors.events import table_page
from tournaments.states import TABLE_STATUSES
from tournaments.text import CATEGORY_LABELS, status


def _first_flagged_row(table: Any) -> dict[str, Any] | None:
    """The first row the table's refusal names (its player and round; a problem of the whole table names a
    round only, and its player is None), where "Fix the sheets" opens the pad whatever draft it holds; None
    when the table is not refused or no problem names a round."""
    if table.result.status != "rejected" or not isinstance(table.result.verdict, dict):
        return None
    for problem in table.result.verdict.get("problems", []):
        if problem.get("round"):
            return {"player": problem.get("player") or None, "round": problem["round"]}
    return None


def _chances_to_win(table: Any) -> list[tuple[str, float]]:
    """The pad's header, while the table waits for its sheets: each player's chance to win it, from the ratings."""
    if not table.result.can.open_pad:
        return []
    chances = win_chances_by_seat(game=table.round.event.game, tables=[table])
    return [(seat.player.handle, chances[seat.pk]) for seat in table.seats.all() if seat.pk in chances]


@login_required
def pad(request: SignedInRequest, table_id: int) -> HttpResponse:
    table = table_page(table_id=table_id)
    event = table.round.event
    try:
        pad_draft(table=table, user=request.user)
    except NotAllowed:
        raise PermissionDenied("only a player at this table or an organiser can keep its score pad") from None
    edition = edition_rules_data(game=event.game, edition=edition_active(game=event.game))
    game = games.GAMES[event.game]
    if game.drafting is None:
        return end_pad(request, table, edition)
    config = {
        "table": table.pk,
        "seats": [
            {"handle": s.player.handle, "forfeited": s.forfeited, "mine": s.player.user_id == request.user.pk}
            for s in table.seats.all()
        ],
        "urls": {
            "preview": reverse("score-preview", args=[event.game]),
            "pad": f"/api/tables/{table.pk}/pad/",
            "sheets": f"/api/tables/{table.pk}/sheets/",
            "table": f"/api/tables/{table.pk}/",
        },
        "submitted": pad_submitted_seats(table=table),
        "flagged": _first_flagged_row(table),
        "writable": pad_writable_seats(table=table, user=request.user),
        "final": table.result.status in ("verified", "overridden"),
        "only_mine": request.GET.get("mine") == "1",  # a player entering their own sheet alone
        **drafting_pad_parts(event.game, edition),
    }
    context = {"table": table, "event": event, "game": event.game, "config": config, "drafting": True,
               "chances": _chances_to_win(table)}  # fmt: skip
    return render(request, "pages/pad.html", context)


def drafting_pad_parts(game: str, edition: Any) -> dict[str, Any]:
    """What the card pad needs of a drafting game, wherever its table is played (an event's, a casual one):
    the edition's cards, the activities, the categories, its words and the problems' sentences."""
    rules = games.GAMES[game].drafting
    assert rules is not None, f"{game} is not drafted"
    return {
        "game": game, "rounds": ROUNDS, "row": ROW_LENGTH, "text": _pad_text(), "problems": problem_templates(),
        "statuses": {code: str(status(code).label) for code in TABLE_STATUSES},
        "cards": [{"id": c.id, "name": c.name, "number": c.number, "region": c.region} for c in edition.cards],
        "choices": sorted(rules.facts.blue_names), "categories": list(rules.categories),
        "category_labels": {name: str(CATEGORY_LABELS.get(name, name)) for name in rules.categories},
    }  # fmt: skip


def _pad_text() -> dict[str, str]:
    return {
        "round": _("Round %(n)s"),
        "row_of": _("%(player)s, round %(n)s"),
        "player": _("Player"),
        "taken": _("%(card)s is already in %(player)s's row this round."),
        "full": _("This row has its %(n)s cards: tap one of them to take it back."),
        "preloaded": _("The sheets as submitted are loaded: correct them, then submit again."),
        "throw": _("throw"),
        "catch": _("catch"),
        "none": _("none"),
        "total": _("Total"),
        "saved": _("Round saved (version %(v)s)."),
        "offline": _("No connection: kept on this phone, sent when the connection is back."),
        "conflict": _("Another phone saved this table's pad. Load its version, or keep yours and save again."),
        "load_theirs": _("Load the other phone's version"),
        "keep_mine": _("Keep mine"),
        "submitted": _("Submitted: the table is being checked."),
        "complete": _("Every round is entered: ready to submit."),
        "no_problem": _("No problem found so far."),
        "result": _("Result: %(status)s"),
        "points": _("%(n)s points"),
        "mine_sent": _("Your seat is sent; the table is checked once every seat is in."),
        "unknown_card": _("not a card"),
        "submit_writable": _("Submit the seats I may correct (%(players)s)"),
        "whole_table": _(
            "This concerns the whole table: each player may correct their own row, the organiser any; "
            "then send the table again."
        ),
        "unknown_card_help": _("%(card)s is not a card of this edition: tap it to take it out of the row."),
        "kept_here": _("Round kept on this phone: the table is recorded when you submit it."),
    }
