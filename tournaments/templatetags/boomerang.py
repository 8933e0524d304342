from typing import Any

from django import template
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
