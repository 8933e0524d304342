"""An event's recap kept as its results give it (selectors/recap.py): made when the event closes (before its
results e-mail) and again whenever a finished event's results change; announced (`event.recap`: the club's
webhooks and the event's stream) only when it says something new, so running it twice sends nothing twice."""

from django.db import transaction

import games
from tournaments.analysis.models import SeatPickAccuracy
from tournaments.analysis.services.pick_accuracy import tables_pick_accuracy_refresh
from tournaments.announcements import Announcement, announce, api_url
from tournaments.models import Event, TableResult
from tournaments.results.models import StoredRecap
from tournaments.results.selectors.recap import EventRecap, event_recap


def event_recap_refresh(*, event_id: int) -> EventRecap | None:
    """Make the finished event's recap again and keep it; None for an event whose results are not shown.
    The pick accuracy of counting tables not analysed yet (the last round's, at the close) is computed first."""
    event = Event.objects.get(pk=event_id)
    if not event.can.show_results:
        return None
    if games.GAMES[event.game].drafting is not None:
        counting = TableResult.objects.filter(table__round__event=event, status__in=TableResult.COUNTS)
        analysed = SeatPickAccuracy.objects.filter(table__round__event=event).values("table_id")
        missing = list(counting.exclude(table_id__in=analysed).values_list("table_id", flat=True))
        if missing:
            tables_pick_accuracy_refresh(table_ids=missing)
    recap = event_recap(event=event)
    data = recap.to_json()
    with transaction.atomic():
        stored = StoredRecap.objects.select_for_update().filter(event=event).first()
        if stored is not None and stored.data == data:
            return recap
        StoredRecap.objects.update_or_create(event=event, defaults={"data": data})
        announce([Announcement("event.recap", {**data, "url": api_url("events", event.pk)}, event_id=event.pk,
                               organisation_id=event.organisation_id)])  # fmt: skip
    return recap
