"""Reads of the live streams (tournaments/live/api.py)."""

from typing import Any

from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy

from config.errors import NotFound
from tournaments.live.models import StreamMessage
from tournaments.models import Event

MISSED_AT_MOST = 1000  # a client further behind gets the rest on its next reconnect


def stream_event(*, pk: int) -> Event:
    event = Event.objects.filter(pk=pk).only("pk").first()
    if event is None:
        raise NotFound(format_lazy(gettext_lazy("no event has the id {pk}"), pk=pk), "not_found", "id")
    return event


def stream_missed(*, after: int, event_id: int | None = None, user_id: int | None = None) -> list[dict[str, Any]]:
    """The messages of an event's public stream, or of a player's own, after the id `after`, oldest first."""
    if user_id is not None:
        messages = StreamMessage.objects.filter(user_id=user_id)
    else:
        messages = StreamMessage.objects.filter(event_id=event_id or 0, user__isnull=True)
    rows = messages.filter(pk__gt=after).order_by("pk").values("pk", "event_id", "user_id", "kind", "data")
    return [
        {"id": row["pk"], "event": row["event_id"], "user": row["user_id"], "kind": row["kind"], "data": row["data"]}
        for row in rows[:MISSED_AT_MOST]
    ]


def stream_version(*, event_id: int) -> int:
    """The newest message of the event's public stream (0 before any): the live pages' cached copies are
    kept under it, so a change is seen at once however long a copy may otherwise live."""
    newest = StreamMessage.objects.filter(event_id=event_id, user__isnull=True).order_by("-pk").values("pk")[:1]
    return next((row["pk"] for row in newest), 0)
