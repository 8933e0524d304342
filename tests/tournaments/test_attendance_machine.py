"""A hypothesis state machine over a café night's attendance: register, check in, withdraw, close check-in,
start, drop, forfeit, reinstate, play, next round. Whatever happens, no running round becomes unfinishable,
no dropped player holds a seat still to play, and the waitlist keeps its order."""

import contextlib
import random

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from config.errors import DomainError
from tests.factories import EventFactory, PlayerFactory
from tests.seeds import examples
from tests.tournaments.helpers import legal_seat_data
from tournaments.models import Event, Player, Registration, Round, Seat, TableResult
from tournaments.results.services.forfeits import registration_drop, seat_forfeit
from tournaments.results.services.sheets import table_sheets_submit
from tournaments.services.attendance import event_close_check_in, registration_reinstate
from tournaments.services.registrations import registration_check_in, registration_create, registration_withdraw
from tournaments.services.rounds import event_start, round_seat_next, round_start

pytestmark = pytest.mark.django_db(transaction=True)
PLAYERS = 7


class CafeNight(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.event = EventFactory(capacity=5, rounds_planned=3)
        self.organiser = self.event.organisers.get()
        self.players = [PlayerFactory() for _ in range(PLAYERS)]
        self.waitlist: list[str] = []
        self.rng = random.Random(0)

    @initialize(arrived=st.sets(st.integers(0, PLAYERS - 1), min_size=2))
    def everyone_registers_some_arrive(self, arrived: set[int]) -> None:
        """All seven register (five places, two on the waitlist); some of those with a place check in."""
        for player in self.players:
            registration_create(event=self.event, player=player)
        for index in sorted(arrived):
            self.check_in(index)
        self.the_waitlist_keeps_its_order()

    def registration(self, index: int) -> Registration | None:
        return Registration.objects.filter(event=self.event, player=self.players[index]).first()

    def attempt(self, action) -> None:
        """A refusal (a DomainError with a code) is a legal outcome; anything else fails the machine."""
        with contextlib.suppress(DomainError):
            action()
        self.event.refresh_from_db()

    def current_round(self) -> Round | None:
        return self.event.rounds.order_by("-number").first()

    @rule(index=st.integers(0, PLAYERS - 1))
    def register(self, index: int) -> None:
        self.attempt(lambda: registration_create(event=self.event, player=self.players[index]))

    @rule(index=st.integers(0, PLAYERS - 1))
    def check_in(self, index: int) -> None:
        registration = self.registration(index)
        if registration:
            self.attempt(lambda: registration_check_in(registration=registration, by=self.organiser))

    @rule(index=st.integers(0, PLAYERS - 1))
    def withdraw(self, index: int) -> None:
        registration = self.registration(index)
        if registration:
            self.attempt(lambda: registration_withdraw(registration=registration, by=self.organiser))

    @rule()
    def close_check_in(self) -> None:
        self.attempt(lambda: event_close_check_in(event=self.event, by=self.organiser))

    @precondition(lambda self: self.event.status == Event.Status.REGISTRATION)
    @rule()
    def start(self) -> None:
        def go() -> None:
            round_ = event_start(event=self.event, by=self.organiser)
            round_start(round_=round_, by=self.organiser)

        self.attempt(go)

    @rule(index=st.integers(0, PLAYERS - 1))
    def drop(self, index: int) -> None:
        registration = self.registration(index)
        if registration:
            self.attempt(lambda: registration_drop(registration=registration, by=self.players[index].user))

    @rule(index=st.integers(0, PLAYERS - 1))
    def reinstate(self, index: int) -> None:
        registration = self.registration(index)
        if registration:
            self.attempt(lambda: registration_reinstate(registration=registration, by=self.organiser))

    @rule(pick=st.integers(0, 100))
    def forfeit_a_seat(self, pick: int) -> None:
        open_seats = list(
            Seat.objects.filter(table__round__event=self.event, forfeited=False, table__round__status="running")
            .exclude(table__result__status__in=TableResult.COUNTS)
            .order_by("pk")
        )
        if open_seats:
            seat = open_seats[pick % len(open_seats)]
            self.attempt(lambda: seat_forfeit(seat=seat, by=self.organiser))

    @precondition(lambda self: self.event.status == Event.Status.RUNNING)
    @rule()
    def play_the_round(self) -> None:
        """Every seat still playing submits a legal sheet: the round must then be finished."""
        round_ = self.current_round()
        assert round_ is not None
        for table in round_.tables.all():
            if TableResult.objects.get(table=table).status in TableResult.COUNTS:
                continue
            seats = list(table.seats.order_by("position"))
            data = [d for s, d in zip(seats, legal_seat_data(table, self.rng), strict=True) if not s.forfeited]
            table_sheets_submit(table=table, seats=data, by=self.organiser)
        assert Round.objects.get(pk=round_.pk).status == Round.Status.FINISHED

    @precondition(lambda self: self.event.status == Event.Status.RUNNING)
    @rule()
    def next_round(self) -> None:
        def go() -> None:
            round_ = round_seat_next(event=self.event, by=self.organiser)
            round_start(round_=round_, by=self.organiser)

        self.attempt(go)

    @invariant()
    def no_dropped_player_holds_a_seat_still_to_play(self) -> None:
        gone = Player.objects.filter(
            registrations__event=self.event,
            registrations__status__in=[Registration.Status.DROPPED, Registration.Status.NO_SHOW],
        )
        stuck = (
            Seat.objects.filter(table__round__event=self.event, player__in=gone, forfeited=False)
            .exclude(table__result__status__in=TableResult.COUNTS)
            .filter(table__round__status__in=Round.OPEN)
        )
        assert not stuck.exists()

    @invariant()
    def every_open_seat_belongs_to_a_player_who_can_still_submit(self) -> None:
        open_seats = Seat.objects.filter(
            table__round__event=self.event, forfeited=False, table__round__status=Round.Status.RUNNING
        ).exclude(table__result__status__in=TableResult.COUNTS)
        for status in open_seats.values_list("player__registrations__status", flat=True).filter(
            player__registrations__event=self.event
        ):
            assert status == Registration.Status.CHECKED_IN

    @invariant()
    def the_waitlist_keeps_its_order(self) -> None:
        now = list(
            Registration.objects.filter(event=self.event, status=Registration.Status.WAITLISTED)
            .order_by("created_at", "id")
            .values_list("player__handle", flat=True)
        )
        kept = [handle for handle in self.waitlist if handle in now]
        assert now[: len(kept)] == kept  # those still waiting keep their order; newcomers join at the back
        left = [handle for handle in self.waitlist if handle not in now]
        promoted = set(
            Registration.objects.filter(event=self.event, player__handle__in=left)
            .exclude(status__in=[Registration.Status.WITHDRAWN])
            .values_list("player__handle", flat=True)
        )
        first_still_waiting = self.waitlist.index(kept[0]) if kept else len(self.waitlist)
        assert all(self.waitlist.index(handle) < first_still_waiting for handle in promoted)
        self.waitlist = now


def test_a_cafe_nights_attendance_never_blocks_the_event() -> None:
    run_state_machine_as_test(
        CafeNight,
        settings=settings(max_examples=examples(nightly=25, per_run=10), stateful_step_count=30, deadline=None),
    )
