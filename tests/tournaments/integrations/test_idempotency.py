"""`Idempotency-Key` on the API's POSTs: a repeat answers the first answer and writes nothing; the same key
with another request is 422; a key of the wrong shape is refused naming the header; two requests at once
with one key write once (PostgreSQL); keys expire after IDEMPOTENCY_HOURS."""

import hashlib
import json
import random
import threading
from datetime import timedelta

import psycopg
import pytest
from django.db import OperationalError, connection
from django.test import Client
from django.utils import timezone
from rest_framework.authtoken.models import Token

from config.errors import Conflict
from tests.factories import PlayerFactory
from tests.tournaments.helpers import legal_seat_data, running_round
from tests.workers import database_url
from tournaments.integrations.models import ApiKey, IdempotentRequest
from tournaments.integrations.services import idempotency as idempotency_service
from tournaments.integrations.services.idempotency import idempotency_sweep
from tournaments.models import Organisation, ScoreSheet, Seat
from tournaments.results import api as sheets_api
from tournaments.services.accounts import token_for_login
from tournaments.services.clubs import organisation_create

pytestmark = pytest.mark.django_db


def token_client(user, key: str | None = None) -> Client:
    headers = {"Authorization": f"Token {token_for_login(user=user)}"}
    if key is not None:
        headers["Idempotency-Key"] = key
    return Client(headers=headers)


def post_json(client: Client, path: str, body: object, **headers: str):
    return client.post(path, json.dumps(body), content_type="application/json", headers=headers)


@pytest.fixture
def seat_and_sheet():
    return _seat_and_sheet()


def test_a_repeated_sheet_answers_the_first_sheet_and_stores_no_second_version(seat_and_sheet) -> None:
    seat, data = seat_and_sheet
    client = token_client(seat.player.user)
    path = f"/api/seats/{seat.pk}/sheets/"
    first = post_json(client, path, {"data": data}, **{"Idempotency-Key": "sheet-1"})
    again = post_json(client, path, {"data": data}, **{"Idempotency-Key": "sheet-1"})
    assert first.status_code == again.status_code == 202
    assert again.json() == first.json()
    assert again["Idempotent-Replayed"] == "true"
    assert not first.has_header("Idempotent-Replayed")
    assert list(ScoreSheet.objects.filter(seat=seat).values_list("version", flat=True)) == [1]
    without_key = post_json(client, path, {"data": data})
    assert without_key.status_code == 202
    assert sorted(ScoreSheet.objects.filter(seat=seat).values_list("version", flat=True)) == [1, 2]


def test_the_same_key_with_another_body_or_path_is_422_naming_the_header(seat_and_sheet) -> None:
    seat, data = seat_and_sheet
    client = token_client(seat.player.user)
    path = f"/api/seats/{seat.pk}/sheets/"
    assert post_json(client, path, {"data": data}, **{"Idempotency-Key": "k"}).status_code == 202
    other = post_json(client, path, {"data": {**data, "player": "someone"}}, **{"Idempotency-Key": "k"})
    elsewhere = post_json(client, "/api/organisations/", {"slug": "owls", "name": "Owls"}, **{"Idempotency-Key": "k"})
    for answer in (other, elsewhere):
        assert answer.status_code == 422
        assert (answer.json()["code"], answer.json()["field"]) == ("idempotency_key_reused", "Idempotency-Key")
    assert ScoreSheet.objects.filter(seat=seat).count() == 1
    assert not Organisation.objects.filter(slug="owls").exists()


def test_keys_are_per_caller_so_two_players_may_use_the_same_one() -> None:
    ann, bo = PlayerFactory(), PlayerFactory()
    for player, slug in ((ann, "anns"), (bo, "bos")):
        answer = post_json(token_client(player.user), "/api/organisations/", {"slug": slug, "name": slug},
                           **{"Idempotency-Key": "same"})  # fmt: skip
        assert answer.status_code == 201, answer.content
    assert set(Organisation.objects.values_list("slug", flat=True)) >= {"anns", "bos"}


@pytest.mark.parametrize("key", ["", "x" * 256, "clé"])
def test_a_key_of_the_wrong_shape_is_refused_naming_the_header(key: str) -> None:
    client = token_client(PlayerFactory().user)
    answer = post_json(client, "/api/organisations/", {"slug": "owls", "name": "Owls"}, **{"Idempotency-Key": key})
    assert answer.status_code == 400
    assert (answer.json()["code"], answer.json()["field"]) == ("invalid_idempotency_key", "Idempotency-Key")
    assert not Organisation.objects.filter(slug="owls").exists()


def test_a_refusal_is_kept_too_but_a_throttled_or_failed_request_is_done_again(settings) -> None:
    client = token_client(PlayerFactory().user)
    refused = post_json(client, "/api/organisations/", {"slug": "o", "name": "O"}, **{"Idempotency-Key": "bad"})
    assert refused.status_code == 400
    assert (
        post_json(client, "/api/organisations/", {"slug": "o", "name": "O"}, **{"Idempotency-Key": "bad"}).json()
        == refused.json()
    )
    anonymous = post_json(Client(), "/api/organisations/", {"slug": "owls", "name": "O"}, **{"Idempotency-Key": "a"})
    assert anonymous.status_code == 401
    assert not IdempotentRequest.objects.filter(key="a").exists()  # a 401 is retried with credentials
    organisation_create(by=PlayerFactory().user, slug="o2", name="O2")
    stranger = token_client(PlayerFactory().user)
    forbidden = post_json(stranger, "/api/organisations/o2/keys/", {"name": "x", "scopes": ["read"]},
                          **{"Idempotency-Key": "f"})  # fmt: skip
    assert forbidden.status_code == 403
    assert not IdempotentRequest.objects.filter(key="f").exists()  # a 403 too: allowed later, done then


def test_the_token_read_with_the_key_authenticates_only_its_own_request(seat_and_sheet, settings) -> None:
    """The key's claim reads the caller's token (PostgreSQL): an unknown or expired token is still 401 and its
    key kept for the retry, and a `Bearer` token as well as a `Token` one is done once and replayed."""
    seat, data = seat_and_sheet
    path = f"/api/seats/{seat.pk}/sheets/"
    unknown = Client(headers={"Authorization": "Token no-such-token", "Idempotency-Key": "t1"})
    assert post_json(unknown, path, {"data": data}).status_code == 401
    token = token_for_login(user=seat.player.user)
    bearer = Client(headers={"Authorization": f"Bearer {token}", "Idempotency-Key": "t1"})
    first = post_json(bearer, path, {"data": data})
    again = post_json(bearer, path, {"data": data})
    assert (first.status_code, again.status_code, again["Idempotent-Replayed"]) == (202, 202, "true")
    assert first.json()["entered_by"] == seat.player.handle
    assert list(ScoreSheet.objects.filter(seat=seat).values_list("version", flat=True)) == [1]
    settings.TOKEN_MAX_AGE_DAYS = 1
    Token.objects.filter(key=token).update(created=timezone.now() - timedelta(days=2))
    expired = post_json(bearer, path, {"data": data}, **{"Idempotency-Key": "t2"})
    assert (expired.status_code, IdempotentRequest.objects.filter(key="t2").exists()) == (401, False)


def test_a_key_older_than_its_hours_is_forgotten_and_swept(settings) -> None:
    client = token_client(PlayerFactory().user)
    assert (
        post_json(
            client, "/api/organisations/", {"slug": "owls", "name": "O"}, **{"Idempotency-Key": "old"}
        ).status_code
        == 201
    )
    IdempotentRequest.objects.update(created_at=timezone.now() - timedelta(hours=settings.IDEMPOTENCY_HOURS, minutes=1))
    again = post_json(client, "/api/organisations/", {"slug": "owls", "name": "O"}, **{"Idempotency-Key": "old"})
    assert (again.status_code, again.json()["code"]) == (409, "slug_taken")  # done again, not replayed
    assert not again.has_header("Idempotent-Replayed")
    IdempotentRequest.objects.update(created_at=timezone.now() - timedelta(hours=settings.IDEMPOTENCY_HOURS, minutes=1))
    assert idempotency_sweep() == 1
    assert not IdempotentRequest.objects.exists()


def test_the_schema_declares_the_header_on_every_post_and_nowhere_else(api_client) -> None:
    schema = api_client.get("/api/schema/?format=json").json()
    for operations in schema["paths"].values():
        for method, operation in operations.items():
            names = [p["name"] for p in operation.get("parameters", [])]
            assert ("Idempotency-Key" in names) == (method == "post")
            assert ("422" in operation["responses"]) == (method == "post")


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_requests_at_once_with_one_key_write_one_version_and_answer_alike() -> None:
    _event, round_ = running_round()
    table = round_.tables.get()
    seat = table.seats.select_related("player__user").order_by("position").first()
    data = legal_seat_data(table, random.Random(4))[0]
    token = token_for_login(user=seat.player.user)
    barrier, answers, errors = threading.Barrier(2), [], []

    def submit() -> None:
        try:
            client = Client(headers={"Authorization": f"Token {token}", "Idempotency-Key": "together"})
            barrier.wait(timeout=10)
            answers.append(post_json(client, f"/api/seats/{seat.pk}/sheets/", {"data": data}))
        except Exception as error:
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=submit) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert errors == []
    done = [a for a in answers if a.status_code == 202 and not a.has_header("Idempotent-Replayed")]
    assert len(done) == 1  # done once; the other was replayed, or told at once to retry (no thread waits)
    for other in [a for a in answers if a is not done[0]]:
        if other.status_code == 409:
            assert (other.json()["code"], other["Retry-After"]) == ("idempotency_key_in_use", "1")
            client = Client(headers={"Authorization": f"Token {token}", "Idempotency-Key": "together"})
            other = post_json(client, f"/api/seats/{seat.pk}/sheets/", {"data": data})
        assert (other.status_code, other["Idempotent-Replayed"]) == (202, "true")
        assert other.json() == done[0].json()
    assert list(ScoreSheet.objects.filter(seat=seat).values_list("version", flat=True)) == [1]


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_repeat_while_the_first_is_under_way_is_told_at_once_to_retry(monkeypatch) -> None:
    seat, data = _seat_and_sheet()
    token = token_for_login(user=seat.player.user)
    inside, go_on = threading.Event(), threading.Event()
    submit = sheets_api.sheet_submit

    def slow_submit(**kwargs):
        inside.set()
        go_on.wait(timeout=20)
        return submit(**kwargs)

    monkeypatch.setattr(sheets_api, "sheet_submit", slow_submit)
    first: list = []
    thread = threading.Thread(target=lambda: _post_and_close(first, token, seat, data, "slow"))
    thread.start()
    try:
        assert inside.wait(timeout=20)
        repeat = _post_and_close([], token, seat, data, "slow")
    finally:
        go_on.set()
        thread.join(timeout=30)
    assert (repeat.status_code, repeat["Retry-After"], repeat.json()["code"]) == (409, "1", "idempotency_key_in_use")
    assert repeat.json()["field"] == "Idempotency-Key"
    assert first[0].status_code == 202
    again = _post_and_close([], token, seat, data, "slow")
    assert (again.status_code, again["Idempotent-Replayed"]) == (202, "true")
    assert ScoreSheet.objects.filter(seat=seat).count() == 1


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_request_whose_connection_died_frees_its_key_at_once() -> None:
    """The drill's fault: the process holding the key dies mid-request. Its transaction goes with its
    connection (here the backend is terminated, as PostgreSQL sees a killed process), the key with it."""
    seat, data = _seat_and_sheet()
    token = token_for_login(user=seat.player.user)
    holder = psycopg.connect(database_url(), autocommit=True)
    holder.execute("BEGIN")
    holder.execute("SELECT pg_advisory_xact_lock(%s, %s)", _lock_of(token, "dies"))
    held = _post_and_close([], token, seat, data, "dies")
    assert (held.status_code, held.json()["code"]) == (409, "idempotency_key_in_use")
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_terminate_backend(%s)", [holder.info.backend_pid])
    holder.close()
    retry = _post_and_close([], token, seat, data, "dies")
    assert retry.status_code == 202
    assert not retry.has_header("Idempotent-Replayed")
    assert list(ScoreSheet.objects.filter(seat=seat).values_list("version", flat=True)) == [1]


def test_the_answer_is_committed_with_the_write_or_neither_is(seat_and_sheet, monkeypatch) -> None:
    """A failure to keep the answer takes the write back with it: a retry then does it once, never twice."""
    seat, data = seat_and_sheet
    client = token_client(seat.player.user, key="together")

    def connection_lost(**kwargs):
        raise OperationalError("server closed the connection unexpectedly")

    monkeypatch.setattr(idempotency_service, "idempotent_record", connection_lost)
    failed = post_json(client, f"/api/seats/{seat.pk}/sheets/", {"data": data})
    assert (failed.status_code, failed.json()["code"], failed["Retry-After"]) == (503, "database_unavailable", "5")
    assert not ScoreSheet.objects.filter(seat=seat).exists()
    monkeypatch.undo()
    retry = post_json(client, f"/api/seats/{seat.pk}/sheets/", {"data": data})
    assert retry.status_code == 202
    assert not retry.has_header("Idempotent-Replayed")
    assert ScoreSheet.objects.filter(seat=seat).count() == 1


def test_a_server_error_keeps_neither_the_write_nor_the_key(seat_and_sheet, monkeypatch) -> None:
    seat, data = seat_and_sheet
    client = token_client(seat.player.user, key="broken")
    submit = sheets_api.sheet_submit

    def submit_then_fail(**kwargs):
        submit(**kwargs)
        raise RuntimeError("a bug after the write")

    monkeypatch.setattr(sheets_api, "sheet_submit", submit_then_fail)
    client.raise_request_exception = False
    assert post_json(client, f"/api/seats/{seat.pk}/sheets/", {"data": data}).status_code == 500
    assert not ScoreSheet.objects.filter(seat=seat).exists()
    assert not IdempotentRequest.objects.exists()


def test_a_keyed_sheet_makes_no_savepoint_of_its_own_and_its_refusal_is_still_kept(seat_and_sheet) -> None:
    """The sheet's transaction joins the key's without a savepoint (issue 65, item 5: two statements a POST),
    and a refusal found under the table's lock is still answered, kept and replayed, with nothing written."""
    from django.test.utils import CaptureQueriesContext

    seat, data = seat_and_sheet
    client = token_client(seat.player.user)
    path = f"/api/seats/{seat.pk}/sheets/"
    with CaptureQueriesContext(connection) as keyed:
        assert post_json(client, path, {"data": data}, **{"Idempotency-Key": "joined"}).status_code == 202
    savepoints = [q["sql"] for q in keyed.captured_queries if q["sql"].upper().startswith("SAVEPOINT")]
    assert len(savepoints) == 1  # the key's own, only because this test runs inside a transaction
    Seat.objects.filter(pk=seat.pk).update(forfeited=True)
    refused = post_json(client, path, {"data": data}, **{"Idempotency-Key": "forfeited"})
    assert (refused.status_code, refused.json()["code"]) == (409, "seat_forfeited")
    Seat.objects.filter(pk=seat.pk).update(forfeited=False)
    again = post_json(client, path, {"data": data}, **{"Idempotency-Key": "forfeited"})
    assert (again.status_code, again.json(), again["Idempotent-Replayed"]) == (409, refused.json(), "true")
    assert ScoreSheet.objects.filter(seat=seat).count() == 1


def test_a_refusal_after_the_sheet_was_written_keeps_neither_the_sheet_nor_the_answer(
    seat_and_sheet, monkeypatch
) -> None:
    """With no savepoint of its own, a service failing after its write leaves the key's transaction marked
    for rollback: the write is undone with it, the answer is not kept, and a retry does the request once."""
    from tournaments.results.services import sheets

    seat, data = seat_and_sheet
    client = token_client(seat.player.user, key="late")

    def refused_after_the_write(announcements):
        raise Conflict("refused after the write", "late_refusal", field="seat")

    monkeypatch.setattr(sheets, "announce", refused_after_the_write)
    failed = post_json(client, f"/api/seats/{seat.pk}/sheets/", {"data": data})
    assert (failed.status_code, failed.json()["code"]) == (409, "late_refusal")
    assert not ScoreSheet.objects.filter(seat=seat).exists()
    assert not IdempotentRequest.objects.filter(key="late").exists()
    monkeypatch.undo()
    retry = post_json(client, f"/api/seats/{seat.pk}/sheets/", {"data": data})
    assert retry.status_code == 202
    assert not retry.has_header("Idempotent-Replayed")
    assert ScoreSheet.objects.filter(seat=seat).count() == 1


def test_an_anonymous_call_with_no_browser_of_its_own_is_not_kept_for_a_stranger_to_meet() -> None:
    player = PlayerFactory()
    player.user.set_password("a-long-test-password")
    player.user.save()
    body = {"username": player.user.username, "password": "a-long-test-password"}
    answers = [post_json(Client(), "/api/auth/token/", body, **{"Idempotency-Key": "k"}) for _ in range(2)]
    assert [a.status_code for a in answers] == [200, 200]
    assert not any(a.has_header("Idempotent-Replayed") for a in answers)
    assert not IdempotentRequest.objects.exists()  # a log-in's token is never stored


def _seat_and_sheet():
    _event, round_ = running_round()
    table = round_.tables.get()
    seat = table.seats.select_related("player__user").order_by("position").first()
    return seat, legal_seat_data(table, random.Random(4))[0]


def _post_and_close(into: list, token: str, seat, data, key: str):
    try:
        client = Client(headers={"Authorization": f"Token {token}", "Idempotency-Key": key})
        into.append(post_json(client, f"/api/seats/{seat.pk}/sheets/", {"data": data}))
        return into[-1]
    finally:
        connection.close()


def _lock_of(token: str, key: str) -> list[int]:
    """The advisory lock a request with this token and key holds (the service's own derivation)."""
    caller = idempotency_service.caller_of(f"credential:{token}")
    digest = hashlib.sha256(f"{caller}\n{key}".encode()).digest()
    return [idempotency_service.LOCK_SPACE, int.from_bytes(digest[:4], "big", signed=True)]


def test_an_answer_holding_a_secret_is_not_replayed_nor_done_twice() -> None:
    player = PlayerFactory()
    organisation_create(by=player.user, slug="owls", name="Owls")
    client = token_client(player.user)
    body = {"name": "bot", "scopes": ["read"]}
    first = post_json(client, "/api/organisations/owls/keys/", body, **{"Idempotency-Key": "key-1"})
    assert first.status_code == 201
    assert first["Cache-Control"] == "no-store"
    again = post_json(client, "/api/organisations/owls/keys/", body, **{"Idempotency-Key": "key-1"})
    assert (again.status_code, again.json()["code"]) == (409, "secret_shown_once")
    assert first.json()["key"] not in again.content.decode()
    assert ApiKey.objects.count() == 1
    stored = IdempotentRequest.objects.get(key="key-1")
    assert first.json()["key"].encode() not in bytes(stored.body)


def test_a_pages_form_sent_twice_with_its_key_is_done_once() -> None:
    player = PlayerFactory()
    client = Client()
    client.force_login(player.user)
    form = {"slug": "owls", "name": "Owls", "country": "FR", "kind": "club", "_idempotency_key": "tap-1"}
    first = client.post("/clubs/new/", form)
    again = client.post("/clubs/new/", form)
    assert first.status_code == again.status_code == 302
    assert again["Location"] == first["Location"] == "/clubs/owls/"
    assert again["Idempotent-Replayed"] == "true"
    assert Organisation.objects.filter(slug="owls").count() == 1


def test_a_key_costs_a_sheet_post_one_statement_on_postgresql(seat_and_sheet) -> None:
    """On PostgreSQL the key's lock, its row and the caller's token are one statement, the answer kept a
    second, where the POST without a key read the token: one statement more. Elsewhere: the look-up, the
    row and the answer."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    seat, data = seat_and_sheet
    client = token_client(seat.player.user)
    path = f"/api/seats/{seat.pk}/sheets/"
    post_json(client, path, {"data": data})  # the first version: later ones take the same path
    with CaptureQueriesContext(connection) as plain:
        post_json(client, path, {"data": data})
    with CaptureQueriesContext(connection) as keyed:
        post_json(client, path, {"data": data}, **{"Idempotency-Key": "cost"})
    on_postgresql = connection.vendor == "postgresql"
    claim_and_record = [q["sql"] for q in keyed.captured_queries if "idempotentrequest" in q["sql"].lower()]
    assert len(claim_and_record) == (2 if on_postgresql else 3)
    held = [sql for sql in claim_and_record if "advisory" in sql.lower() and "authtoken" in sql]
    assert len(held) == on_postgresql  # the lock, the row and the token in one statement
    assert len(_statements(keyed)) - len(_statements(plain)) == (1 if on_postgresql else 3)


def _statements(captured) -> list[str]:
    """The statements, not the transaction's own (BEGIN, COMMIT, a test's savepoints)."""
    control = ("BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE SAVEPOINT")
    return [q["sql"] for q in captured.captured_queries if not q["sql"].upper().startswith(control)]


def test_a_log_in_sent_twice_logs_in_twice_rather_than_replaying_without_its_cookie() -> None:
    player = PlayerFactory()
    player.user.set_password("a-long-test-password")
    player.user.save()
    client = Client()
    form = {"username": player.user.username, "password": "a-long-test-password", "_idempotency_key": "in-1"}
    for _ in range(2):
        answer = client.post("/accounts/login/", form)
        assert answer.status_code == 302
        assert not answer.has_header("Idempotent-Replayed")
        assert "sessionid" in answer.cookies
    assert client.get("/api/me/").status_code == 200
