"""Starting an event, seating rounds (random round 1, Swiss afterwards), swapping seats before a start."""

from collections.abc import Sequence
from datetime import timedelta
from itertools import combinations

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy

import games
from config.celery import enqueue_on_commit
from config.errors import Conflict, DomainError
from tournaments import seating, task_names
from tournaments.announcements import Announcement, announce, api_url
from tournaments.models import Bye, Event, Player, Registration, Round, Seat, Table, TableResult
from tournaments.selectors.events import cut_qualified, event_bye_counts, event_standings, event_tables
from tournaments.selectors.permissions import require_organiser
from tournaments.services.attendance import check_in_close
from tournaments.services.divisions import divisions_assign
from tournaments.services.events import draw_commit
from tournaments.services.transitions import advance, locked_for, move


def event_start(*, event: Event, by: User) -> Round:
    """Close registration, start the event and seat round 1 with the checked-in players."""
    require_organiser(user=by, event=event)
    with transaction.atomic():
        locked = locked_for(Event, event.pk, "start")
        draw_commit(locked)  # before round 1, if registration never opened
        check_in_close(locked)  # registered but not here: no-shows; the waitlist moves up
        playing = locked.registrations.filter(status__in=Registration.HOLDS_A_PLACE).select_related("player")
        divisions_assign(event=locked, registrations=list(playing))  # by the ratings at the start
        return _announced(_round_seat(advance(locked, "start"), 1))


def round_seat_next(*, event: Event, by: User) -> Round:
    """Seat the next round Swiss-style once every table of the last one has a result that counts."""
    require_organiser(user=by, event=event)
    with transaction.atomic():
        locked = locked_for(Event, event.pk, "seat_next_round")
        last = locked.rounds.order_by("-number").first()
        if last is not None:
            last.machine.check(last, "seat_next")
        number = (last.number if last else 0) + 1
        if (last is not None and last.is_final) or number > locked.rounds_planned + bool(locked.final_table_size):
            raise Conflict(
                format_lazy(
                    gettext_lazy("the event has {rounds_planned} rounds"), rounds_planned=locked.rounds_planned
                ),
                "no_more_rounds",
            )
        if number > locked.rounds_planned:
            return _announced(_final_seat(locked, number))
        return _announced(_round_seat(locked, number))


def _announced(round_: Round) -> Round:
    """Tell the organisation's webhooks and the event's stream who sits where, and each player their own
    table and seat (their personal stream and an e-mail); all sent after the commit."""
    seated = list(round_.tables.order_by("number").prefetch_related("seats__player"))
    tables = [
        {"number": table.number, "id": table.pk, "url": api_url("tables", table.pk),
         "players": [seat.player.handle for seat in sorted(table.seats.all(), key=lambda s: s.position)]}
        for table in seated
    ]  # fmt: skip
    data = {"event": round_.event_id, "round": round_.number, "round_id": round_.pk,
            "url": api_url("rounds", round_.pk), "tables": tables}  # fmt: skip
    announce([
        Announcement("round.seated", data, event_id=round_.event_id, organisation_id=round_.event.organisation_id),
        *(Announcement("you.seated", {"event": round_.event_id, "round": round_.number, "table": table.number,
                                      "seat": seat.position, "table_id": table.pk},
                       event_id=round_.event_id, user_id=seat.player.user_id)
          for table in seated for seat in table.seats.all()
          if seat.player.user_id is not None),  # a guest has no stream of its own
    ])  # fmt: skip
    enqueue_on_commit(task_names.NOTIFY_SEATED, round_.pk)  # each player's table and seat, by e-mail
    return round_


def _players_to_seat(event: Event, number: int) -> dict[str, Player]:
    """The checked-in players by handle; in the later phase of a cut, only those the cut kept."""
    players = {
        r.player.handle: r.player
        for r in event.registrations.select_related("player").filter(status=Registration.Status.CHECKED_IN)
    }
    if event.cut_size and number > event.cut_after_round:
        kept = set(cut_qualified(event=event))
        players = {handle: player for handle, player in players.items() if handle in kept}
    return players


def _swiss_by_standings(event: Event, players: dict[str, Player], preference: Sequence[int],
                        apart: dict[seating.Pair, int], byes_had: dict[str, int]) -> seating.Seating:  # fmt: skip
    """A later round: the standings' order (players with no standing yet last), tables of equals, pairs who
    met (or are kept apart) kept apart where the sizes allow."""
    rows = event_standings(event=event)
    standing = [row.handle for row in rows if row.handle in players]
    ranked = standing + sorted(set(players) - set(standing))
    points = {row.handle: float(row.points) for row in rows} | {p: 0.0 for p in players if p not in standing}
    met = seating.meetings(event_tables(event=event))
    for pair, weight in apart.items():
        met[pair] = met.get(pair, 0) + weight
    return seating.swiss_round(ranked, preference, met, byes_had=byes_had, points=points, pinned=_pins(event, players))


def _round_seat(event: Event, number: int) -> Round:
    players = _players_to_seat(event, number)
    game = games.GAMES[event.game]
    if len(players) < game.player_counts[0]:
        raise DomainError(
            format_lazy(
                gettext_lazy("{count} players checked in; {name} needs {least}"),
                count=len(players),
                name=game.name,
                least=game.player_counts[0],
            ),
            "too_few_players",
        )
    preference = game.table_sizes_by_preference
    byes_had = event_bye_counts(event=event)
    apart = _kept_apart(event, players)
    if number == 1 and not apart:
        plan = seating.first_round(sorted(players), preference, event.seed, byes_had)
    elif number == 1:  # the seeded random order, seated so that pairs kept apart never meet
        order = seating.seeded_order(sorted(players), event.seed)
        plan = seating.swiss_round(order, preference, apart, byes_had=byes_had, points=dict.fromkeys(order, 0.0))
    else:
        plan = _swiss_by_standings(event, players, preference, apart, byes_had)
    round_ = _round_create(event, number, plan.tables, players)
    Bye.objects.bulk_create(Bye(round=round_, player=players[handle]) for handle in plan.byes)
    return round_


AVOIDED = 1000  # a pair that must not meet counts as this many earlier meetings: never seated together if avoidable


def _kept_apart(event: Event, players: dict[str, Player]) -> dict[frozenset[str], int]:
    """The pairs that must not meet, weighed AVOIDED each: the organiser's (family), and every two teammates
    of a team event."""
    apart = {frozenset(pair): AVOIDED for pair in event.avoid_pairs if set(pair) <= players.keys()}
    if event.team_size:
        teams: dict[int, list[str]] = {}
        for handle, team in event.registrations.filter(team__isnull=False).values_list("player__handle", "team"):
            if handle in players:
                teams.setdefault(team, []).append(handle)
        for members in teams.values():
            apart |= {frozenset(pair): AVOIDED for pair in combinations(members, 2)}
    return apart


def _pins(event: Event, players: dict[str, Player]) -> dict[str, int]:
    return {handle: int(number) for handle, number in event.pinned_tables.items() if handle in players}


def _final_seat(event: Event, number: int) -> Round:
    """The final table: the top `final_table_size` of the standings among the players still in."""
    playing = set(
        event.registrations.filter(status=Registration.Status.CHECKED_IN).values_list("player__handle", flat=True)
    )
    top = [row.handle for row in event_standings(event=event) if row.handle in playing]
    finalists = top[: event.final_table_size]
    if len(finalists) < event.final_table_size:
        raise DomainError(
            format_lazy(gettext_lazy("only {count} players can play the final"), count=len(finalists)),
            "too_few_players",
        )
    players = {p.handle: p for p in Player.objects.filter(handle__in=finalists)}
    return _round_create(event, number, [tuple(finalists)], players, final=True)


def _round_create(
    event: Event, number: int, tables: Sequence[Sequence[str]], players: dict[str, Player], *, final: bool = False
) -> Round:
    round_ = Round.objects.create(event=event, number=number, is_final=final)
    for table_number, handles in enumerate(tables, start=1):
        table = Table.objects.create(round=round_, number=table_number)
        TableResult.objects.create(table=table)
        Seat.objects.bulk_create(
            Seat(table=table, player=players[handle], position=position) for position, handle in enumerate(handles, 1)
        )
    return round_


def round_start(*, round_: Round, by: User) -> Round:
    require_organiser(user=by, event=round_.event)
    with transaction.atomic():
        started = move(Round, round_.pk, "start", started_at=timezone.now())  # the round clock starts
        assert started.started_at is not None
        ends_at = started.started_at + timedelta(minutes=started.length_minutes)
        announce([Announcement(
            "round.started", event_id=started.event_id,
            data={"event": started.event_id, "round": started.number, "round_id": started.pk,
                  "started_at": started.started_at.isoformat(), "length_minutes": started.length_minutes,
                  "ends_at": ends_at.isoformat()},
        )])  # fmt: skip
        return started


def seat_swap(*, seat_a: Seat, seat_b: Seat, by: User) -> tuple[Seat, Seat]:
    """Swap two players of a seated round (same table: their positions; two tables: their places)."""
    round_ = seat_a.table.round
    require_organiser(user=by, event=round_.event)
    if seat_b.table.round_id != round_.pk:
        raise DomainError("both seats must be in the same round", "different_rounds", field="seat_b")
    with transaction.atomic():
        locked_for(Round, round_.pk, "swap_seats")
        a, b = Seat.objects.select_for_update().get(pk=seat_a.pk), Seat.objects.select_for_update().get(pk=seat_b.pk)
        if a.table_id == b.table_id:
            positions = a.position, b.position
            Seat.objects.filter(pk=a.pk).update(position=0)
            Seat.objects.filter(pk=b.pk).update(position=positions[0])
            Seat.objects.filter(pk=a.pk).update(position=positions[1])
        else:
            players = a.player_id, b.player_id
            Seat.objects.filter(pk=a.pk).update(player_id=players[1])
            Seat.objects.filter(pk=b.pk).update(player_id=players[0])
    a.refresh_from_db()
    b.refresh_from_db()
    return a, b
