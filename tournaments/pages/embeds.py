"""Embeds for a club's own site (issue 70, item 6): an event's standings and its registration button, each a
page made to sit in an iframe on another site. Live from the event's stream (live.js reads the standings
again when they change), themed by the club (`accent`, a colour that keeps text readable on the widget's
paper, and `dark`), in the reader's language (`lang`, else their browser's), and setting no cookie of ours on
the club's site: no session, no CSRF token, nothing personal in them."""

import re

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import get_object_or_404, render
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.clickjacking import xframe_options_exempt

from config.page_cache import live_page
from tournaments.live.selectors import stream_version
from tournaments.models import Event
from tournaments.selectors.events import event_list, event_standings, places_left

EMBED_ROWS = 20  # the widget shows the top of the standings; its link opens them all
ACCENT = re.compile(r"#?([0-9a-fA-F]{6})")
DEFAULT_ACCENT = "b5461d"  # the site's own (site.css)
PAPER, DARK_PAPER = "ffffff", "1d2330"
READABLE = 4.5  # WCAG 2's contrast for body text: the accent colours the links and the button


class EmbedRefused(Exception):
    """A widget's parameter that cannot be used: the field and why, answered 400."""


def _theme(request: HttpRequest) -> tuple[str, bool]:
    dark = request.GET.get("dark") in ("1", "true")
    raw = request.GET.get("accent", DEFAULT_ACCENT)
    matched = ACCENT.fullmatch(raw)
    if matched is None:
        raise EmbedRefused(_("accent: a colour as six hexadecimal digits, as 1f6f43 or #1f6f43."))
    accent = matched.group(1).lower()
    if _contrast(accent, DARK_PAPER if dark else PAPER) < READABLE:
        raise EmbedRefused(_("accent: this colour is too pale to read on the widget (contrast below 4.5:1); "
                             "choose a darker one, or a lighter one with dark=1."))  # fmt: skip
    return accent, dark


def _contrast(first: str, second: str) -> float:
    """WCAG 2's contrast ratio of two colours (six hex digits each)."""
    lighter, darker = sorted((_luminance(first), _luminance(second)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def _luminance(colour: str) -> float:
    channels = [int(colour[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def _language(request: HttpRequest) -> str:
    wanted = request.GET.get("lang", "")
    return wanted if wanted in dict(settings.LANGUAGES) else translation.get_language() or settings.LANGUAGE_CODE


def _framed(response: HttpResponse) -> HttpResponse:
    """Any site may frame it. No cookie goes with it: the widgets use no session, no CSRF token and no
    message (tests/tournaments/test_embeds.py holds it, a signed-in reader included)."""
    response["Content-Security-Policy"] = "frame-ancestors *"
    return response


@xframe_options_exempt
def standings_embed(request: HttpRequest, event_id: int) -> HttpResponse:
    event = get_object_or_404(event_list(with_organisers=False), pk=event_id)
    try:
        accent, dark = _theme(request)
    except EmbedRefused as refused:
        return HttpResponseBadRequest(str(refused), content_type="text/plain; charset=utf-8")
    with translation.override(_language(request)):

        def build() -> HttpResponse:
            rows = event_standings(event=event)
            context = {"event": event, "rows": rows[:EMBED_ROWS], "more": max(len(rows) - EMBED_ROWS, 0),
                       "accent": accent, "dark": dark, "site": settings.SITE_URL}  # fmt: skip
            return render(request, "pages/embed_standings.html", context)

        version = (event.status, stream_version(event_id=event.pk))
        response = live_page(request, ("embed-standings", event.pk, accent, dark), build, version)
    return _framed(response)


@xframe_options_exempt
def register_embed(request: HttpRequest, event_id: int) -> HttpResponse:
    event: Event = get_object_or_404(event_list(with_organisers=False), pk=event_id)
    try:
        accent, dark = _theme(request)
    except EmbedRefused as refused:
        return HttpResponseBadRequest(str(refused), content_type="text/plain; charset=utf-8")
    with translation.override(_language(request)):
        context = {"event": event, "accent": accent, "dark": dark, "site": settings.SITE_URL,
                   "left": places_left(event=event),
                   "open": event.status == Event.Status.REGISTRATION}  # fmt: skip
        response = render(request, "pages/embed_register.html", context)
    return _framed(response)
