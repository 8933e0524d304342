"""The cache every web process and worker shares: Redis when REDIS_URL is set (settings.CACHES), else the
process's memory. What needs it to be shared (the throttle counters) asks `shared_redis`, and talks to it
through `redis_client`; a Redis that stops answering raises one of CACHE_ERRORS."""

from functools import cache as once
from typing import Any

from django.conf import settings
from django.core.cache import DEFAULT_CACHE_ALIAS, caches
from django.core.cache.backends.redis import RedisCache
from django.utils.connection import ConnectionProxy
from redis import Redis
from redis.exceptions import RedisError

CACHE_ERRORS = (RedisError, ConnectionError, OSError)


def shared_redis(cache: Any = None) -> RedisCache | None:
    """The Redis cache behind `cache` (Django's default cache, its proxy or a backend), or None when it is
    not Redis."""
    backend = caches[DEFAULT_CACHE_ALIAS] if cache is None or isinstance(cache, ConnectionProxy) else cache
    return backend if isinstance(backend, RedisCache) else None


def redis_client() -> Redis:
    """A client of the default cache's Redis, made once a process (Django's Redis cache builds a client for
    every call, which cost more than the call: 150 us against 70 here). Keys made with the cache's
    `make_and_validate_key` are the cache's own; values are stored as given."""
    return _client(str(settings.CACHES[DEFAULT_CACHE_ALIAS]["LOCATION"]))


@once
def _client(url: str) -> Redis:
    return Redis.from_url(url)
