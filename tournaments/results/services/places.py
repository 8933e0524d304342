"""Final places of finished events, stored: written when an event closes and again whenever one of its
results changes afterwards (a correction, an override), by the results pipeline (services/results.py)."""

from collections.abc import Iterable

from django.db import transaction

from tournaments.models import Event, EventPlace, Player
from tournaments.selectors.events import events_standings


def event_places_refresh(*, event_ids: Iterable[int]) -> list[int]:
    """Store again the final places of those events that are finished (the others are skipped); returns the
    finished events' ids."""
    finished = list(Event.objects.filter(pk__in=set(event_ids), status__in=Event.machine.sources("show_results")))
    if not finished:
        return []
    standings = events_standings(events=finished)
    handles = {row.handle for rows in standings.values() for row in rows}
    players = dict(Player.objects.filter(handle__in=handles).values_list("handle", "pk"))
    with transaction.atomic():
        EventPlace.objects.filter(event__in=finished).delete()
        EventPlace.objects.bulk_create(
            EventPlace(event_id=event_id, player_id=players[row.handle], place=row.rank)
            for event_id, rows in standings.items()
            for row in rows
        )
    return [event.pk for event in finished]
