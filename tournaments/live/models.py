"""The live streams' messages (docs/stream.md)."""

from django.conf import settings
from django.db import models


class StreamMessage(models.Model):
    """One message of an event's live stream (`GET /api/events/{id}/stream/`) or of one player's
    (`GET /api/me/stream/`, `user` set): its id is the Server-Sent Events id a reconnecting client sends back
    as Last-Event-ID. Written in the transaction of the change it tells; kept two days (docs/stream.md)."""

    event_id = models.PositiveIntegerField(help_text="The event it tells of (no constraint: kept two days only).")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="stream_messages",
        help_text="Set for a message only this player's own stream carries.",
    )  # fmt: skip
    kind = models.CharField(max_length=40)
    data = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        db_table = "tournaments_streammessage"  # kept from the core, where it was made
        indexes = [
            models.Index(fields=["event_id", "id"], condition=models.Q(user__isnull=True), name="stream_public"),
            models.Index(fields=["user", "id"], condition=models.Q(user__isnull=False), name="stream_personal"),
        ]

    def __str__(self) -> str:
        return f"{self.kind} #{self.pk} of event {self.event_id}"


class RoomMessage(models.Model):
    """An organiser's word to an event's room (issue 70, item 2): "we start 15 minutes late", "round 3 at
    table 4 moved". Kept with the event; delivered to each recipient's own stream when sent. Plain text."""

    class Audience(models.TextChoices):
        ALL = "all"  # everyone registered, the waitlist included
        TABLE = "table"  # the players of one table of the round at hand
        WAITLIST = "waitlist"

    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="room_messages")
    author = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    text = models.TextField(max_length=500)
    audience = models.CharField(max_length=8, choices=Audience.choices, default=Audience.ALL)
    table = models.PositiveIntegerField(null=True, blank=True, help_text="The table's number (audience table).")
    recipients = models.PositiveIntegerField(default=0)
    sent_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["-sent_at", "-id"]

    def __str__(self) -> str:
        return f"{self.event_id}: {self.text[:40]}"
