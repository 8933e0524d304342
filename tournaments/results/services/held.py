"""Sanctions that hold (docs/rules.md, "Sanctions that hold"): once a steward sanctioned an event and it
finished, the pool rates its tables from the results held then (HeldResult). A later change of a table's
result (a correction verified or rejected, an override, a re-opened table, a forfeit) is recorded with who,
when and why and the places before and after (ResultChange) and moves no pool until a steward accepts it;
a club whose corrections the stewards trust has them accepted as they come.

Called by the results pipeline (services/results.py) inside its transaction; the stewards' decisions are in
services/sanctions.py."""

from collections.abc import Collection

from django.contrib.auth.models import User
from django.utils import timezone

from tournaments.models import Event, Sanction, TableResult
from tournaments.results.models import HeldResult, ResultChange
from tournaments.selectors.events import final_places
from tournaments.selectors.players import known_as
from tournaments.states import FINISHED


def holding(*, event_ids: Collection[int]) -> set[int]:
    """Which of these events hold their results: sanctioned and finished."""
    return set(
        Event.objects.filter(pk__in=set(event_ids), sanction=Sanction.SANCTIONED, status=FINISHED).values_list(
            "pk", flat=True
        )
    )


def results_hold(*, event_ids: Collection[int], tables: Collection[int] | None = None) -> None:
    """Hold the results of these events' tables (or of these tables only) as they are now."""
    results = TableResult.objects.filter(table__round__event_id__in=set(event_ids))
    if tables is not None:
        results = results.filter(table_id__in=set(tables))
    for table_id, status, verdict, verified_at in results.values_list("table_id", "status", "verdict", "verified_at"):
        HeldResult.objects.update_or_create(
            table_id=table_id, defaults={"status": status, "verdict": verdict, "verified_at": verified_at}
        )


def results_release(*, event_ids: Collection[int]) -> None:
    """The events no longer hold their results (their sanction was revoked): their waiting changes are void."""
    HeldResult.objects.filter(table__round__event_id__in=set(event_ids)).delete()
    ResultChange.objects.filter(event_id__in=set(event_ids), status=ResultChange.Status.PENDING).update(
        status=ResultChange.Status.VOID, decided_at=timezone.now()
    )


def places_now(*, event_id: int) -> list[list[object]]:
    """The event's stored final places, by place then handle: [[handle, place], ...]."""
    event = Event.objects.get(pk=event_id)
    places = final_places(events=[event])[event_id]
    return [[handle, place] for handle, place in sorted(places.items(), key=lambda item: (item[1], item[0]))]


def change_record(
    *, event_id: int, tables: Collection[int], because: str, by: User | None, reason: str, before: list[list[object]]
) -> ResultChange:
    """Add this step to the event's waiting change (a new one when none waits), with the places now."""
    change = ResultChange.objects.select_for_update().filter(event_id=event_id, status=ResultChange.Status.PENDING)
    pending = change.first() or ResultChange(event_id=event_id, before=before)
    step = {"at": timezone.now().isoformat(), "because": because, "by": known_as(by), "reason": reason,
            "tables": sorted(tables)}  # fmt: skip
    pending.tables = sorted(set(pending.tables) | set(tables))
    pending.steps = [*pending.steps, step]
    pending.after = places_now(event_id=event_id)
    pending.save()
    return pending


def change_decide(*, change: ResultChange, accept: bool, by: User | None, reason: str) -> ResultChange:
    """Accept (the tables' results as they are now are held, so the pool follows them) or refuse (the pool
    keeps the held results); the caller re-rates the tables."""
    if accept:
        results_hold(event_ids=[change.event_id], tables=change.tables)
    change.status = ResultChange.Status.ACCEPTED if accept else ResultChange.Status.REFUSED
    change.decided_by, change.decided_at, change.decision_reason = by, timezone.now(), reason
    change.save(update_fields=["status", "decided_by", "decided_at", "decision_reason"])
    return change
