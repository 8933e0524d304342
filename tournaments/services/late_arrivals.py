"""A late arrival seated in the round at hand (issue 54, item 2): a player checked in (late entry, a walk-in, a
guest at the door, a reinstated player) while a round is seated and not yet started sits down at once where a
table can take them without breaking the game's table sizes: the smallest table below the largest size the
game plays, the lowest number of equals. A table already playing takes nobody: they play from the next round.
A duplicate-dealt event deals each table for its size, and a final table is fixed: no one joins those."""

from django.db.models import Count

import games
from tournaments.announcements import Announcement, announce
from tournaments.models import Event, Registration, Round, Seat, Table
from tournaments.services.divisions import divisions_assign


def late_arrival_seat(*, registration: Registration) -> Seat | None:
    """Seat the checked-in player in the round seated and not started, if a table can take them; None when
    they play from the next round. Call inside the transaction that checked them in."""
    event: Event = registration.event
    if registration.status != Registration.Status.CHECKED_IN or event.status != Event.Status.RUNNING:
        return None
    divisions_assign(event=event, registrations=[registration])  # a late arrival's division: by their rating now
    round_ = Round.objects.select_for_update().filter(event=event).order_by("-number").first()
    if round_ is None or round_.status != Round.Status.SEATED or round_.is_final or event.duplicate_deals:
        return None
    if Seat.objects.filter(table__round=round_, player=registration.player).exists():
        return None
    largest = max(games.GAMES[event.game].player_counts)
    table = (
        Table.objects.filter(round=round_).annotate(seated=Count("seats")).filter(seated__lt=largest)
        .order_by("seated", "number").first()
    )  # fmt: skip
    if table is None:
        return None
    round_.byes.filter(player=registration.player).delete()
    seat = Seat.objects.create(table=table, player=registration.player, position=table.seats.count() + 1)
    if registration.player.user_id is not None:
        announce([Announcement("you.seated", {"event": event.pk, "round": round_.number, "table": table.number,
                                              "seat": seat.position, "table_id": table.pk},
                               event_id=event.pk, user_id=registration.player.user_id)])  # fmt: skip
    return seat
