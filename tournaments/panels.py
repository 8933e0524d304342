"""What the installed apps add to an event's page (issue 68, "the site floor"): each app registers its panels
when it is ready, a template and what it reads, and the event page shows each panel in its slot, so the core's
pages name no app for them (as pretix's plugins answer its signals, and as `announcements` lets the apps
register their carriers).

A panel's `read(event, user)` returns what its template shows, or None for nothing (the panel is left out).
Its template is included with `panel` (that value), `event` and `page` (the event page's own reads). What a
panel reads of the event row itself it may ask as `annotations` of the page's one event query (name ->
expression), so a panel costs the page no query of its own."""

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AnonymousUser, User

from tournaments.models import Event

SLOTS = ("after_status", "after_results")  # under the rating status line; under the final standings


@dataclass(frozen=True)
class EventPanel:
    name: str
    slot: str
    template: str
    read: Callable[[Event, User | AnonymousUser], Any]
    annotations: Callable[[], dict[str, Any]] | None = None


@dataclass(frozen=True)
class Shown:
    template: str
    data: Any


_panels: dict[str, EventPanel] = {}


def event_panel_register(panel: EventPanel) -> None:
    """Add a panel to every event page (registering one name again replaces it: an app's ready() may run
    twice in a process)."""
    assert panel.slot in SLOTS, f"{panel.slot} is not a slot of the event page ({', '.join(SLOTS)})"
    _panels[panel.name] = panel


def event_panel_annotations() -> dict[str, Any]:
    """What the panels read with the event, for the event page's query to annotate."""
    found: dict[str, Any] = {}
    for panel in _panels.values():
        found |= panel.annotations() if panel.annotations else {}
    return found


def event_panels(*, event: Event, user: User | AnonymousUser) -> dict[str, list[Shown]]:
    """The panels the event page shows, by slot, in the order the apps registered them."""
    shown: dict[str, list[Shown]] = {slot: [] for slot in SLOTS}
    for panel in _panels.values():
        data = panel.read(event, user)
        if data is not None:
            shown[panel.slot].append(Shown(panel.template, data))
    return shown
