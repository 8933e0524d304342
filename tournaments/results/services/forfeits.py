"""Seats forfeited: a no-show at the table, or a player who leaves a running event (their open seats). A
table left with one player is decided by forfeit; the others finish without the seat."""

from django.contrib.auth.models import User
from django.db import transaction

from config.errors import NotAllowed
from tournaments.models import Event, Player, Registration, Round, Seat, TableResult
from tournaments.results.services.sheets import queue_if_complete
from tournaments.results.services.verification import table_decide_by_forfeit
from tournaments.selectors.permissions import is_organiser, require_organiser
from tournaments.services.transitions import move


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


def registration_drop(*, registration: Registration, by: User) -> Registration:
    """Leave a running event: the player keeps their results, forfeits any seat whose table is not final
    (the table finishes with the others), and is not seated again."""
    _require_self_or_organiser(by, registration)
    Event.machine.check(Event.objects.only("status").get(pk=registration.event_id), "drop")
    with transaction.atomic():
        dropped = move(Registration, registration.pk, "drop")
        forfeit_open_seats(player=registration.player, event=registration.event, by=by)
    return dropped


def _require_self_or_organiser(user: User, registration: Registration) -> None:
    if registration.player.user_id == user.pk or is_organiser(user=user, event=registration.event):
        return
    raise NotAllowed("only the player or an organiser of the event can do this", "not_allowed")
