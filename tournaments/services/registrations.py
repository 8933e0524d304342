"""Registration: capacity under a lock, an ordered waitlist promoted automatically, check-in."""

import zoneinfo
from datetime import datetime, time, timedelta
from typing import Any

from django.conf import settings as django_settings
from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy

from config.celery import enqueue_on_commit
from config.errors import Conflict, NotAllowed
from tournaments import task_names
from tournaments.models import Event, Player, Registration
from tournaments.selectors.permissions import is_organiser
from tournaments.services.attendance import waitlist_promote
from tournaments.services.entry import entry_check
from tournaments.services.late_arrivals import late_arrival_seat
from tournaments.services.registration_questions import answers_checked
from tournaments.services.transitions import move


def registration_create(
    *, event: Event, player: Player, at_the_door: bool = False, answers: dict[str, Any] | None = None
) -> Registration:
    """Register a player, or put them on the waitlist when the event is full (checked under the event lock); a
    player the event's entry conditions keep out is refused, naming the condition (services/entry.py).
    `at_the_door`: an organiser enters them (a door guest, a late arrival, a replacement), which a running
    event always takes whatever its late-entry setting, which governs self-service only. `answers`: to the
    event's own questions (services/registration_questions.py). An event that reviews its registrations
    keeps a player's own registration awaiting an organiser (services/review.py); an organiser's is taken."""
    with transaction.atomic():
        locked = Event.objects.select_for_update().get(pk=event.pk)
        if not (at_the_door and locked.can.enter_late):
            registration_open_check(locked)
        entry_check(event=locked, player=player)
        checked = answers_checked(locked.registration_questions, answers) if answers or not at_the_door else {}
        registration = Registration.objects.filter(event=locked, player=player).first()
        if registration:
            registration.machine.check(registration, "enter" if at_the_door else "register_again")
        reviewed = locked.registration_review and not at_the_door
        status = Registration.Status.PENDING if reviewed else place_or_waitlist(locked)
        if registration is None:
            return Registration.objects.create(event=locked, player=player, status=status, answers=checked)
        return _registered_again(registration, status, checked)


def _registered_again(registration: Registration, status: str, answers: dict[str, Any]) -> Registration:
    """A withdrawn registration taken again (at the back of the waitlist), or one under review that an
    organiser's entry approves: its player is told, as for an approval, and keeps their answers."""
    if registration.status in Registration.UNDER_REVIEW:
        enqueue_on_commit(task_names.NOTIFY_REVIEW, registration.pk, status)
        answers = answers or registration.answers
    registration.status, registration.answers = status, answers
    registration.created_at = timezone.now()  # back of the waitlist
    registration.save(update_fields=["status", "created_at", "answers", "updated_at"])
    return registration


def place_or_waitlist(event: Event) -> str:
    """A place while the event has one (call with its row locked), else the waitlist."""
    taken = event.registrations.filter(status__in=Registration.HOLDS_A_PLACE).count()
    return Registration.Status.REGISTERED if taken < event.capacity else Registration.Status.WAITLISTED


def registration_open_check(event: Event) -> None:
    now = timezone.now()
    if event.can.enter_late and _late_entry_open(event):
        return
    event.machine.check(event, "register")
    if event.registration_opens and now < event.registration_opens:
        raise Conflict("registration has not opened yet", "registration_closed", "event")
    if event.registration_closes and now > event.registration_closes:
        raise Conflict("registration has closed", "registration_closed", "event")


def _late_entry_open(event: Event) -> bool:
    """Late entry: while the next round to seat is no later than `late_entry_until_round`."""
    seated = event.rounds.count()
    return seated + 1 <= event.late_entry_until_round


def registration_withdraw(*, registration: Registration, by: User) -> Registration:
    """Withdraw before the event starts; the first player on the waitlist takes the freed place."""
    _require_self_or_organiser(by, registration)
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=registration.event_id)
        event.machine.check(event, "withdraw")
        move(Registration, registration.pk, "withdraw")
        registration.refresh_from_db()
        waitlist_promote(event=event)
    return registration


def registration_check_in(*, registration: Registration, by: User) -> Registration:
    """Check a player in: themselves from the event's day on (CHECK_IN_DAYS_BEFORE: that many days earlier),
    or by an organiser at any time. A late arrival sits down in the round at hand when a table can take them
    (services/late_arrivals.py), else plays from the next round."""
    _require_self_or_organiser(by, registration)
    if registration.player.user_id == by.pk and not is_organiser(user=by, event=registration.event):
        _require_check_in_open(registration.event)
    with transaction.atomic():
        checked_in = move(Registration, registration.pk, "check_in")
        late_arrival_seat(registration=checked_in)
        return checked_in


def registration_walk_in(*, event: Event, player: Player) -> Registration:
    """The poster's one tap for a player not registered yet: registered whenever registration (or late
    entry) is open, and checked in with it where check-in is open (the event's day), else left registered
    (the page says when check-in opens). A full event puts them on the waitlist (and says so: a place may
    free); a closed one refuses with the reason, and nothing is written."""
    with transaction.atomic():
        registration = registration_create(event=event, player=player)
        if registration.status != Registration.Status.REGISTERED or not check_in_is_open(event):
            return registration  # the waitlist, or a registration awaiting the organisers' approval
        return registration_check_in(registration=registration, by=player.user)


def registration_open(event: Event) -> bool:
    """Whether a registration would be taken now (registration, or late entry, open)."""
    try:
        registration_open_check(event)
    except Conflict:
        return False
    return True


def check_in_opens_at(event: Event) -> datetime | None:
    """When players may check themselves in: the start of the event's day in its own time zone (minus
    CHECK_IN_DAYS_BEFORE days); None for an event without a start time."""
    if event.starts_at is None:
        return None
    zone = zoneinfo.ZoneInfo(event.timezone)
    day = event.starts_at.astimezone(zone).date() - timedelta(days=django_settings.CHECK_IN_DAYS_BEFORE)
    return datetime.combine(day, time.min, tzinfo=zone)


def check_in_is_open(event: Event) -> bool:
    opens = check_in_opens_at(event)
    return opens is None or timezone.now() >= opens


def _require_check_in_open(event: Event) -> None:
    opens = check_in_opens_at(event)
    if not check_in_is_open(event) and opens is not None:
        raise Conflict(
            format_lazy(gettext_lazy("check-in opens on {day}, the event's day"), day=opens.date().isoformat()),
            "check_in_not_open",
            "registration",
        )


def _require_self_or_organiser(user: User, registration: Registration) -> None:
    if registration.player.user_id == user.pk or is_organiser(user=user, event=registration.event):
        return
    raise NotAllowed("only the player or an organiser of the event can do this", "not_allowed")
