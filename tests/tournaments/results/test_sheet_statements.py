"""The sheet POST's hand-written statements (tournaments/results/services/sheet_statements.py, config/rows.py,
the token's in config/authentication.py) read and write what the ORM's querysets did, on both databases."""

import random

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from rest_framework.authtoken.models import Token
from rest_framework.exceptions import AuthenticationFailed

from config.authentication import ExpiringTokenAuthentication
from tests.factories import UserFactory
from tests.tournaments.helpers import legal_seat_data, running_round
from tournaments.integrations.services import idempotency
from tournaments.models import Event, ScoreSheet, Seat, TableResult
from tournaments.results.services import sheet_statements

pytestmark = [pytest.mark.django_db, pytest.mark.embedded]


def _fields(instance):
    return {field.attname: getattr(instance, field.attname) for field in type(instance)._meta.concrete_fields}


def test_the_seat_and_its_event_read_by_hand_are_the_querysets_field_for_field():
    _event, round_ = running_round()
    seat = round_.tables.get().seats.order_by("position").first()
    by_hand = sheet_statements.seat_with_its_event(seat.pk)
    orm = Seat.objects.select_related("player", "table__round__event").get(pk=seat.pk)
    assert _fields(by_hand) == _fields(orm)
    assert _fields(by_hand.player) == _fields(orm.player)
    assert _fields(by_hand.table) == _fields(orm.table)
    assert _fields(by_hand.table.round) == _fields(orm.table.round)
    assert _fields(by_hand.table.round.event) == _fields(orm.table.round.event)
    with CaptureQueriesContext(connection) as queries:  # what a sheet POST reads came with the row: it asks nothing
        assert by_hand.table.round.event.game == "boomerang-australia"
        assert (by_hand.player.handle, by_hand.player.user_id) == (orm.player.handle, orm.player.user_id)
        assert (by_hand.table.round.status, by_hand.table.round.number) == (orm.table.round.status, 1)
        assert by_hand.table.round.event.organisation_id == orm.table.round.event.organisation_id
    assert len(queries) == 0


def test_the_seats_event_and_result_read_what_a_sheet_post_reads_and_defer_the_rest():
    """The event has 48 columns, a dozen of them JSON: the sheet POST reads three (issue 65, item 5)."""
    _event, round_ = running_round()
    seat_id = round_.tables.get().seats.first().pk
    seat = sheet_statements.seat_with_its_event(seat_id)
    event, result = seat.table.round.event, sheet_statements.result_of_seat_locked(seat_id)
    assert {field.attname for field in Event._meta.concrete_fields} - event.get_deferred_fields() == {
        "id",
        "game",
        "organisation_id",
    }
    assert seat.get_deferred_fields() == seat.table.get_deferred_fields() == set()
    assert "handle" not in seat.player.get_deferred_fields()
    assert {"verdict", "verified_at", "updated_at"} <= result.get_deferred_fields()
    assert {"status", "attempt", "table_id"}.isdisjoint(result.get_deferred_fields())
    with CaptureQueriesContext(connection) as queries:  # a deferred field is read when asked for, as only() does
        assert event.name == Event.objects.get(pk=event.pk).name
    assert len(queries) == 2


def test_the_result_read_by_hand_is_the_seats_tables_and_none_for_no_seat():
    _event, round_ = running_round()
    table = round_.tables.get()
    seat = table.seats.first()
    assert _fields(sheet_statements.result_of_seat_locked(seat.pk)) == _fields(TableResult.objects.get(table=table))
    assert sheet_statements.result_of_seat_locked(2**62) is None


def test_versions_are_numbered_one_after_another_and_each_insert_counts_the_seats_waiting():
    _event, round_ = running_round()
    table = round_.tables.get()
    seats = list(table.seats.select_related("player__user").order_by("position"))
    data = legal_seat_data(table, random.Random(3))
    Seat.objects.filter(pk=seats[3].pk).update(forfeited=True)  # a forfeited seat never waits
    first, waiting_first = sheet_statements.version_insert(seats[0], data[0], seats[0].player.user, timezone.now())
    second, waiting_second = sheet_statements.version_insert(seats[0], data[0], seats[0].player.user, timezone.now())
    assert (first.version, second.version) == (1, 2)
    stored = ScoreSheet.objects.get(pk=second.pk)
    assert (stored.data, stored.status, stored.problems, stored.entered_by_id) == (
        data[0],
        "submitted",
        [],
        seats[0].player.user.pk,
    )
    assert waiting_first == waiting_second == sheet_statements.seats_waiting(table.pk) == 2
    _other, waiting = sheet_statements.version_insert(seats[1], data[1], seats[1].player.user, timezone.now())
    assert waiting == sheet_statements.seats_waiting(table.pk) == 1


def test_a_token_whose_user_has_no_player_authenticates_and_its_user_has_no_player():
    user = UserFactory()
    token = Token.objects.create(user=user)
    authenticated, read = ExpiringTokenAuthentication().authenticate_credentials(token.key)
    assert (authenticated.pk, read.key) == (user.pk, token.key)
    assert not hasattr(authenticated, "player")  # DoesNotExist, as select_related left it
    with pytest.raises(AuthenticationFailed):
        ExpiringTokenAuthentication().authenticate_credentials("no-such-token")


def test_an_idempotent_answer_kept_by_hand_is_read_back_whole():
    answer = idempotency.StoredAnswer(202, "application/json", b'{"ok": true}', "/somewhere")
    claim = idempotency.idempotent_claim(caller="c" * 64, key="k1", fingerprint="f1")
    assert (claim.first, claim.token) == (None, None)
    idempotency.idempotent_record(claim=claim, answer=answer)
    assert idempotency.idempotent_claim(caller="c" * 64, key="k1", fingerprint="f1").first == answer
    other = idempotency.idempotent_claim(caller="c" * 64, key="k2", fingerprint="f1")
    assert other.first is None
    idempotency.idempotent_release(claim=other)  # no answer kept: its repeat is done again
    assert idempotency.idempotent_claim(caller="c" * 64, key="k2", fingerprint="f1").first is None


def test_the_token_read_with_the_key_is_the_token_authentications_own():
    """On PostgreSQL the key's claim reads the caller's token in its statement, and the authentication takes
    it instead of reading it again; elsewhere the authentication reads it."""
    user = UserFactory()
    token = Token.objects.create(user=user)
    claim = idempotency.idempotent_claim(caller="d" * 64, key="k", fingerprint="f", token_key=token.key)
    missing = idempotency.idempotent_claim(caller="d" * 64, key="k2", fingerprint="f", token_key="no-such-token")
    if connection.vendor != "postgresql":
        assert claim.token is missing.token is None
        return
    assert claim.token[0] == token.key
    assert _fields(claim.token[1]) == _fields(token)
    assert _fields(claim.token[1].user) == _fields(user)
    assert missing.token == ("no-such-token", None)
    authentication = ExpiringTokenAuthentication()
    authentication.read_with_the_request = claim.token
    with CaptureQueriesContext(connection) as queries:
        assert authentication.authenticate_credentials(token.key)[0].pk == user.pk
    assert len(queries) == 0
    authentication.read_with_the_request = missing.token
    with pytest.raises(AuthenticationFailed):
        authentication.authenticate_credentials("no-such-token")


@pytest.mark.django_db(transaction=True)
def test_a_threads_connection_is_not_kept_by_the_hand_written_reads() -> None:
    """Under a threaded server each thread has its own connection; a reader that kept one (as a cache keyed
    by the connection did) kept it open for good, and PostgreSQL ran out of connections."""
    import gc
    import threading
    import weakref

    from django.db import connections

    user = UserFactory()
    token = Token.objects.create(user=user)
    kept: list[weakref.ref] = []

    def read() -> None:
        ExpiringTokenAuthentication().authenticate_credentials(token.key)
        kept.append(weakref.ref(connections["default"]))
        connections.close_all()

    thread = threading.Thread(target=read)
    thread.start()
    thread.join()
    del thread
    gc.collect()
    assert kept
    assert kept[0]() is None


def test_a_result_queued_by_hand_writes_the_row_and_history_that_save_and_simple_history_wrote():
    _event, round_ = running_round(players=8)
    first, second = (table.result for table in round_.tables.order_by("number"))
    by = UserFactory()
    first.status, first.attempt, first.updated_at = TableResult.Status.PENDING, first.attempt + 1, timezone.now()
    first._history_user = by
    first.save(update_fields=["status", "attempt", "updated_at"])
    second = TableResult.objects.get(pk=second.pk)
    second.status, second.attempt, second.updated_at = TableResult.Status.PENDING, second.attempt + 1, timezone.now()
    sheet_statements.result_queued(second, by)
    history = TableResult.history.model  # type: ignore[attr-defined]
    by_orm, by_hand = (history.objects.filter(id=result.pk).latest("history_id") for result in (first, second))
    left_out = {"history_id", "history_date", "id", "table_id", "attempt", "updated_at"}
    assert {k: v for k, v in _fields(by_hand).items() if k not in left_out} == {
        k: v for k, v in _fields(by_orm).items() if k not in left_out
    }
    assert (by_hand.history_type, by_hand.history_user_id, by_hand.attempt) == ("~", by.pk, second.attempt)
    assert _fields(TableResult.objects.get(pk=second.pk)) == _fields(second)
