"""The live streams, read by a real HTTP client from the live server and parsed as Server-Sent Events: an
event's public stream through a whole round, a reconnect with Last-Event-ID getting what it missed, and the
personal stream carrying what is one player's alone."""

import http.client
import json
import random
import threading
from collections.abc import Iterator
from urllib.parse import urlsplit

import pytest
from django.test import Client

from tests.factories import EventFactory, PlayerFactory
from tests.tournaments.helpers import legal_seat_data, register_and_check_in
from tournaments.live.models import StreamMessage
from tournaments.live.services import stream_sweep
from tournaments.models import Table
from tournaments.results.services.sheets import table_sheets_submit
from tournaments.services.rounds import event_start, round_start

pytestmark = [pytest.mark.django_db(transaction=True)]


class Stream:
    """An SSE client over http.client: messages as (id, kind, data), read in a thread as they come."""

    def __init__(self, url: str, headers: dict[str, str] | None = None) -> None:
        parts = urlsplit(url)
        self.connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
        self.connection.request("GET", parts.path + (f"?{parts.query}" if parts.query else ""),
                                headers={"Accept": "text/event-stream", **(headers or {})})  # fmt: skip
        self.response = self.connection.getresponse()
        self.messages: list[tuple[int, str, dict]] = []
        self.arrived, self.ended = threading.Condition(), threading.Event()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        try:
            self._read_blocks()
        finally:
            self.ended.set()

    def _read_blocks(self) -> None:
        for block in self._blocks():
            fields = dict(line.split(": ", 1) for line in block.splitlines() if ": " in line and line[0] != ":")
            if "event" in fields:
                with self.arrived:
                    kept = int(fields["id"]) if "id" in fields else 0  # progress (table.submitted) is not kept
                    self.messages.append((kept, fields["event"], json.loads(fields["data"])))
                    self.arrived.notify_all()

    def _blocks(self) -> Iterator[str]:
        buffer = ""
        try:
            while chunk := self.response.read1(4096):
                buffer += chunk.decode()
                while "\n\n" in buffer:
                    block, buffer = buffer.split("\n\n", 1)
                    yield block
        except (OSError, ValueError, http.client.HTTPException):  # the connection dropped
            return

    def wait_for(self, kind: str, timeout: float = 10) -> tuple[int, str, dict]:
        with self.arrived:
            found = self.arrived.wait_for(lambda: [m for m in self.messages if m[1] == kind], timeout=timeout)
            assert found, f"no {kind} within {timeout} s; got {[m[1] for m in self.messages]}"
            return found[0]

    def close(self) -> None:
        """Drop the connection as a phone losing the network would (the reader thread sees its end)."""
        import socket

        if self.connection.sock is not None:
            self.connection.sock.shutdown(socket.SHUT_RDWR)


def test_an_event_stream_tells_a_whole_round(live_server) -> None:
    event = EventFactory(game="boomerang-australia", rounds_planned=1)
    players = [PlayerFactory() for _ in range(4)]
    register_and_check_in(event, players)
    organiser = event.organisers.get()
    stream = Stream(f"{live_server.url}/api/events/{event.pk}/stream/")
    assert stream.response.status == 200
    assert stream.response.getheader("Content-Type").startswith("text/event-stream")
    round_ = event_start(event=event, by=organiser)
    seated = stream.wait_for("round.seated")[2]
    assert seated["round"] == 1
    assert sorted(seated["tables"][0]["players"]) == sorted(p.handle for p in players)
    round_start(round_=round_, by=organiser)
    assert stream.wait_for("round.started")[2]["length_minutes"] == round_.length_minutes
    table = Table.objects.select_related("round__event").get(round=round_)
    seats = legal_seat_data(table, random.Random(4))
    table_sheets_submit(table=table, seats=seats, by=organiser)
    assert stream.wait_for("table.submitted")[2]["seats_waiting"] == 0  # the four sheets are in
    verified = stream.wait_for("table.verified")[2]
    assert "verdict" not in verified  # the verdict is not the public stream's
    stream.wait_for("standings.changed")
    ids = [m[0] for m in stream.messages if m[0]]
    assert ids == sorted(ids)
    assert stream.wait_for("table.submitted")[0] == 0  # no id: a resuming client gets the verdict instead
    assert not [m for m in stream.messages if m[1] == "you.seated"]  # nobody's own messages here
    stream.close()


def test_a_reconnect_with_last_event_id_gets_what_it_missed(live_server) -> None:
    event = EventFactory(game="boomerang-australia", rounds_planned=2)
    register_and_check_in(event, [PlayerFactory() for _ in range(4)])
    organiser = event.organisers.get()
    first = Stream(f"{live_server.url}/api/events/{event.pk}/stream/")
    round_ = event_start(event=event, by=organiser)
    last_seen = first.wait_for("round.seated")[0]
    first.close()  # the connection drops; meanwhile the round starts
    round_start(round_=round_, by=organiser)
    again = Stream(f"{live_server.url}/api/events/{event.pk}/stream/", {"Last-Event-ID": str(last_seen)})
    started = again.wait_for("round.started")
    assert started[0] > last_seen
    assert [m[1] for m in again.messages].count("round.seated") == 0  # nothing twice
    by_query = Stream(f"{live_server.url}/api/events/{event.pk}/stream/?last_event_id=0")
    assert by_query.wait_for("round.seated")[0] == last_seen
    again.close()
    by_query.close()


def test_the_personal_stream_is_its_player_alone(live_server, client) -> None:
    event = EventFactory(game="boomerang-australia", rounds_planned=1)
    players = [PlayerFactory() for _ in range(4)]
    register_and_check_in(event, players)
    ann = players[0]
    client.force_login(ann.user)
    session = client.cookies["sessionid"].value
    mine = Stream(f"{live_server.url}/api/me/stream/", {"Cookie": f"sessionid={session}"})
    assert mine.response.status == 200, mine.response.read()
    event_start(event=event, by=event.organisers.get())
    seated = mine.wait_for("you.seated")[2]
    seat = ann.seats.get()
    assert (seated["table"], seated["seat"]) == (seat.table.number, seat.position)
    assert [m[1] for m in mine.messages] == ["you.seated"]  # only ann's: no other player's seat
    assert StreamMessage.objects.filter(kind="you.seated").count() == 4
    anonymous = Stream(f"{live_server.url}/api/me/stream/")
    assert anonymous.response.status in (401, 403)
    mine.close()


def test_under_asgi_idle_streams_hold_no_thread_and_hear_the_round(live_server) -> None:
    event = EventFactory(game="boomerang-australia", rounds_planned=1)
    register_and_check_in(event, [PlayerFactory() for _ in range(4)])
    threads_before = threading.active_count()
    streams = [Stream(f"{live_server.url}/api/events/{event.pk}/stream/") for _ in range(40)]
    assert [stream.response.status for stream in streams] == [200] * 40, streams[0].response.read()
    reader_threads = len(streams)  # this test's own readers, one a stream
    assert threading.active_count() - threads_before - reader_threads < 10  # the server's: not one a stream
    event_start(event=event, by=event.organisers.get())
    assert all(stream.wait_for("round.seated")[2]["round"] == 1 for stream in streams)
    for stream in streams:
        stream.close()
    anonymous = http.client.HTTPConnection("127.0.0.1", live_server.port, timeout=10)
    anonymous.request("GET", "/api/me/stream/", headers={"Accept": "text/event-stream"})
    refused = anonymous.getresponse()
    assert (refused.status, json.loads(refused.read())["code"]) == (401, "not_authenticated")


def test_refusals_are_json_naming_the_field(live_server) -> None:
    event = EventFactory()
    base = f"{live_server.url}/api"
    for path, headers, expected in (
        (f"/events/{event.pk}/stream/", {"Last-Event-ID": "yesterday"}, (400, "Last-Event-ID")),
        (f"/events/{event.pk}/stream/?last_event_id=-3", {}, (400, "Last-Event-ID")),
        (f"/events/{event.pk}/stream/", {"Last-Event-ID": str(10**20)}, (400, "Last-Event-ID")),  # past 64 bits
        (f"/events/{event.pk + 1000}/stream/", {}, (404, "id")),
    ):
        parts = urlsplit(base + path)
        connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
        connection.request("GET", f"{parts.path}?{parts.query}", headers={"Accept": "text/event-stream", **headers})
        refused = connection.getresponse()
        assert refused.status == expected[0]
        assert refused.getheader("Content-Type").startswith("application/json")
        assert json.loads(refused.read())["field"] == expected[1]
        connection.close()


def test_a_streams_refusal_reads_in_the_requests_language(live_server) -> None:
    """The stream is served beside Django's locale middleware: its refusals (a message with a value, issue 67)
    are read in the request's language all the same."""
    parts = urlsplit(f"{live_server.url}/api/events/999999/stream/")
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
    connection.request("GET", parts.path, headers={"Accept": "text/event-stream", "Accept-Language": "fr"})
    refused = connection.getresponse()
    assert refused.status == 404
    assert json.loads(refused.read())["detail"] == "aucun événement n’a l’identifiant 999999"
    connection.close()


def test_the_sweep_forgets_messages_older_than_two_days() -> None:
    from datetime import timedelta

    from django.utils import timezone

    event = EventFactory()
    old, new = (StreamMessage.objects.create(event_id=event.pk, kind="standings.changed", data={}) for _ in "ab")
    StreamMessage.objects.filter(pk=old.pk).update(created_at=timezone.now() - timedelta(days=2, minutes=1))
    assert stream_sweep() == 1
    assert list(StreamMessage.objects.values_list("pk", flat=True)) == [new.pk]


def test_under_asgi_opening_streams_is_throttled_per_address(live_server, monkeypatch) -> None:
    """Issue 53: 2,000 streams and 600 full catch-ups from one address; under ASGI no view's throttle ran."""
    from config.throttling import StreamOpenThrottle

    monkeypatch.setattr(
        StreamOpenThrottle, "THROTTLE_RATES", {**StreamOpenThrottle.THROTTLE_RATES, "stream_open": "3/min"}
    )
    event = EventFactory()
    parts = urlsplit(live_server.url)
    statuses, remaining = [], []
    for _ in range(4):
        connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
        connection.request(
            "GET", f"/api/events/{event.pk}/stream/?last_event_id=0", headers={"Accept": "text/event-stream"}
        )
        answer = connection.getresponse()
        statuses.append(answer.status)
        assert answer.getheader("RateLimit-Limit") == "3"  # a stream's answer tells its limit, as every answer
        remaining.append(answer.getheader("RateLimit-Remaining"))
        if answer.status == 429:
            assert int(answer.getheader("Retry-After")) > 0
            assert json.loads(answer.read())["code"] == "throttled"
        connection.close()
    assert statuses == [200, 200, 200, 429]
    assert remaining == ["2", "1", "0", "0"]


@pytest.mark.services
def test_when_redis_returns_every_stream_here_ends_so_its_client_catches_up_from_the_database(settings) -> None:
    """Issue 53: with Redis away a message reached only the writing process's clients, and the others never
    got it (their connection stayed open, so they never caught up). When the listener is back on Redis,
    this process's streams end; EventSource reconnects with Last-Event-ID and reads what it missed."""
    from tests.workers import free_port, redis_server, wait_until
    from tournaments.live.hub import Client, Hub

    port = free_port()
    settings.REDIS_URL = f"redis://127.0.0.1:{port}/0"
    hub, client = Hub(), Client(event_id=1, user_id=None)
    with redis_server(port):
        hub.join(client)
        assert hub._subscribed.wait(5)
    wait_until(lambda: not hub._subscribed.is_set(), 10, "the listener to lose Redis")
    assert not client.dropped  # Redis away: the stream stays, hearing this process's own messages
    with redis_server(port):
        wait_until(lambda: client.dropped, 10, "the stream to end once Redis is back")
    assert client.inbox.get_nowait()["kind"] == ""  # woken at once, not at the next heartbeat


def test_a_replaced_token_ends_the_streams_it_opened_and_cannot_open_another(live_server) -> None:
    """Issue 53: a revoked credential's open personal stream kept delivering."""
    from tournaments.services.accounts import token_for_login

    player = PlayerFactory()
    token = token_for_login(user=player.user)
    mine = Stream(f"{live_server.url}/api/me/stream/", {"Authorization": f"Token {token}"})
    assert mine.response.status == 200
    rotated = Client(headers={"Authorization": f"Token {token}"}).post("/api/auth/token/rotate/")
    assert rotated.status_code == 200
    assert mine.ended.wait(10)  # the stream ended, well before any heartbeat would have told
    again = Stream(f"{live_server.url}/api/me/stream/", {"Authorization": f"Token {token}"})
    assert again.response.status == 401


def test_an_account_switched_off_ends_its_open_streams(live_server) -> None:
    """Issue 67, item 2: a merged (deactivated) account's credentials are refused, and its open stream ends."""
    from tournaments.services.accounts import token_for_login

    player = PlayerFactory()
    token = token_for_login(user=player.user)
    mine = Stream(f"{live_server.url}/api/me/stream/", {"Authorization": f"Token {token}"})
    assert mine.response.status == 200
    player.user.is_active = False
    player.user.save()
    assert mine.ended.wait(10)
    assert Stream(f"{live_server.url}/api/me/stream/", {"Authorization": f"Token {token}"}).response.status == 401


def test_post_of_a_message_to_the_room_delivers_to_an_entrants_stream(live_server) -> None:
    """Issue 70, item 2: an organiser's word to the room, carried by each recipient's own stream."""
    from tournaments.live.models import RoomMessage
    from tournaments.services.accounts import token_for_login

    event = EventFactory(game="boomerang-australia", capacity=4)
    entrant, other, waiting = PlayerFactory(), PlayerFactory(), PlayerFactory()
    register_and_check_in(event, [entrant, other])
    token = token_for_login(user=entrant.user)
    mine = Stream(f"{live_server.url}/api/me/stream/", {"Authorization": f"Token {token}"})
    assert mine.response.status == 200
    organiser = Client(headers={"Authorization": f"Token {token_for_login(user=event.organisers.get())}"})
    sent = organiser.post(f"/api/events/{event.pk}/messages/", {"text": "We start 15 minutes late."},
                          content_type="application/json")  # fmt: skip
    assert sent.status_code == 201, sent.content
    assert sent.json()["recipients"] == 2
    _id, kind, data = mine.wait_for("your.message")
    assert (kind, data["text"], data["audience"], data["event"]) == ("your.message", "We start 15 minutes late.",
                                                                     "all", event.pk)  # fmt: skip
    refused = Client(headers={"Authorization": f"Token {token}"}).post(
        f"/api/events/{event.pk}/messages/", {"text": "hi"}, content_type="application/json"
    )
    assert refused.status_code == 403  # an entrant does not speak to the room
    listed = organiser.get(f"/api/events/{event.pk}/messages/").json()
    assert [m["text"] for m in listed["results"]] == ["We start 15 minutes late."]
    assert RoomMessage.objects.get().author == event.organisers.get()
    assert waiting.user_id not in StreamMessage.objects.filter(kind="your.message").values_list("user_id", flat=True)


def test_a_wsgi_server_is_told_to_serve_the_streams_under_asgi(client) -> None:
    """Issue 68, item 2: one stream path, the deployed one; a WSGI server would hold a thread per stream."""
    event = EventFactory()
    answer = client.get(f"/api/events/{event.pk}/stream/", HTTP_ACCEPT="text/event-stream")
    assert (answer.status_code, answer.json()["code"]) == (501, "stream_needs_asgi")
    assert "config.asgi" in answer.json()["detail"]
    assert client.get(f"/api/events/{event.pk + 1000}/stream/").status_code == 404  # its refusals come first
