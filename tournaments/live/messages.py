"""An organiser's word to the room (issue 70, item 2): a message to an event's entrants (all of them, one
table of the round at hand, or the waitlist), kept with the event and delivered to each recipient's own
stream (`your.message`: a banner on their pages). Plain text, throttled per event."""

from datetime import timedelta

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from config.errors import Conflict, DomainError
from tournaments.announcements import Announcement, announce
from tournaments.live.models import RoomMessage
from tournaments.models import Event, Registration, Seat
from tournaments.selectors.permissions import require_organiser

MESSAGES_PER_WINDOW, WINDOW = 10, timedelta(minutes=10)  # a room hears at most this many words this often


def room_message_send(*, event: Event, by: User, text: str, audience: str = RoomMessage.Audience.ALL,
                      table: int | None = None) -> RoomMessage:  # fmt: skip
    """Send the message to its recipients' own streams, in the transaction that keeps it."""
    require_organiser(user=by, event=event)
    text = text.strip()
    if not text or len(text) > 500:
        raise DomainError("a message is 1 to 500 characters", "invalid_text", "text")
    if "\x00" in text:
        raise DomainError("a message is plain text", "invalid_text", "text")
    if audience not in RoomMessage.Audience.values:
        raise DomainError(f"the audience is one of {', '.join(RoomMessage.Audience.values)}", "invalid", "audience")
    with transaction.atomic():
        locked = Event.objects.select_for_update().get(pk=event.pk)
        recent = RoomMessage.objects.filter(event=locked, sent_at__gte=timezone.now() - WINDOW).count()
        if recent >= MESSAGES_PER_WINDOW:
            raise Conflict(f"at most {MESSAGES_PER_WINDOW} messages every ten minutes: wait a little",
                           "too_many_messages", "event")  # fmt: skip
        users = _recipients(locked, audience, table)
        message = RoomMessage.objects.create(event=locked, author=by, text=text, audience=audience,
                                             table=table if audience == RoomMessage.Audience.TABLE else None,
                                             recipients=len(users))  # fmt: skip
        data = {"event": locked.pk, "message": message.pk, "text": text, "audience": audience,
                "table": message.table, "sent_at": message.sent_at.isoformat()}  # fmt: skip
        announce([Announcement("your.message", data, event_id=locked.pk, user_id=user) for user in users])
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
