"""Entering a game's edition from one's box, on a page (tournaments/catalogue/entries.py): the entry as the
edition file of docs/deck.md, saved with its faults named and resumed; submitted; the other entries compared
field by field; a steward making a confirmed edition the game's."""

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.text import format_lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from config.errors import DomainError
from tournaments.auth import SignedInRequest
from tournaments.catalogue.entries import (
    confirmation_adopt,
    entries_compare,
    entry_faults,
    entry_sample_table,
    entry_save,
    entry_submit,
)
from tournaments.catalogue.entry_forms import edition_from_form, form_kind, form_rows
from tournaments.catalogue.models import EditionConfirmation, EditionEntry
from tournaments.catalogue.preview import adoption_preview
from tournaments.catalogue.selectors import edition_is_practice, require_game
from tournaments.selectors.permissions import is_steward
from tournaments.text import refusal


@login_required
def adoption_preview_page(request: SignedInRequest, game: str, confirmation_id: int) -> HttpResponse:
    """A steward sees what making a confirmed edition the game's would change, before doing it."""
    confirmation = get_object_or_404(EditionConfirmation, game=game, pk=confirmation_id)
    if not is_steward(user=request.user, game=game):
        return render(request, "403.html", status=403)
    preview = adoption_preview(game=game, raw=confirmation.data)
    return render(request, "pages/adoption_preview.html", {"game": game, "confirmation": confirmation,
                                                          "preview": preview})  # fmt: skip


@login_required
def edition_entry(request: SignedInRequest, game: str) -> HttpResponse:
    try:
        require_game(game)
    except DomainError:
        return render(request, "404.html", status=404)
    if request.method == "POST":
        return _act(request, game)
    mine = EditionEntry.objects.filter(game=game, entered_by=request.user).first()
    if mine and request.GET.get("download"):
        answer = JsonResponse(mine.data, json_dumps_params={"indent": 1, "ensure_ascii": False})
        answer["Content-Disposition"] = f'attachment; filename="{game}-edition.json"'
        return answer
    others = list(EditionEntry.objects.filter(game=game, submitted_at__isnull=False).exclude(entered_by=request.user))
    compared = [(other, entries_compare(mine=mine, theirs=other) if mine else []) for other in others]
    text = json.dumps(mine.data, indent=1, ensure_ascii=False) if mine else ""
    return render(request, "pages/edition_entry.html", {
        "game": game, "mine": mine, "text": text, "faults": entry_faults(mine.data) if mine else [],
        "compared": compared, "confirmations": EditionConfirmation.objects.filter(game=game),
        "steward": is_steward(user=request.user, game=game), "practice": edition_is_practice(game=game),
        "form": form_rows(game, mine.data if mine else None), "kind": form_kind(game),
        "sample": entry_sample_table(mine.data) if mine else None,
    })  # fmt: skip


def _act(request: SignedInRequest, game: str) -> HttpResponse:
    try:
        if "adopt" in request.POST:
            confirmation = EditionConfirmation.objects.get(game=game, pk=int(request.POST["adopt"]))
            confirmation_adopt(confirmation=confirmation, by=request.user, reason=request.POST.get("reason", ""))
            messages.success(request, _("This edition is the game's now: its tables are being verified again."))
        elif "submit" in request.POST:
            entry = EditionEntry.objects.get(game=game, entered_by=request.user)
            confirmed = entry_submit(entry=entry, by=request.user)
            messages.success(request, _("Confirmed: another box agrees field by field.") if confirmed
                             else _("Submitted: it waits for another person's entry that agrees."))  # fmt: skip
        else:
            fields = "fields" in request.POST
            data = edition_from_form(game, request.POST) if fields else _json(request.POST.get("data", ""))
            entry_save(game=game, by=request.user, data=data)
            messages.success(request, _("Saved: come back to it at any time."))
    except (DomainError, EditionEntry.DoesNotExist, EditionConfirmation.DoesNotExist, ValueError) as error:
        code, message = (error.code, error.message) if isinstance(error, DomainError) else ("invalid", str(error))
        messages.error(request, refusal(code, message))
    return redirect("edition-entry-page", game=game)


def _json(text: str) -> object:
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise DomainError(
            format_lazy(
                gettext_lazy("line {lineno}, column {colno}: {msg}"),
                lineno=error.lineno,
                colno=error.colno,
                msg=error.msg,
            ),
            "invalid_json",
            "data",
        ) from error
