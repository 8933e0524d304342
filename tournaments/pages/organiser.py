"""Pages for an event's organisers: printable pairings and table slips, the check-in poster, the TV view."""

from datetime import timedelta
from typing import Any

import segno
from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.crypto import constant_time_compare
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

import games
from config.page_cache import live_page
from games.drafting_sheet import ROW_LENGTH
from games.pads import PadField
from tournaments.catalogue.selectors import edition_active, edition_rules_data, table_deal
from tournaments.codes import check_in_code, short_check_in_code, tv_code
from tournaments.live.selectors import stream_version
from tournaments.models import Event
from tournaments.pages import reads as pages
from tournaments.results.selectors.chances import win_chances_by_seat
from tournaments.selectors.events import event_standings
from tournaments.selectors.permissions import is_organiser


def _organised_event(request: HttpRequest, event_id: int) -> Event:
    event = get_object_or_404(Event, pk=event_id)
    if not is_organiser(user=request.user, event=event):
        raise PermissionDenied("only an organiser of this event can open this page")
    return event


def qr_svg(url: str) -> SafeString:
    """A QR code as inline SVG (segno), sized by CSS; the address is printed beside it for a phone without a camera."""
    return mark_safe(segno.make(url, error="m").svg_inline(scale=4, border=2, omitsize=True))


def print_pairings(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    event = _organised_event(request, event_id)
    round_ = pages.round_with_tables(event_id=event.pk, number=number)
    context = {"event": event, "round": round_, "by_player": pages.seats_alphabetical(round_)}
    return render(request, "pages/print_pairings.html", context)


def printed_url(request: HttpRequest, path: str) -> str:
    """The address a phone opens from paper (a QR code, a link to type): PUBLIC_URL when the install sets it
    (a laptop serving a venue's wifi opened as 127.0.0.1 by its organiser: docs/venue.md), else the address
    the organiser's browser used."""
    if settings.PUBLIC_URL:
        return str(settings.PUBLIC_URL) + path
    return request.build_absolute_uri(path)


def print_slips(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    event = _organised_event(request, event_id)
    round_ = pages.round_with_tables(event_id=event.pk, number=number)
    deck = edition_rules_data(game=event.game, edition=edition_active(game=event.game))
    slips = []
    for table in round_.tables.all():
        url = printed_url(request, reverse("table", args=[table.pk]))
        slips.append({"table": table, "url": url, "qr": qr_svg(url), "deal": _printed_deal(event, round_, table, deck)})
    # The paper sheet, for a table without a phone, asks for exactly what the service takes (issue 54, item 5):
    # a drafting game's seven cards and activity for each player's round, the end-of-game pad's fields otherwise.
    game = games.GAMES[event.game]
    game_rounds = range(1, game.rounds_on_paper + 1)
    fields = [_label(field) for field in game.end_pad.fields(deck)] if game.end_pad else []
    context = {"event": event, "round": round_, "slips": slips, "game_rounds": game_rounds, "fields": fields,
               "card_slots": range(1, ROW_LENGTH + 1)}  # fmt: skip
    return render(request, "pages/print_slips.html", context)


def _label(field: PadField) -> str:
    return str(_(field.label)) if field.translate_label else field.label


def _printed_deal(event: Event, round_: Any, table: Any, deck: Any) -> list[dict[str, Any]] | None:
    """Duplicate deals: per seat (in seating order), its hand in each round, for the slip; None otherwise."""
    seats = list(table.seats.all())
    deal = table_deal(event=event, round_number=round_.number, players=len(seats), deck=deck)
    if deal is None:
        return None
    return [
        {"handle": seat.player.handle, "hands": ["".join(sorted(hands[i])) for hands in deal.hands]}
        for i, seat in enumerate(seats)
    ]


def check_in_poster(request: HttpRequest, event_id: int) -> HttpResponse:
    event = _organised_event(request, event_id)
    url = printed_url(request, reverse("check-in-code", args=[event.pk, check_in_code(event)]))
    short = printed_url(request, reverse("check-in-short", args=[event.pk, short_check_in_code(event)]))
    short = short.split("://", 1)[-1].rstrip("/")  # what a player types: no scheme, no trailing slash
    context = {"event": event, "url": url, "short": short, "qr": qr_svg(url)}
    return render(request, "pages/check_in_poster.html", context)


def tv(request: HttpRequest, event_id: int) -> HttpResponse:
    """The room's screen: the current round's tables, its clock and the standings; it reloads itself."""
    return _tv_page(request, _organised_event(request, event_id))


def tv_shared(request: HttpRequest, event_id: int, code: str) -> HttpResponse:
    """The same screen, read-only, for anyone holding the link the organiser shared (a projector's laptop)."""
    event = get_object_or_404(Event, pk=event_id)
    if not constant_time_compare(code, tv_code(event)):
        raise Http404
    version = (event.status, stream_version(event_id=event.pk))  # a change makes the kept copy stale at once
    return live_page(request, ("tv", event.pk), lambda: _tv_page(request, event), version)


def _tv_page(request: HttpRequest, event: Event) -> HttpResponse:
    current = pages.current_round(event=event)
    round_ = pages.round_with_tables(event_id=event.pk, number=current.number) if current else None
    ends_at = None
    if round_ is not None and round_.started_at is not None and round_.status != "finished":  # no clock after
        ends_at = round_.started_at + timedelta(minutes=round_.length_minutes)
    chances = {}
    if round_ is not None and round_.status != "finished":  # each seat's chance to win, before play: kept a round
        chances = win_chances_by_seat(game=event.game, tables=list(round_.tables.all()), kept_as=f"round:{round_.pk}")
    context = {"event": event, "round": round_, "ends_at": ends_at, "rows": event_standings(event=event)[:20],
               "chances": chances}  # fmt: skip
    return render(request, "pages/tv.html", context)
