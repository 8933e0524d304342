"""`{{ recap|recap_lines }}`: an event's recap as (what, sentence) lines in the language being rendered (the page
reader's, or each e-mail's recipient's)."""

from django import template

from tournaments.results.recap_text import recap_lines as lines_of
from tournaments.results.selectors.recap import EventRecap

register = template.Library()


@register.filter
def recap_lines(recap: EventRecap | None) -> list[tuple[str, str]]:
    return lines_of(recap) if recap is not None else []
