"""The cache every web process and worker shares: Redis when REDIS_URL is set (settings.CACHES), else the
process's memory. What needs it to be shared (the throttle counters, the verification queue's waiting
mark) asks `shared_redis`, and talks to it through `redis_client`; a Redis that stops answering raises one of
CACHE_ERRORS."""

from typing import Any
from weakref import WeakKeyDictionary

from django.core.cache import cache as default_cache
from django.core.cache.backends.redis import RedisCache
from django.utils.connection import ConnectionProxy
from redis import Redis
from redis.exceptions import RedisError

CACHE_ERRORS = (RedisError, ConnectionError, OSError)


def shared_redis(cache: Any = default_cache) -> RedisCache | None:
    """The Redis cache behind `cache` (Django's proxy or a backend), or None when it is not Redis."""
    backend = cache._connections[cache._alias] if isinstance(cache, ConnectionProxy) else cache
    return backend if isinstance(backend, RedisCache) else None


def redis_client(backend: RedisCache) -> Redis:
    """A client of the cache's Redis, made once per cache: Django's Redis cache builds a new client for every
    call, and building one (its table of reply handlers) cost more than the call (150 us against 70 here).
    Keys made with the cache's `make_and_validate_key` are the cache's own; values are stored as given."""
    if backend not in _CLIENTS:
        _CLIENTS[backend] = backend._cache.get_client(write=True)  # type: ignore[attr-defined]  # RedisCacheClient
    return _CLIENTS[backend]


_CLIENTS: WeakKeyDictionary[RedisCache, Redis] = WeakKeyDictionary()
