"""What a verification task reads: the tables' results with their game's active edition."""

from django.db.models import Exists, OuterRef, QuerySet, Subquery

from tournaments.catalogue.models import Edition, EventEdition
from tournaments.models import Seat, TableResult


def results_to_verify(*, table_ids: list[int]) -> QuerySet[TableResult]:
    """The tables' results with their event, the id of their game's active edition (None: the shipped
    default) and whether a seat was forfeited, read in one query: the edition that verifies is the one active
    when the task runs (or the one an event scored with practice data is kept on), and the forfeited seats
    are read only where there are some (rarely)."""
    active = Edition.objects.filter(game=OuterRef("table__round__event__game"), is_active=True)
    kept = EventEdition.objects.filter(event_id=OuterRef("table__round__event_id"))
    return (
        TableResult.objects.select_related("table__round__event")
        .filter(table_id__in=table_ids)
        .annotate(
            active_edition_id=Subquery(active.values("pk")[:1]),
            kept=Exists(kept),  # scored with practice data and kept so: its own edition
            kept_edition_id=Subquery(kept.values("edition_id")[:1]),
            has_forfeit=Exists(Seat.objects.filter(table_id=OuterRef("table_id"), forfeited=True)),
        )
    )
