"""An event closed by its organiser, after its last round or early, after any finished round: its results
published through the results pipeline."""

from django.contrib.auth.models import User
from django.db import transaction

from config.errors import Conflict
from tournaments.models import Event, Round
from tournaments.results.services.pipeline import Because, results_changed
from tournaments.selectors.events import event_closable
from tournaments.selectors.permissions import require_organiser
from tournaments.services.transitions import advance, locked_for


def event_close(*, event: Event, by: User) -> Event:
    """Close the event and publish its results: its final standings and podium, places on players' pages,
    from the rounds played. After its last round, or early (a night ends when the room says so): after any
    finished round, a round seated but not started being cancelled. Not while a round is being played, nor
    before one is finished; a correction after the close still changes the results."""
    require_organiser(user=by, event=event)
    with transaction.atomic():
        locked = locked_for(Event, event.pk, "close")
        if not event_closable(event=locked):
            raise Conflict(
                "a round is being played or checked: close the event once it is finished (every table counts)",
                "rounds_to_play",
                field="status",
            )
        Round.objects.filter(event=locked, status__in=Round.machine.sources("start")).delete()  # seated, unplayed
        closed = advance(locked, "close")
        results_changed(because=Because.CLOSED, events=[closed.pk])  # places, seasons, the news
        return closed
