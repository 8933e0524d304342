import zoneinfo
from datetime import datetime
from typing import Any

from django import template
from django.conf import settings
from django.urls import reverse
from django.utils.crypto import salted_hmac
from django.utils.formats import date_format, number_format
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from config.page_cache import remembered
from tournaments.announcements import CATALOGUE
from tournaments.codes import tv_code
from tournaments.practice import practice_games
from tournaments.problems import problem_sentence
from tournaments.selectors.permissions import is_a_steward
from tournaments.text import CATEGORY_LABELS, points_text, status, tie_break_label, with_percent_sign
from tournaments.text import change_cause as text_change_cause
from tournaments.text import game_name as translated_game_name

register = template.Library()


@register.simple_tag
def offline_account(user: Any) -> str:
    """Who the phone's kept pages belong to, as offline.js compares it: empty when signed out, else a keyed
    digest of the account (the page says nothing a reader could use)."""
    if not getattr(user, "is_authenticated", False):  # signed out, or a page rendered with no request (a 500)
        return ""
    return salted_hmac("offline-account", str(user.pk)).hexdigest()[:16]


@register.simple_tag
def stream_kinds(stream: str) -> str:
    """The kinds a stream carries ("event" or "player"), from the outbox's catalogue, for the pages' script."""
    return " ".join(name for name, kind in CATALOGUE.items() if kind.stream == stream)


@register.simple_tag
def badge(code: str) -> SafeString:
    """A status as a symbol and a word in a coloured outline: readable without the colour."""
    shown = status(code)
    return format_html(
        '<span class="badge {}"><span aria-hidden="true">{}</span> {}</span>', shown.tone, shown.symbol, shown.label
    )


@register.filter
def oneline(value: Any) -> str:
    """The text on one line (line breaks and runs of spaces made one space): for an e-mail's subject."""
    return " ".join(str(value).split())


@register.filter
def change_cause(because: str) -> str:
    return text_change_cause(because)


@register.filter
def problem_text(problem: dict[str, Any]) -> str:
    return problem_sentence(problem)


@register.filter
def points(value: Any) -> str:
    return points_text(value)


@register.filter
def points_list(values: Any) -> str:
    """Several numbers (a tie-break's values), each as `points` writes it."""
    return ", ".join(points(value) for value in values or ())


@register.filter
def tie_break_names(names: list[str]) -> str:
    return ", ".join(tie_break_label(name) for name in names)


@register.filter
def event_time(value: datetime | None, zone: str) -> str:
    """A moment as the event's players read it: its date and 24-hour time in the event's time zone, in the
    page's (or the e-mail's) language ("4 December 2026, 20:15"; "4 décembre 2026, 20 h 15"; "4. Dezember 2026,
    20:15"; "4 de diciembre de 2026, 20:15"). English and French write the day before the month's name; other
    languages as their own long date does."""
    if value is None:
        return ""
    local = value.astimezone(zoneinfo.ZoneInfo(zone))
    day_first = (get_language() or "en")[:2] in ("en", "fr")
    return f"{date_format(local, 'j F Y' if day_first else 'DATE_FORMAT')}, {_clock(local)}"


@register.filter
def event_date(value: datetime | None, zone: str) -> str:
    """The short date only (23/11/2026), in the event's time zone: a line of a list."""
    return "" if value is None else date_format(value.astimezone(zoneinfo.ZoneInfo(zone)), "SHORT_DATE_FORMAT")


@register.filter
def event_clock(value: datetime | None, zone: str) -> str:
    """The time of day only (24-hour), in the event's time zone: a round clock."""
    return "" if value is None else _clock(value.astimezone(zoneinfo.ZoneInfo(zone)))


def _clock(local: datetime) -> str:
    """24-hour time as the language writes it: "20:15", in French "20 h 15"."""
    return f"{local.hour} h {local:%M}" if (get_language() or "").startswith("fr") else f"{local:%H:%M}"


@register.filter
def signed(value: float) -> str:
    """A change with its direction, one decimal, in the language's numbers: "+14.6", "−3.2" ("+14,6")."""
    delta = round(float(value), 1)
    sign = "+" if delta > 0 else ("−" if delta < 0 else "±")
    return f"{sign}{number_format(abs(delta), decimal_pos=1)}"


@register.filter
def rating_change(change: Any) -> SafeString:
    """A game's change of the conservative rating, signed and in the page's language ("+1.2", "−0,8"),
    marked when the rating was still provisional after it. Empty for a game that moved no rating."""
    if change is None:
        return format_html("")
    delta = round(change.delta, 1)
    sign = "+" if delta > 0 else ("−" if delta < 0 else "±")
    direction = "up" if delta > 0 else ("down" if delta < 0 else "flat")
    text = f"{sign}{number_format(abs(delta), decimal_pos=1)}"
    if change.provisional:
        return format_html(
            '<span class="rating-change"><span class="delta {}">{}</span> '
            '<abbr class="provisional" title="{}">?</abbr></span>',
            direction, text, _("provisional rating"),
        )  # fmt: skip
    return format_html('<span class="delta {}">{}</span>', direction, text)


@register.filter
def get_item(mapping: Any, key: Any) -> Any:
    """mapping[key], or None: a value by a key from the template."""
    return mapping.get(key) if hasattr(mapping, "get") else None


@register.filter
def game_name(game_id: str) -> str:
    """A game's name in the page's language, from its id."""
    return translated_game_name(game_id)


@register.simple_tag
def tv_shared_url(event: Any) -> str:
    """The event's read-only TV link, for its organisers to share."""
    return reverse("tv-shared", args=[event.pk, tv_code(event)])


@register.inclusion_tag("components/practice_notice.html")
def practice_notice(game_id: str) -> dict[str, Any]:
    """Says, in the page's language, that the game is scored with practice data (catalogue/selectors.py)."""
    return {"game": game_id, "practice": game_id in practice_games()}


@register.simple_tag
def stewards_menu(user: Any) -> bool:
    """Whether the menu shows the stewards' queue (a signed-in steward of some game): asked once a minute per
    person, not on every page (a new steward sees the link within the minute)."""
    if not getattr(user, "is_authenticated", False):
        return False
    return remembered(f"stewards-menu:{user.pk}", lambda: is_a_steward(user=user), seconds=60)


@register.inclusion_tag("components/post_button.html", takes_context=True)
def post_button(
    context: template.Context,
    url_name: str,
    *args: Any,
    label: str,
    confirm: str = "",
    style: str = "",
    form_class: str = "",
    offline: str = "",
) -> dict[str, Any]:
    """An action as a one-button POST form (components/post_button.html): `{% post_button 'start-event'
    event.pk label=_("Start") confirm=_("Start the event?") style="secondary" %}`. `confirm` asks first
    (confirm.js); `style` is the button's class, `form_class` the form's; `offline` names what the form
    does when it may wait on the phone with no network (offline.js)."""
    return {
        "offline": offline,
        "action": reverse(url_name, args=args),
        "label": label,
        "confirm": confirm,
        "style": style,
        "form_class": form_class,
        "csrf_token": context.get("csrf_token"),
    }


@register.inclusion_tag("components/back_link.html")
def back_link(url_name: str, *args: Any, label: str, printable: bool = False, css_class: str = "") -> dict[str, Any]:
    """The way back up (components/back_link.html): `{% back_link 'event' event.pk label=event.name %}`;
    `printable` adds the Print button of the printed pages (the line itself is not printed)."""
    css_class = css_class or ("no-print" if printable else "")
    return {"href": reverse(url_name, args=args), "label": label, "printable": printable, "css_class": css_class}


@register.filter
def category_name(category: str) -> str:
    """A scoring category's name in the page's language (its id when the rulebooks name none)."""
    return str(CATEGORY_LABELS.get(category, category))


@register.filter
def percent(value: float | None, decimals: int = 0) -> str:
    """A share as a percentage, localised ("24.5%", French, German and Spanish "24,5 %"); "–" for none."""
    if value is None:
        return "–"
    number = number_format(round(value * 100, decimals), decimal_pos=decimals) if decimals else str(round(value * 100))
    return with_percent_sign(number)


@register.simple_tag
def site_url() -> str:
    """The site's address (SITE_URL), for what is pasted elsewhere: an embed's code on a club's site."""
    return str(settings.SITE_URL)
