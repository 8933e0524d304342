"""The score pad of the games scored once, at the end (the hunt, the flip game): a plain form, no JS.

"Check" scores the table with the engine and shows the points and problems; "Submit" stores one sheet
per seat, exactly as the drafting pad does."""

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

import games
from config.errors import DomainError
from games.pads import PadField
from tournaments.auth import SignedInRequest
from tournaments.catalogue.selectors import table_preview
from tournaments.models import Table
from tournaments.problems import problem_sentence
from tournaments.results.selectors.sheets import pad_submitted_seats
from tournaments.results.services.sheets import table_sheets_submit
from tournaments.text import refusal


def end_pad(request: SignedInRequest, table: Table, edition: Any) -> HttpResponse:
    event = table.round.event
    handles = [seat.player.handle for seat in table.seats.all() if not seat.forfeited]

    def submit(entered: list[dict[str, Any]]) -> HttpResponse:
        table_sheets_submit(table=table, seats=entered, by=request.user)
        messages.success(request, _("Submitted: the table is being checked."))
        return redirect("table", table_id=table.pk)

    submitted = pad_submitted_seats(table=table)  # fixing a rejected table: start from what each seat sent
    return end_pad_form(request, EndTable(event.game, handles, edition, submitted, submit),
                        {"table": table, "event": event})  # fmt: skip


@dataclass(frozen=True)
class EndTable:
    """A table an end-of-game form scores, wherever it was played: its game and players in seating order, the
    edition, the seats as last sent, and what "Submit" does with the entered seats (a response: where to go)."""

    game: str
    handles: list[str]
    edition: Any
    submitted: list[dict[str, Any]]
    submit: Callable[[list[dict[str, Any]]], HttpResponse]


def end_pad_form(request: SignedInRequest, table: EndTable, context: dict[str, Any]) -> HttpResponse:
    """The end-of-game form: "Check" scores it with the engine and shows the points and problems; "Submit"
    hands the entered seats to the table's own submission."""
    description = games.GAMES[table.game].end_pad
    assert description is not None, f"{table.game} has no end-of-game pad"
    fields = description.fields(table.edition)
    if request.method == "POST":
        typed = [_typed(request.POST, fields, i) for i in range(len(table.handles))]
        entered = [description.to_seat(handle, boxes) for handle, boxes in zip(table.handles, typed, strict=True)]
    else:
        submitted = {entry["player"]: entry for entry in table.submitted}
        entered = [submitted.get(handle) or description.to_seat(handle, _defaults(fields, i))
                   for i, handle in enumerate(table.handles)]  # fmt: skip
    verdict = None
    if request.method == "POST":
        try:
            if request.POST.get("action") == "submit":
                return table.submit(entered)
            verdict = table_preview(game=table.game, sheet={"seats": entered})
        except DomainError as error:
            messages.error(request, refusal(error.code, error.message))
    problems = [problem_sentence(p) for p in (verdict or {}).get("problems", [])]
    rows = [
        {"handle": handle, "boxes": _boxes(fields, description.from_seat(entry), i)}
        for i, (handle, entry) in enumerate(zip(table.handles, entered, strict=True))
    ]
    context |= {"game": table.game, "rows": rows, "intro": description.intro, "verdict": verdict, "problems": problems}
    return render(request, "pages/end_pad.html", context)


def _typed(form: Any, fields: tuple[PadField, ...], i: int) -> dict[str, str]:
    """What the form holds for seat `i`, by field key (a box left out of the form reads as empty)."""
    return {field.key: form.get(f"{field.key}-{i}", "") for field in fields}


def _defaults(fields: tuple[PadField, ...], i: int) -> dict[str, str]:
    """An unfilled form: a choice defaults by seat (the first seat the first colour), the boxes stay empty."""
    return {field.key: field.choices[min(i, len(field.choices) - 1)] for field in fields if field.choices}


def _boxes(fields: tuple[PadField, ...], values: dict[str, str], i: int) -> list[dict[str, Any]]:
    """Each field of seat `i` with its form name, its words in the reader's language and its value."""
    return [
        {
            "field": field,
            "name": f"{field.key}-{i}",
            "label": _(field.label) if field.translate_label else field.label,
            "choices": [(choice, _(choice)) for choice in field.choices],
            "value": values.get(field.key, ""),
        }
        for field in fields
    ]
