"""The event's printed and shared secrets: signed with SECRET_KEY, one salt each, so none can be guessed
from the event's id and none opens another event."""

import base64
import hashlib

from django.core import signing

from tournaments.models import Event


def _signed(event: Event, salt: str) -> str:
    return signing.Signer(salt=salt).sign(str(event.pk)).split(":", 1)[1]


def check_in_code(event: Event) -> str:
    """What the printed QR code carries: proof of having seen the organiser's poster, for this event only."""
    return _signed(event, "boomerang.check-in")


def short_check_in_code(event: Event) -> str:
    """Six letters and digits a player can type instead of scanning (the poster prints both), case-blind."""
    digest = hashlib.sha256(check_in_code(event).encode()).digest()
    return base64.b32encode(digest).decode()[:6]


def tv_code(event: Event) -> str:
    """The secret part of the event's shared, read-only TV link."""
    return _signed(event, "boomerang.tv")
