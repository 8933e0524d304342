"""The live stream's fan-out in one process (docs/stream.md): the clients connected here, and one listener.

A message is written to the database in the transaction of the change it tells, then published after the
commit: through Redis (channel `boomerang:stream`) when REDIS_URL is set, so that every web node's clients
hear it, else straight to this process's clients (the embedded set-up, one process). Each process runs one
listener thread for Redis, whatever the number of clients; a client is a bounded queue. A client that cannot
keep up (its queue full) is dropped: it reconnects with Last-Event-ID and reads what it missed from the
database. A writer never waits for a client.
"""

import asyncio
import json
import logging
import queue
import threading
from dataclasses import dataclass, field
from typing import Any

import redis
from django.conf import settings

CHANNEL = "boomerang:stream"  # and the Redis database's number: Redis's channels are shared by every database
QUEUE_SIZE = 200

log = logging.getLogger(__name__)


@dataclass(eq=False)
class Client:
    """One connected stream: the public messages of `event_id`, or the personal ones of `user_id`."""

    event_id: int | None
    user_id: int | None
    loop: asyncio.AbstractEventLoop | None = None  # set for an ASGI client; a WSGI client waits on `inbox`
    inbox: "queue.Queue[dict[str, Any]] | asyncio.Queue[dict[str, Any]]" = field(default_factory=queue.Queue)
    dropped: bool = False

    def wants(self, message: dict[str, Any]) -> bool:
        if message["user"] is None:
            return self.user_id is None and message["event"] == self.event_id
        return bool(self.user_id == message["user"])

    def offer(self, message: dict[str, Any]) -> None:
        """Into the queue, from the client's own thread or loop (Hub.deliver sees to it); full: dropped. The
        END of a person's streams drops the client and wakes it."""
        if message["kind"] == END:
            self.dropped, message = True, WAKE
        try:
            self.inbox.put_nowait(message)
        except (queue.Full, asyncio.QueueFull):
            self.dropped = True

    def end(self) -> None:
        """Drop the client and wake it, from any thread: its stream ends, and it reconnects with Last-Event-ID."""
        self.dropped = True
        if self.loop is None:
            self.offer(WAKE)
        else:
            self.loop.call_soon_threadsafe(self.offer, WAKE)


WAKE: dict[str, Any] = {"id": None, "kind": "", "data": None, "user": None, "event": None}  # no client wants it
END = "stream.end"  # not a message a client reads: its person's streams end (tournaments/live/services.py)


def channel() -> str:
    return f"{CHANNEL}:{settings.REDIS_URL.rstrip('/').rpartition('/')[2] or '0'}"


class Hub:
    def __init__(self) -> None:
        self._clients: set[Client] = set()
        self._lock = threading.Lock()
        self._listener: threading.Thread | None = None
        self._subscribed = threading.Event()
        self._redis: redis.Redis | None = None  # one client (and its pool of connections) for every publish

    def join(self, client: Client) -> None:
        with self._lock:
            self._clients.add(client)
            if settings.REDIS_URL and (self._listener is None or not self._listener.is_alive()):
                self._listener = threading.Thread(target=self._listen, name="stream-listener", daemon=True)
                self._listener.start()
        if settings.REDIS_URL:
            self._subscribed.wait(timeout=2.0)  # a message committed after the client's catch-up is heard

    def leave(self, client: Client) -> None:
        with self._lock:
            self._clients.discard(client)

    def publish(self, message: dict[str, Any]) -> None:
        """After the commit: to every node through Redis, or to this process's clients."""
        if settings.REDIS_URL:
            try:
                if self._redis is None:
                    self._redis = redis.Redis.from_url(settings.REDIS_URL, socket_timeout=2)
                self._redis.publish(channel(), json.dumps(message))
                return
            except redis.RedisError:
                log.warning("stream: Redis away, message %s reaches this process only", message["id"])
        self.deliver(message)

    def deliver(self, message: dict[str, Any]) -> None:
        """To every client that wants it: a waiting thread's queue at once; an event loop's clients by one
        call into that loop for them all (one wake-up a message, not one a client)."""
        with self._lock:
            clients = [client for client in self._clients if client.wants(message)]
        by_loop: dict[asyncio.AbstractEventLoop, list[Client]] = {}
        for client in clients:
            if client.loop is None:
                client.offer(message)
            else:
                by_loop.setdefault(client.loop, []).append(client)
        for loop, gathered in by_loop.items():
            loop.call_soon_threadsafe(_offer_each, gathered, message)

    def drop_all(self) -> None:
        with self._lock:
            clients = list(self._clients)
        for client in clients:
            client.end()

    def _listen(self) -> None:
        """Redis to this process's clients, reconnecting when Redis comes back. Then every client here is
        dropped: what the other processes wrote meanwhile reached only their own clients, so these reconnect
        (EventSource does, after `retry`) and read it from the database after their Last-Event-ID."""
        lost = False
        while True:
            try:
                pubsub = redis.Redis.from_url(settings.REDIS_URL).pubsub(ignore_subscribe_messages=True)  # type: ignore[no-untyped-call]
                pubsub.subscribe(channel())
                self._subscribed.set()
                if lost:
                    self.drop_all()
                    lost = False
                for raw in pubsub.listen():
                    self.deliver(json.loads(raw["data"]))
            except redis.RedisError:
                self._subscribed.clear()
                lost = True
                log.warning("stream: listener lost Redis; retrying")
                threading.Event().wait(1.0)


def _offer_each(clients: list[Client], message: dict[str, Any]) -> None:
    for client in clients:
        client.offer(message)


hub = Hub()
