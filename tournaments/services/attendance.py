"""Attendance mishaps: no-shows at check-in close, a player leaving mid-round (a forfeited seat), and
bringing a player back. A forfeited seat finishes its table with the others' sheets, last with 0 points,
and is never rated (docs/rules.md, "Attendance")."""

from django.contrib.auth.models import User
from django.db import transaction

from tournaments.models import Event, Registration
from tournaments.selectors.permissions import require_organiser
from tournaments.services.late_arrivals import late_arrival_seat
from tournaments.services.transitions import advance, locked_for, move


def check_in_close(event: Event) -> list[Registration]:
    """Registered players who did not check in become no-shows and the waitlist fills their places in
    order (promoted players still check in). Call with the event row locked. Returns the no-shows."""
    absent = list(event.registrations.filter(status=Registration.Status.REGISTERED).order_by("created_at", "id"))
    for registration in absent:
        advance(registration, "miss")
    waitlist_promote(event=event)
    return absent


def waitlist_promote(*, event: Event) -> list[Registration]:
    """Fill free places from the waitlist in order. Call with the event row locked."""
    taken = event.registrations.filter(status__in=Registration.HOLDS_A_PLACE).count()
    promoted = list(
        event.registrations.filter(status=Registration.Status.WAITLISTED).order_by("created_at", "id")[
            : max(event.capacity - taken, 0)
        ]
    )
    for registration in promoted:
        advance(registration, "promote")
    return promoted


def event_close_check_in(*, event: Event, by: User) -> list[Registration]:
    require_organiser(user=by, event=event)
    with transaction.atomic():
        return check_in_close(locked_for(Event, event.pk, "close_check_in"))


def registration_reinstate(*, registration: Registration, by: User) -> Registration:
    """Bring back a player who dropped or did not show: checked in, seated in the round at hand when a table
    can take them (services/late_arrivals.py), else from the next round on."""
    require_organiser(user=by, event=registration.event)
    with transaction.atomic():
        reinstated = move(Registration, registration.pk, "reinstate")
        late_arrival_seat(registration=reinstated)
        return reinstated
