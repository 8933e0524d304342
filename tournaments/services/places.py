"""Final places of finished events, stored: written when an event closes and again whenever one of its
results changes afterwards (a correction, an override), inside the transaction that changed it, and with them
the standings of the seasons the events count in."""

from collections.abc import Iterable

from django.db import transaction

from tournaments import selectors
from tournaments.models import Event, EventPlace, Player
from tournaments.services.seasons import event_seasons_refresh


def event_places_refresh(*, event_ids: Iterable[int]) -> int:
    """Store again the final places of those events that are finished (the others are skipped); returns how
    many places were written."""
    finished = list(Event.objects.filter(pk__in=set(event_ids), status__in=Event.machine.sources("show_results")))
    if not finished:
        return 0
    standings = selectors.events_standings(events=finished)
    handles = {row.handle for rows in standings.values() for row in rows}
    players = dict(Player.objects.filter(handle__in=handles).values_list("handle", "pk"))
    with transaction.atomic():
        EventPlace.objects.filter(event__in=finished).delete()
        places = EventPlace.objects.bulk_create(
            EventPlace(event_id=event_id, player_id=players[row.handle], place=row.rank)
            for event_id, rows in standings.items()
            for row in rows
        )
        event_seasons_refresh(event_ids=standings)
    return len(places)
