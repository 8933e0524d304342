"""Attendance mishaps: no-shows at check-in close, a player leaving mid-round (a forfeited seat), and
bringing a player back. A forfeited seat finishes its table with the others' sheets, last with 0 points,
and is never rated (docs/rules.md, "Attendance")."""

from django.contrib.auth.models import User
from django.db import transaction

from tournaments.models import Event, Player, Registration, Round, Seat, TableResult
from tournaments.selectors.permissions import require_organiser
from tournaments.services.sheets import queue_if_complete
from tournaments.services.transitions import advance, locked_for, move
from tournaments.services.verification import table_decide_by_forfeit


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


def seat_forfeit(*, seat: Seat, by: User) -> Seat:
    """An organiser forfeits a seat (a no-show at the table); the table then finishes without it."""
    require_organiser(user=by, event=seat.table.round.event)
    with transaction.atomic():
        result, locked = _lock_seat(seat.pk)
        result.machine.check(result, "forfeit_seat")
        return _forfeit(locked, result, by)


def forfeit_open_seats(*, player: Player, event: Event, by: User) -> list[Seat]:
    """Forfeit the player's seats at tables of the event that have no final result yet (they dropped)."""
    open_seats = Seat.objects.filter(
        player=player, table__round__event=event, forfeited=False, table__round__status__in=Round.OPEN
    ).exclude(table__result__status__in=TableResult.COUNTS)
    forfeited = []
    for seat_id in open_seats.values_list("pk", flat=True):
        result, seat = _lock_seat(seat_id)
        # Forfeited, or its table final, while this waited for the lock (an organiser's forfeit at the same
        # instant): the player leaves the event either way.
        if not seat.forfeited and result.can.forfeit_seat:
            forfeited.append(_forfeit(seat, result, by))
    return forfeited


def _lock_seat(seat_id: int) -> tuple[TableResult, Seat]:
    """The seat's table result, locked, then the seat as it is now."""
    result = TableResult.objects.select_for_update(of=("self",)).get(table__seats=seat_id)
    return result, Seat.objects.select_related("table__round").get(pk=seat_id)


def _forfeit(seat: Seat, result: TableResult, by: User) -> Seat:
    Seat.objects.filter(pk=seat.pk).update(forfeited=True)
    seat.forfeited = True
    playing = Seat.objects.filter(table_id=seat.table_id, forfeited=False).count()
    if playing <= 1:
        table_decide_by_forfeit(result=result, by=by)
    else:
        queue_if_complete(result, by)
    return seat


def registration_reinstate(*, registration: Registration, by: User) -> Registration:
    """Bring back a player who dropped or did not show: checked in, seated from the next round on."""
    require_organiser(user=by, event=registration.event)
    with transaction.atomic():
        return move(Registration, registration.pk, "reinstate")
