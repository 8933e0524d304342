"""Races against PostgreSQL: the last two sheets of a table arriving at the same moment."""

import random
import threading

import pytest
from django.db import connection

from tests.factories import EventFactory, PlayerFactory
from tests.tournaments.helpers import legal_seat_data, register_and_check_in
from tournaments.entrants.services import guest_create
from tournaments.models import Seat, TableResult
from tournaments.results.services.claims import guest_claim
from tournaments.results.services.forfeits import registration_drop, seat_forfeit
from tournaments.results.services.rating import tables_rate
from tournaments.results.services.sheets import sheet_submit, table_sheets_submit
from tournaments.results.services.verification import table_verify
from tournaments.selectors.events import event_ready_to_close
from tournaments.services.rounds import event_start, round_start

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_the_last_two_sheets_arriving_together_enqueue_one_verification(monkeypatch) -> None:
    enqueued: list[tuple[int, int]] = []
    monkeypatch.setattr("tournaments.results.tasks.table_verify_task.delay", lambda *args: enqueued.append(args))
    event = EventFactory()
    register_and_check_in(event, [PlayerFactory() for _ in range(4)])
    round_ = event_start(event=event, by=event.organisers.get())
    round_start(round_=round_, by=event.organisers.get())
    table = round_.tables.get()
    seats, data = list(table.seats.order_by("position")), legal_seat_data(table, random.Random(6))
    for seat, seat_data in zip(seats[:2], data[:2], strict=True):
        sheet_submit(seat_id=seat.pk, data=seat_data, by=seat.player.user)
    barrier, errors = threading.Barrier(2), []

    def submit(seat_id: int, seat_data: dict) -> None:
        try:
            seat = Seat.objects.select_related("player__user", "table__round__event").get(pk=seat_id)
            barrier.wait(timeout=10)
            sheet_submit(seat_id=seat.pk, data=seat_data, by=seat.player.user)
        except Exception as error:
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=submit, args=(s.pk, d)) for s, d in zip(seats[2:], data[2:], strict=True)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert errors == []
    assert enqueued == [(table.pk, 1)]
    assert TableResult.objects.get(table=table).status == "pending"


def test_two_rating_updates_of_one_pool_at_once_end_as_rating_from_scratch() -> None:
    from datetime import timedelta

    from django.utils import timezone

    from ratings.models import Rating
    from ratings.services.pools import match_record
    from tests.factories import UserFactory
    from tests.ratings.test_services import GAME, assert_same, from_scratch, placings

    users = [UserFactory() for _ in range(6)]
    start, barrier, errors = timezone.now(), threading.Barrier(2), []

    def record(source: str, minutes: int, seated: list, ranks: list[int]) -> None:
        try:
            barrier.wait(timeout=10)
            match_record(game=GAME, source=source, order_at=start + timedelta(minutes=minutes),
                                 placings=placings(seated, ranks))  # fmt: skip
        except Exception as error:  # reported by the assertion below
            errors.append(error)
        finally:
            connection.close()

    threads = [
        threading.Thread(target=record, args=("table:1", 5, users[:4], [1, 2, 3, 4])),
        threading.Thread(target=record, args=("table:2", 1, users[2:], [4, 3, 2, 1])),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert errors == []
    assert_same({r.player_id: (r.mu, r.sigma) for r in Rating.objects.filter(pool__game=GAME)}, from_scratch())


def test_the_last_two_tables_verified_at_the_same_moment_finish_the_round_and_the_event(monkeypatch, settings) -> None:
    """Both verifications write their verdict, then meet at a barrier before deciding whether the round is
    over: without the round's lock each reads the other's table as still verifying and the round stays open."""
    from config import celery
    from tournaments.models import Event, Round
    from tournaments.results.services import verification as sheet_services

    settings.VERIFY_BATCH = 1  # each task verifies its own table only, as two workers would
    monkeypatch.setattr(celery, "dispatch", lambda *args: True)  # the two tasks are run below by hand
    event = EventFactory(rounds_planned=1)
    register_and_check_in(event, [PlayerFactory() for _ in range(8)])
    organiser = event.organisers.get()
    round_ = event_start(event=event, by=organiser)
    round_start(round_=round_, by=organiser)
    tables, rng = list(round_.tables.order_by("number")), random.Random(8)
    for table in tables:
        table_sheets_submit(table=table, seats=legal_seat_data(table, rng), by=organiser)
    barrier, errors = threading.Barrier(2), []
    mark_sheets = sheet_services._mark_sheets

    def mark_then_wait(*args: object) -> None:
        mark_sheets(*args)
        barrier.wait(timeout=10)  # both verdicts are written and neither transaction has committed

    monkeypatch.setattr(sheet_services, "_mark_sheets", mark_then_wait)

    def verify(table_id: int) -> None:
        try:
            table_verify(table_id=table_id, attempt=1)
        except Exception as error:
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=verify, args=(table.pk,)) for table in tables]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert errors == []
    assert set(TableResult.objects.filter(table__in=tables).values_list("status", flat=True)) == {"verified"}
    assert Round.objects.get(pk=round_.pk).status == Round.Status.FINISHED
    assert event_ready_to_close(event=Event.objects.get(pk=event.pk))  # the organiser may close it


def test_a_rating_never_carries_a_verdict_read_before_a_newer_one_was_rated(monkeypatch) -> None:
    """Task X reads the table's result and stalls; the table is re-verified and task Y rates the new verdict;
    X then goes on. Reading before the pool lock, X wrote its stale time over Y's; read under the lock, X
    holds the pool until it is done and Y, after it, reads and rates the newest verdict."""
    from datetime import timedelta

    from django.utils import timezone

    from ratings.models import RatingEvent
    from tournaments.results.services import rating as rating_services

    _event, round_ = _verified_round(monkeypatch)
    table = round_.tables.get()
    first = TableResult.objects.get(table=table).verified_at
    stalled, resume = threading.Event(), threading.Event()
    last_actors = rating_services._last_actors

    def stall_once(results):
        if not stalled.is_set():
            stalled.set()
            resume.wait(timeout=10)
        return last_actors(results)

    monkeypatch.setattr(rating_services, "_last_actors", stall_once)
    errors: list[Exception] = []

    def rate() -> None:
        try:
            tables_rate(table_ids=[table.pk])
        except Exception as error:
            errors.append(error)
        finally:
            connection.close()

    task_x = threading.Thread(target=rate)
    task_x.start()
    assert stalled.wait(timeout=10)
    newer = first + timedelta(minutes=5)  # the re-verification's time
    TableResult.objects.filter(table=table).update(verified_at=newer, attempt=2, updated_at=timezone.now())
    task_y = threading.Thread(target=rate)
    task_y.start()
    task_y.join(timeout=2)  # finishes at once when X holds no lock
    resume.set()
    task_x.join(timeout=30)
    task_y.join(timeout=30)
    assert errors == []
    assert RatingEvent.objects.get(source=f"table:{table.pk}").order_at == newer


def _verified_round(monkeypatch):
    """A one-table round verified but not yet rated (the verification task's own rating is left out)."""
    from config import celery
    from tests.tournaments.helpers import running_round
    from tournaments.results.services import pipeline as results

    monkeypatch.setattr(celery, "dispatch", lambda *args: True)
    monkeypatch.setattr(results, "tables_rate_and_tally", lambda table_ids: None)
    event, round_ = running_round()
    table = round_.tables.get()
    table_sheets_submit(table=table, seats=legal_seat_data(table, random.Random(12)), by=event.organisers.get())
    table_verify(table_id=table.pk, attempt=1)
    assert TableResult.objects.get(table=table).status == "verified"
    return event, round_


def test_a_verification_does_not_wait_for_an_organiser_holding_the_event(monkeypatch, settings) -> None:
    """An organiser's write that locks the event row (a late registration, a seating) is running while a
    table is verified: finishing the round must lock the round only, or every verification of the event
    queues behind such writes (here, it would run into the lock timeout)."""
    from django.db import transaction

    from config import celery
    from tests.tournaments.helpers import running_round
    from tournaments.models import Event, Round

    settings.VERIFY_BATCH = 1
    monkeypatch.setattr(celery, "dispatch", lambda *args: True)
    event, round_ = running_round(rounds=2)  # the round finishes, the event goes on (its row is not written)
    table = round_.tables.get()
    table_sheets_submit(table=table, seats=legal_seat_data(table, random.Random(9)), by=event.organisers.get())
    holding, release, errors = threading.Event(), threading.Event(), []

    def organiser_holds_the_event() -> None:
        try:
            with transaction.atomic():
                Event.objects.select_for_update().get(pk=event.pk)
                holding.set()
                release.wait(timeout=20)
        finally:
            connection.close()

    holder = threading.Thread(target=organiser_holds_the_event)
    holder.start()
    assert holding.wait(timeout=10)
    try:
        with connection.cursor() as cursor:
            cursor.execute("SET lock_timeout = '2s'")
        table_verify(table_id=table.pk, attempt=1)
    except Exception as error:
        errors.append(error)
    finally:
        release.set()
        holder.join(timeout=30)
        with connection.cursor() as cursor:
            cursor.execute("SET lock_timeout = 0")
    assert errors == []
    assert TableResult.objects.get(table=table).status == "verified"
    assert Round.objects.get(pk=round_.pk).status == "finished"


def test_a_player_dropping_while_the_organiser_forfeits_their_seat_still_drops() -> None:
    """The drop finds the seat open, then waits for the table's row, which the organiser's forfeit holds;
    once the forfeit commits (deciding the two-player table) the drop goes on (it answered 409 table_final)."""
    from django.db import transaction

    from tests.tournaments.helpers import running_round
    from tournaments.models import Registration

    event, round_ = running_round(players=2)
    organiser, seat = event.organisers.get(), round_.tables.get().seats.order_by("position").first()
    registration = Registration.objects.get(event=event, player=seat.player)
    forfeited, release, errors = threading.Event(), threading.Event(), []

    def organiser_forfeits() -> None:
        try:
            with transaction.atomic():
                seat_forfeit(seat=Seat.objects.get(pk=seat.pk), by=organiser)
                forfeited.set()
                release.wait(timeout=30)
        finally:
            connection.close()

    def player_drops() -> None:
        try:
            registration_drop(registration=Registration.objects.get(pk=registration.pk), by=seat.player.user)
        except Exception as error:
            errors.append(error)
        finally:
            connection.close()

    first = threading.Thread(target=organiser_forfeits)
    first.start()
    assert forfeited.wait(timeout=30)
    second = threading.Thread(target=player_drops)
    second.start()
    waiting = "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'"
    with connection.cursor() as cursor:
        for _ in range(300):
            cursor.execute(waiting)
            if cursor.fetchone()[0]:
                break
            threading.Event().wait(0.05)
    release.set()
    first.join(timeout=30)
    second.join(timeout=30)
    assert errors == []
    assert Registration.objects.get(pk=registration.pk).status == Registration.Status.DROPPED
    assert Seat.objects.get(pk=seat.pk).forfeited


def test_two_guests_of_one_event_claimed_into_one_account_at_once_one_wins_the_other_is_refused(
    monkeypatch,
) -> None:
    """Both claims passed the shared-event check before either moved its rows: the second then collided
    (IntegrityError, a 500). The claimer's row is locked first now, so the second sees the first's rows."""
    import time

    from config.errors import DomainError
    from tournaments.models import Player, Registration
    from tournaments.results.services import claims

    merge = claims.player_merge_into
    monkeypatch.setattr(claims, "player_merge_into", lambda **rows: (time.sleep(0.5), merge(**rows)))  # a wider window

    event = EventFactory()
    organiser = event.organisers.get()
    guests = [guest_create(event=event, by=organiser, handle=f"walkin{i}") for i in range(2)]
    claimer = PlayerFactory()
    barrier, outcomes = threading.Barrier(2), []

    def claim(code: str) -> None:
        try:
            barrier.wait(timeout=10)
            guest_claim(code=code, by=claimer.user)
            outcomes.append("claimed")
        except DomainError as refused:
            outcomes.append(refused.code)
        except Exception as error:
            outcomes.append(repr(error))
        finally:
            connection.close()

    threads = [threading.Thread(target=claim, args=(g.claim_code,)) for g in guests]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert sorted(outcomes) == ["claim_conflict", "claimed"]
    assert Registration.objects.filter(event=event, player=claimer).count() == 1
    assert Player.objects.filter(pk__in=[g.pk for g in guests], claimed_by=claimer).count() == 1
