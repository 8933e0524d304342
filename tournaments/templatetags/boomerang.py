import zoneinfo
from datetime import datetime
from typing import Any

from django import template
from django.utils.formats import date_format
from django.utils.html import format_html
from django.utils.safestring import SafeString

from tournaments.pages.text import problem_sentence, status, tie_break_label

register = template.Library()


@register.simple_tag
def badge(code: str) -> SafeString:
    """A status as a symbol and a word in a coloured outline: readable without the colour."""
    shown = status(code)
    return format_html(
        '<span class="badge {}"><span aria-hidden="true">{}</span> {}</span>', shown.tone, shown.symbol, shown.label
    )


@register.filter
def problem_text(problem: dict[str, Any]) -> str:
    return problem_sentence(problem)


@register.filter
def points(value: Any) -> str:
    """Tournament points without a trailing '.0' (fractions from shared places show as decimals)."""
    return f"{float(value):g}"


@register.filter
def tie_break_names(names: list[str]) -> str:
    return ", ".join(tie_break_label(name) for name in names)


@register.filter
def event_time(value: datetime | None, zone: str) -> str:
    """A moment as the event's players read it: its date and 24-hour time in the event's time zone, in the
    page's language ("Nov. 23, 2026, 19:00"; "23 novembre 2026, 19:00")."""
    if value is None:
        return ""
    local = value.astimezone(zoneinfo.ZoneInfo(zone))
    return f"{date_format(local, 'DATE_FORMAT')}, {local:%H:%M}"


@register.filter
def event_clock(value: datetime | None, zone: str) -> str:
    """The time of day only (24-hour), in the event's time zone: a round clock."""
    return "" if value is None else f"{value.astimezone(zoneinfo.ZoneInfo(zone)):%H:%M}"
