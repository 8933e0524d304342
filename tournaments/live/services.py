"""The live stream's writes (docs/stream.md): a message is a row written in the transaction of the change it
tells, published to the connected clients after the commit (tournaments/live/hub.py). The streams are one
carrier of the outbox (tournaments/announcements.py), the webhooks another: both tell one story. And an
organiser's word to the room (issue 70, item 2): a message to an event's entrants (all of them, one table of
the round at hand, or the waitlist), kept with the event and carried by each recipient's own stream
(`your.message`: a banner on their pages). Plain text, throttled per event."""

from collections.abc import Sequence
from datetime import timedelta
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy

from config.celery import enqueue_on_commit
from config.errors import Conflict, DomainError
from tournaments import task_names
from tournaments.announcements import EVENT, PLAYER, Announcement, announce
from tournaments.live.hub import END, hub
from tournaments.live.models import RoomMessage, StreamMessage
from tournaments.models import Event, Registration, Seat
from tournaments.selectors.permissions import require_organiser
from tournaments.validators import validate_text

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


MESSAGES_PER_WINDOW, WINDOW = 10, timedelta(minutes=10)  # a room hears at most this many words this often


def room_message_send(*, event: Event, by: User, text: str, audience: str = RoomMessage.Audience.ALL,
                      table: int | None = None) -> RoomMessage:  # fmt: skip
    """Send the message to its recipients' own streams, in the transaction that keeps it."""
    require_organiser(user=by, event=event)
    text = text.strip()
    if not text or len(text) > 500:
        raise DomainError("a message is 1 to 500 characters", "invalid_text", "text")
    try:
        validate_text(text)  # plain text: line breaks, no control or invisible character
    except ValidationError as error:
        raise DomainError(error.messages[0], "invalid_text", "text") from None
    if audience not in RoomMessage.Audience.values:
        raise DomainError(
            format_lazy(
                gettext_lazy("the audience is one of {choices}"), choices=", ".join(RoomMessage.Audience.values)
            ),
            "invalid",
            "audience",
        )
    with transaction.atomic():
        locked = Event.objects.select_for_update().get(pk=event.pk)
        recent = RoomMessage.objects.filter(event=locked, sent_at__gte=timezone.now() - WINDOW).count()
        if recent >= MESSAGES_PER_WINDOW:
            slow_down = format_lazy(gettext_lazy("at most {count} messages every ten minutes: wait a little"),
                                    count=MESSAGES_PER_WINDOW)  # fmt: skip
            raise Conflict(slow_down, "too_many_messages", "event")
        users = _recipients(locked, audience, table)
        message = RoomMessage.objects.create(event=locked, author=by, text=text, audience=audience,
                                             table=table if audience == RoomMessage.Audience.TABLE else None,
                                             recipients=len(users))  # fmt: skip
        data = {"event": locked.pk, "message": message.pk, "text": text, "audience": audience,
                "table": message.table, "sent_at": message.sent_at.isoformat()}  # fmt: skip
        announce(
            [
                *(Announcement("your.message", data, event_id=locked.pk, user_id=user) for user in users),
                Announcement("event.message", data, event_id=locked.pk, organisation_id=locked.organisation_id),
            ]
        )  # the recipients' own streams, and the club's webhooks (its Discord bot, its site)
        enqueue_on_commit(task_names.NOTIFY_MESSAGE, message.pk, users)  # and their e-mail, for who wants it
    return message


def _recipients(event: Event, audience: str, table: int | None) -> list[int]:
    """The accounts the message goes to (guests' too: a guest's claim brings them their messages)."""
    if audience == RoomMessage.Audience.TABLE:
        latest = event.rounds.order_by("-number").first()
        if table is None or latest is None or not latest.tables.filter(number=table).exists():
            raise DomainError("name a table of the round at hand", "unknown_table", "table")
        seats = Seat.objects.filter(table__round=latest, table__number=table)
        return sorted(set(seats.values_list("player__user_id", flat=True)))
    statuses = [Registration.Status.WAITLISTED] if audience == RoomMessage.Audience.WAITLIST else [
        Registration.Status.REGISTERED, Registration.Status.CHECKED_IN, Registration.Status.WAITLISTED]  # fmt: skip
    return sorted(set(event.registrations.filter(status__in=statuses).values_list("player__user_id", flat=True)))
