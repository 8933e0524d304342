"""An event closed by its organiser: its results published through the results pipeline."""

from django.contrib.auth.models import User
from django.db import transaction

from config.errors import Conflict
from tournaments.models import Event
from tournaments.results.services.pipeline import Because, results_changed
from tournaments.selectors.events import event_ready_to_close
from tournaments.selectors.permissions import require_organiser
from tournaments.services.transitions import advance, locked_for


def event_close(*, event: Event, by: User) -> Event:
    """Close the event and publish its results: its final standings and podium, places on players' pages.
    Only once its last round is finished (every table counts); a correction after that still changes them."""
    require_organiser(user=by, event=event)
    with transaction.atomic():
        locked = locked_for(Event, event.pk, "close")
        if not event_ready_to_close(event=locked):
            raise Conflict(
                "rounds are still to be played or checked: close the event after its last table",
                "rounds_to_play",
                field="status",
            )
        closed = advance(locked, "close")
        results_changed(because=Because.CLOSED, events=[closed.pk])  # places, seasons, the news
        return closed
