"""The Redis transport for Celery, with one fix: a channel of a lost connection fails as a lost connection.

Celery 5.7 with kombu 5.7 and redis-py 8.1 killed a worker's main process when Redis went away with a task
in flight (tests/test_worker_redis_outage.py): kombu closes the lost connection and forgets its address
(`transport.client = None`), but the connection's channels live on, and the next thing one of them does
(restore its unacknowledged messages on a second close, or acknowledge a task that finished meanwhile)
builds a new Redis client from that address and raises `AttributeError: 'NoneType' object has no
attribute 'hostname'`. Celery counts only connection errors as recoverable, so that AttributeError was an
"Unrecoverable error". Here it is a redis ConnectionError: the close is skipped, the ack is logged as not
done ("Couldn't ack"), the worker reconnects, and the message, still in Redis's unacked set, is delivered
again after the visibility timeout (every task here is idempotent).
"""

from typing import Any

from kombu.transport import TRANSPORT_ALIASES, redis
from redis.exceptions import ConnectionError as RedisConnectionError


class Channel(redis.Channel):
    def _connparams(self, asynchronous: bool = False) -> dict[str, Any]:
        if self.connection.client is None:
            raise RedisConnectionError("this channel's broker connection was lost and closed")
        params: dict[str, Any] = super()._connparams(asynchronous)  # type: ignore[no-untyped-call]
        return params


class Transport(redis.Transport):
    Channel = Channel


def use_for_redis_urls() -> None:
    """Make `redis://` broker URLs use this transport (kombu looks transports up by the URL's scheme)."""
    TRANSPORT_ALIASES["redis"] = f"{__name__}:Transport"
