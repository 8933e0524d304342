"""What the stewards decided on an event, and the changes of sanctioned results waiting for them."""

from typing import Any

from django.contrib.auth.models import AnonymousUser, User

from tournaments.models import Event
from tournaments.results.models import ResultChange
from tournaments.selectors.permissions import is_steward, stewarded_games
from tournaments.selectors.players import known_as
from tournaments.stewarding.models import PlayerMerge


def event_decisions(*, event: Event) -> list[dict[str, Any]]:
    """The stewards' word on the event, oldest first: each sanction decision and each change of its results
    after the sanction (its steps, the places before and after, and the decision on it)."""
    decisions: list[dict[str, Any]] = [
        {"kind": "sanction", "at": d.decided_at, "decision": d.decision, "by": known_as(d.by), "reason": d.reason}
        for d in event.sanction_decisions.select_related("by__player")
    ]
    decisions += [
        {"kind": "result_change", "at": c.created_at, "decision": c.status, "by": known_as(c.decided_by),
         "reason": c.decision_reason, "decided_at": c.decided_at, "id": c.pk, "tables": c.tables,
         "steps": c.steps, "before": c.before, "after": c.after}
        for c in event.result_changes.select_related("decided_by__player")
    ]  # fmt: skip
    return sorted(decisions, key=lambda d: d["at"])


def event_merges(*, event: Event) -> list[dict[str, Any]]:
    """The merges of two records of which one played this event (its archive keeps them: the sheets name the
    kept record since), oldest first, with their undoing."""
    merges = PlayerMerge.objects.filter(moved__events__has_key=str(event.pk)).select_related(
        "kept", "by__player", "undone_by__player"
    )
    return [
        {"kind": "merge", "at": m.merged_at, "decision": "undone" if m.undone_at else "merged", "by": known_as(m.by),
         "reason": m.reason, "merged": m.merged_handle, "kept": m.kept.handle, "undone_at": m.undone_at,
         "undone_by": known_as(m.undone_by) if m.undone_at else "", "undo_reason": m.undo_reason}
        for m in merges.order_by("merged_at", "id")
    ]  # fmt: skip


def result_changes_waiting(*, user: User | AnonymousUser) -> list[ResultChange]:
    """Changes of sanctioned results waiting in the games the user stewards, oldest first."""
    return list(
        ResultChange.objects.filter(status=ResultChange.Status.PENDING, event__game__in=stewarded_games(user=user))
        .select_related("event__organisation")
        .order_by("created_at")[:100]
    )


def event_stewards_panel(event: Event, user: User | AnonymousUser) -> dict[str, Any] | None:
    """The event page's stewards' panel (tournaments/panels.py): their decisions, and their own form to a
    steward of the game while the event is rated; None when there is neither."""
    decisions = event_decisions(event=event)
    steward = is_steward(user=user, game=event.game)
    if not decisions and not (steward and event.rated):
        return None
    return {"decisions": decisions, "steward": steward}
