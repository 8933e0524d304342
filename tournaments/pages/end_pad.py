"""The score pad of the games scored once, at the end (the hunt, the flip game): a plain form, no JS.

"Check" scores the table with the engine and shows the points and problems; "Submit" stores one sheet
per seat, exactly as the drafting pad does."""

import re
from typing import Any

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

import games
from config.errors import DomainError
from tournaments import selectors, services
from tournaments.models import Table
from tournaments.pages import SignedInRequest
from tournaments.pages.text import problem_sentence, refusal

NUMBERS = re.compile(r"-?\d+")


def end_pad(request: SignedInRequest, table: Table, species: list[str]) -> HttpResponse:
    event = table.round.event
    seats = [seat for seat in table.seats.all() if not seat.forfeited]
    entered = [
        _seat_from_form(request.POST, i, seat.player.handle, event.game, species) for i, seat in enumerate(seats)
    ]
    if request.method != "POST":  # fixing a rejected table: start from what each seat submitted
        submitted = {entry["player"]: entry for entry in selectors.pad_submitted_seats(table=table)}
        entered = [submitted.get(entry["player"], entry) for entry in entered]
    verdict = None
    if request.method == "POST":
        try:
            if request.POST.get("action") == "submit":
                services.table_sheets_submit(table=table, seats=entered, by=request.user)
                messages.success(request, _("Submitted: the table is being checked."))
                return redirect("table", table_id=table.pk)
            verdict = selectors.table_preview(game=event.game, sheet={"seats": entered})
        except DomainError as error:
            messages.error(request, refusal(error.code, error.message))
    problems = [problem_sentence(p) for p in (verdict or {}).get("problems", [])]
    context = {
        "table": table, "event": event, "rows": list(zip(seats, entered, strict=True)), "species": species,
        "verdict": verdict, "problems": problems, "pieces": games.GAMES[event.game].pad == "pieces",
    }  # fmt: skip
    return render(request, "pages/end_pad.html", context)


def _seat_from_form(form: Any, i: int, handle: str, game: str, species: list[str]) -> dict[str, Any]:
    if games.GAMES[game].pad == "pieces":
        return {
            "player": handle,
            "color": form.get(f"color-{i}", "white" if i == 0 else "red"),
            "on_board": [int(n) for n in NUMBERS.findall(form.get(f"on_board-{i}", ""))],
            "unplaced": [int(n) for n in NUMBERS.findall(form.get(f"unplaced-{i}", ""))],
        }
    captured = {}
    for name in species:
        count = form.get(f"captured-{i}-{name}", "").strip()
        if count:
            captured[name] = int(count) if count.isdigit() else 0
    boomerangs = form.get(f"boomerangs-{i}", "").strip()
    if not boomerangs and not form:  # the pad just opened: an empty box, not a 0 nobody typed
        return {"player": handle, "captured": captured, "boomerangs": None}
    return {"player": handle, "captured": captured, "boomerangs": int(boomerangs) if boomerangs.isdigit() else 0}
