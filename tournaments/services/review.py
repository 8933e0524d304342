"""Registration review (issue 70, item 3): an event with `registration_review` keeps each player's own
registration awaiting an organiser, who approves it (a place, or the waitlist when the event is full, as a
registration is placed), asks the player for a change with a note (the player answers again and it awaits
review anew), or declines it with a reason. The player is told by e-mail in their language, after the
commit (`tournaments/results/services/notifications.py`, kind `review`)."""

from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy

from config.celery import enqueue_on_commit
from config.errors import DomainError, NotAllowed
from tournaments import task_names
from tournaments.models import Event, Registration
from tournaments.selectors.permissions import require_organiser
from tournaments.services.registration_questions import answers_checked
from tournaments.services.registrations import place_or_waitlist
from tournaments.services.transitions import advance, locked_for

MAX_NOTE = 1000


def registration_approve(*, registration: Registration, by: User) -> Registration:
    """A place, or the waitlist when the event is full (its back, from now)."""
    require_organiser(user=by, event=registration.event)
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=registration.event_id)  # its places, counted under lock
        return _decided(registration, "approve", status=place_or_waitlist(event), review_note="",
                        created_at=timezone.now())  # fmt: skip


def registration_ask_change(*, registration: Registration, by: User, note: str) -> Registration:
    """Send the registration back to its player with what to change."""
    require_organiser(user=by, event=registration.event)
    with transaction.atomic():
        return _decided(registration, "ask_change", review_note=_note_checked(note, "note"))


def registration_decline(*, registration: Registration, by: User, reason: str) -> Registration:
    require_organiser(user=by, event=registration.event)
    with transaction.atomic():
        return _decided(registration, "decline", review_note=_note_checked(reason, "reason"))


def _decided(registration: Registration, action: str, **also: Any) -> Registration:
    """The organisers' decision made under the registration's lock; its player is told after the commit (a
    decision since replaced tells nothing: the task checks the status it was sent for)."""
    decided = advance(locked_for(Registration, registration.pk, action), action, **also)
    enqueue_on_commit(task_names.NOTIFY_REVIEW, decided.pk, decided.status)
    return decided


def registration_resubmit(*, registration: Registration, by: User, answers: Any) -> Registration:
    """The player answers again after a change was asked: the registration awaits review anew."""
    if registration.player.user_id != by.pk:
        raise NotAllowed("only the registered player answers a change asked of them", "not_your_registration")
    with transaction.atomic():
        row = locked_for(Registration, registration.pk, "resubmit")
        checked = answers_checked(registration.event.registration_questions, answers)
        return advance(row, "resubmit", answers=checked)


def _note_checked(note: Any, field: str) -> str:
    if not isinstance(note, str) or not note.strip() or len(note) > MAX_NOTE:
        raise DomainError(gettext_lazy("a note of 1 to 1000 characters, for the player"), "invalid_note", field)
    return note.strip()
