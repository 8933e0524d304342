"""The cache every web process and worker shares: Redis when REDIS_URL is set (settings.CACHES), else the
process's memory. What needs it to be shared (the throttle counters, the verification queue's waiting
mark) asks `shared_redis`; a Redis that stops answering raises one of CACHE_ERRORS."""

from typing import Any

from django.core.cache import cache as default_cache
from django.core.cache.backends.redis import RedisCache
from django.utils.connection import ConnectionProxy
from redis.exceptions import RedisError

CACHE_ERRORS = (RedisError, ConnectionError, OSError)


def shared_redis(cache: Any = default_cache) -> RedisCache | None:
    """The Redis cache behind `cache` (Django's proxy or a backend), or None when it is not Redis."""
    backend = cache._connections[cache._alias] if isinstance(cache, ConnectionProxy) else cache
    return backend if isinstance(backend, RedisCache) else None
