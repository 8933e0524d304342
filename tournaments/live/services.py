"""The live stream's writes (docs/stream.md): a message is a row written in the transaction of the change it
tells, published to the connected clients after the commit (tournaments/live/hub.py). The streams are one
carrier of the outbox (tournaments/announcements.py), the webhooks another: both tell one story."""

from collections.abc import Sequence
from datetime import timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone

from tournaments.announcements import EVENT, PLAYER, Announcement
from tournaments.live.hub import END, hub
from tournaments.live.models import StreamMessage

KEPT = timedelta(days=2)  # the event's day, and the night after it


def streams_carry(announcements: Sequence[Announcement]) -> None:
    """The streams' part of the outbox: each announcement the catalogue streams, into the event's public
    stream (less its private fields) or the player's own; a kind not kept is published without a row."""
    kept = []
    for told in announcements:
        kind = told.of
        if kind.stream == EVENT and told.event_id is not None:
            data = {key: value for key, value in told.data.items() if key not in kind.private}
            if kind.kept:
                kept.append(StreamMessage(event_id=told.event_id, kind=told.kind, data=data))
            else:
                stream_announce(event_id=told.event_id, kind=told.kind, data=data)
        elif kind.stream == PLAYER and told.user_id is not None and told.event_id is not None:
            kept.append(StreamMessage(event_id=told.event_id, user_id=told.user_id, kind=told.kind, data=told.data))
    stream_publish_many(kept)


def stream_publish_many(messages: list[StreamMessage]) -> None:
    """Record these messages (an event's stream, or one player's own when `user_id` is set), in one insert;
    published when the transaction commits (a rollback sends nothing)."""
    if not messages:
        return
    created = StreamMessage.objects.bulk_create(messages)

    def publish() -> None:
        for message in created:
            hub.publish(as_json(message))

    transaction.on_commit(publish)


def stream_announce(*, event_id: int, kind: str, data: dict[str, Any]) -> None:
    """A message of the event's stream that is not kept (no row, no id): progress that the next kept message
    supersedes (table.submitted, then the table's verdict). Published when the transaction commits."""
    message = {"id": None, "event": event_id, "user": None, "kind": kind, "data": data}
    transaction.on_commit(lambda: hub.publish(message))


def streams_end(*, user_id: int) -> None:
    """After the commit, the person's own streams end on every node: what let them in may no longer (a
    token replaced or deleted, a log-out, an account erased). Each reconnects, with what holds now or not."""
    message: dict[str, Any] = {"id": None, "kind": END, "user": user_id, "event": None, "data": {}}
    transaction.on_commit(lambda: hub.publish(message))


def streams_end_when_a_token_goes(sender: Any, instance: Any, **kwargs: Any) -> None:
    if instance.user_id is not None:  # an app's client-credentials token acts for nobody
        streams_end(user_id=instance.user_id)


def streams_end_when_an_account_closes(sender: Any, instance: Any, **kwargs: Any) -> None:
    """An account switched off (merged into another, erased, the admin's "active" box): its streams end."""
    if not instance.is_active and not kwargs.get("created"):
        streams_end(user_id=instance.pk)


def streams_end_on_log_out(sender: Any, request: Any, user: Any, **kwargs: Any) -> None:
    if user is not None:
        streams_end(user_id=user.pk)


def as_json(message: StreamMessage) -> dict[str, Any]:
    return {"id": message.pk, "event": message.event_id, "user": message.user_id, "kind": message.kind,
            "data": message.data}  # fmt: skip


def stream_sweep(*, now: Any = None) -> int:
    """Forget the messages older than two days (the daily sweep); returns how many."""
    deleted, _ = StreamMessage.objects.filter(created_at__lt=(now or timezone.now()) - KEPT).delete()
    return deleted
