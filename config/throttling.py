"""The throttles of the API and of the log-in and sign-up forms: one scope each (rates in
settings.REST_FRAMEWORK), the same buckets whichever door a request comes through.

The counters live in the cache, which is Redis when REDIS_URL is set. While that cache is down a throttle
counts in the process's own memory instead (a per-process limit, logged): a sheet is still stored and
answered during a Redis outage, and password guesses are still limited: each process then allows its share
of the limit (the limit divided by WEB_PROCESSES, the web processes of a node), so a client spread over them
gets no more than the limit.
"""

import hashlib
import logging
import math
import secrets
from collections.abc import Sequence
from typing import Any
from weakref import WeakKeyDictionary

from django.conf import settings
from django.core.cache import cache
from django.core.cache.backends.locmem import LocMemCache
from django.core.cache.backends.redis import RedisCache
from django.http import HttpRequest
from django.utils.module_loading import import_string
from rest_framework.request import Request
from rest_framework.throttling import AnonRateThrottle, SimpleRateThrottle, UserRateThrottle

from config import http_caching
from config.caches import CACHE_ERRORS, redis_client, shared_redis

PROCESS_CACHE = LocMemCache("throttles-while-the-cache-is-down", {"OPTIONS": {"MAX_ENTRIES": 100_000}})
logger = logging.getLogger(__name__)


class FallbackThrottle(SimpleRateThrottle):
    """DRF's sliding window of request times. In Redis it is one sorted set, counted and added to by one
    script: a single round trip, and exact when several processes count the same bucket at once (DRF
    reads the list and writes it back, so two requests at the same moment can both pass the last slot).
    `count` (requests in the window, this one included when allowed) and `oldest` (the time of the oldest
    one) are what `wait()` and the RateLimit headers read."""

    count: int = 0
    oldest: float | None = None
    num_requests: int
    counted: tuple[str, str] | None = None  # (the bucket, this request's member): what `forget` takes back

    def allow_request(self, request: Request | HttpRequest, view: Any) -> bool:
        if not self.counts(request):
            return True
        try:
            allowed = self._allow(request, view)
        except CACHE_ERRORS as error:
            self._count_in_this_process(error)
            allowed = self._allow(request, view)
        self._note_limit(request)
        return allowed

    def counts(self, request: Request | HttpRequest) -> bool:
        """Whether this throttle counts the request at all (ApiThrottle picks its scope and rate here)."""
        return True

    def _count_in_this_process(self, error: Exception) -> None:
        logger.warning("throttle %r counted in this process only, its cache is unavailable: %s", self.scope, error)
        self.cache = PROCESS_CACHE
        # Each of the node's WEB_PROCESSES counts on its own now: its share of the limit keeps the sum.
        self.num_requests = max(1, math.ceil(int(self.num_requests) / settings.WEB_PROCESSES))

    def _note_limit(self, request: Request | HttpRequest) -> None:
        """This bucket's count for the answer's RateLimit-* headers (config/http_caching.py), unless another
        throttle of the request has fewer requests left: the headers name the nearest limit."""
        if getattr(self, "key", None) is None:  # no rate, or a request this throttle does not count
            return
        remaining = max(self.num_requests - self.count, 0)
        reset = int(self.duration - (self.now - self.oldest)) if self.oldest is not None else int(self.duration)
        http_caching.note_rate_limit(_django_request(request), (self.num_requests, remaining, reset))

    def _allow(self, request: Request | HttpRequest, view: Any) -> bool:
        script = window_script(self.cache)
        if script is None or self.rate is None:
            allowed = super().allow_request(request, view)
            history = getattr(self, "history", [])
            self.count, self.oldest = len(history), (history[-1] if history else None)
            return allowed
        window = self._window(request, view, self.timer())
        if window is None:
            return True
        return self._counted(window, script(keys=[window[0]], args=window[1:]))

    def _window(self, request: Request | HttpRequest, view: Any, now: float) -> tuple | None:
        """(this request's bucket in Redis, then the script's arguments for it), or None when it is not counted."""
        self.key = self.get_cache_key(request, view)
        if self.key is None:
            return None
        self.now = now
        member = f"{self.now!r}:{secrets.token_hex(4)}"
        bucket = self.cache.make_and_validate_key(self.key) + ":window"
        return bucket, self.now, self.duration, self.num_requests, member

    def _counted(self, window: tuple, answer: list) -> bool:
        """Take the script's answer for this request's window: whether it is allowed, and the window's count."""
        allowed, count, oldest = answer
        self.count, self.oldest = int(count), (float(oldest) if oldest else None)
        self.counted = (window[0], window[4]) if allowed else None
        return bool(allowed)

    def forget(self) -> None:
        """Take this request back out of the window: a log-in that succeeded is no guess, so a venue's
        players, all behind its one address, never use up each other's tries (docs/operations.md)."""
        try:
            if self.counted is not None:
                redis_client().zrem(*self.counted)
            elif getattr(self, "key", None) and getattr(self, "history", None):
                history = self.cache.get(self.key, [])
                if self.now in history:
                    history.remove(self.now)
                    self.cache.set(self.key, history, self.duration)
        except CACHE_ERRORS as error:
            logger.warning("throttle %r kept a successful request, its cache is unavailable: %s", self.scope, error)

    def wait(self) -> float | None:
        """DRF's: the rest of the window shared out among the requests still available."""
        remaining = self.duration - (self.now - self.oldest) if self.oldest is not None else self.duration
        available = self.num_requests - self.count + 1
        return remaining / available if available > 0 else None


# For each bucket (KEYS[i], its ARGV 4i-3 to 4i: now, window, limit, member): drop what left the window, then add
# this request if the bucket has room. Atomic inside Redis; several buckets in one call (config/throttles_together.py).
WINDOW_LUA = """
local answers = {}
for i, bucket in ipairs(KEYS) do
  local now, window, limit = tonumber(ARGV[4*i-3]), tonumber(ARGV[4*i-2]), tonumber(ARGV[4*i-1])
  redis.call('ZREMRANGEBYSCORE', bucket, '-inf', now - window)
  local count, allowed = redis.call('ZCARD', bucket), 0
  if count < limit then
    redis.call('ZADD', bucket, now, ARGV[4*i])
    redis.call('PEXPIRE', bucket, math.ceil(window * 1000))
    count, allowed = count + 1, 1
  end
  local oldest = redis.call('ZRANGE', bucket, 0, 0, 'WITHSCORES')[2] or ''
  answers[i] = {allowed, count, oldest}
end
return #KEYS == 1 and answers[1] or answers
"""
_SCRIPTS: WeakKeyDictionary[RedisCache, Any] = WeakKeyDictionary()


def window_script(cache: Any) -> Any:
    """The script registered on the client of this cache's Redis, or None when the cache is not Redis."""
    backend = shared_redis(cache)
    if backend is None:
        return None
    if backend not in _SCRIPTS:
        _SCRIPTS[backend] = redis_client().register_script(WINDOW_LUA)
    return _SCRIPTS[backend]


class LoginThrottle(FallbackThrottle, AnonRateThrottle):
    """Failed password guesses per client address (its own bucket: signing up does not use it up). It never
    refuses before the password is checked: a venue's players share one address, so a script's wrong
    passwords there must not lock the others out. Past its limit a wrong password is answered 429 instead of
    "wrong password" (the sprayer is slowed); a right one signs in (`config.login_limits`)."""

    scope = "login"


def _named_account(request: Request | HttpRequest) -> tuple[Any, str] | None:
    """(the account, or None when no account has that name; the bucket's name for it), or None when the
    request names no account."""
    fields = request.data if isinstance(request, Request) else request.POST
    username = fields.get("username") if hasattr(fields, "get") else None
    if not isinstance(username, str) or not username:
        return None
    user = import_string(settings.LOGIN_ACCOUNT_OF)(username)  # a username or a handle: one bucket an account
    return user, (f"user:{user.pk}" if user is not None else username.strip().lower())


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "backslashreplace")).hexdigest()


class LoginAccountThrottle(FallbackThrottle):
    """Failed guesses at one account from addresses it has never signed in from (a success is taken back
    out). Its owner's own addresses do not count here, so guesses from elsewhere never lock the owner out of
    every address (`LoginPairThrottle` still limits guesses from those)."""

    scope = "login_account"

    def get_cache_key(self, request: Request | HttpRequest, view: Any) -> str | None:
        named = _named_account(request)
        if named is None:
            return None
        user, name = named
        if user is not None and address_known(user.pk, self.get_ident(request)):
            return None
        return self.cache_format % {"scope": self.scope, "ident": _digest(name)}


class LoginPairThrottle(FallbackThrottle):
    """Failed guesses at one account from one address (django-axes' lockout by username and address
    combined): the lock that holds wherever the account is known."""

    scope = "login_pair"

    def get_cache_key(self, request: Request | HttpRequest, view: Any) -> str | None:
        named = _named_account(request)
        if named is None:
            return None
        ident = _digest(f"{named[1]}|{self.get_ident(request)}")
        return self.cache_format % {"scope": self.scope, "ident": ident}


KNOWN_ADDRESS_SECONDS = 90 * 24 * 3600  # an address an account signed in from stays its owner's this long


def _known_key(user_pk: int, address: str | None) -> str:
    return "login-known:" + _digest(f"{user_pk}|{address}")


def address_known(user_pk: int, address: str | None) -> bool:
    """Whether the account signed in from this address in the last 90 days (the cache keeps it)."""
    try:
        return bool(cache.get(_known_key(user_pk, address)))
    except CACHE_ERRORS:
        return False


def login_guesses_forget(user_pk: int, address: str | None) -> None:
    """Forget an account's failed guesses from `address`: what an organiser's desk does for the person
    standing at it (`config.login_limits.login_unlocked`). Its guesses from elsewhere stay counted."""
    key = LoginPairThrottle.cache_format % {
        "scope": LoginPairThrottle.scope,
        "ident": _digest(f"user:{user_pk}|{address}"),
    }
    try:
        cache.delete(key)
        if shared_redis(cache) is not None:
            redis_client().delete(cache.make_and_validate_key(key) + ":window")
    except CACHE_ERRORS as error:
        logger.warning("an account's failed log-ins were not forgotten, the cache is unavailable: %s", error)


def address_remember(user_pk: int, address: str | None) -> None:
    try:
        cache.set(_known_key(user_pk, address), 1, KNOWN_ADDRESS_SECONDS)
    except CACHE_ERRORS as error:
        logger.warning("the address of a log-in was not remembered, the cache is unavailable: %s", error)


class EraseThrottle(FallbackThrottle, UserRateThrottle):
    """Erasing an account checks its password: guesses of it are counted per account (THROTTLE_ERASE)."""

    scope = "erase"


class SignupThrottle(FallbackThrottle, AnonRateThrottle):
    scope = "signup"


class OAuthTokenThrottle(FallbackThrottle, AnonRateThrottle):
    """The OAuth token and revocation endpoints, per address (THROTTLE_OAUTH_TOKEN): codes, refresh tokens
    and client secrets are guessed there."""

    scope = "oauth_token"


class StreamOpenThrottle(FallbackThrottle):
    """Streams opened (each with its catch-up from the database) per address, signed in or not: a venue's
    phones and screens share one, so the rate is a crowd's, not a person's."""

    scope = "stream_open"

    def get_cache_key(self, request: Request | HttpRequest, view: Any) -> str | None:
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


def successes_forgotten(throttles: Sequence[SimpleRateThrottle]) -> None:
    """A log-in succeeded: none of these throttles counts it as a guess (the API's own bucket still counts it
    as a request)."""
    for throttle in throttles:
        if isinstance(throttle, FallbackThrottle) and not isinstance(throttle, ApiThrottle):
            throttle.forget()


def form_wait(request: HttpRequest, throttles: Sequence[SimpleRateThrottle]) -> int | None:
    """For a page's form: None if every throttle lets the request through, else the seconds to wait.
    Every throttle counts the request, as the API counts one."""
    refused = [throttle.wait() or 1 for throttle in throttles if not throttle.allow_request(request, None)]
    return int(max(refused)) + 1 if refused else None


class SubmissionThrottle(FallbackThrottle, UserRateThrottle):
    """Sheets per user, seat by seat or a whole table at once."""

    scope = "submission"


class ClaimThrottle(FallbackThrottle, UserRateThrottle):
    """Claim codes tried per account (the page's form and the API): guessing one is slow."""

    scope = "claim"


class SheetCheckThrottle(FallbackThrottle, UserRateThrottle):
    scope = "sheet_check"


class EventCreateThrottle(FallbackThrottle, UserRateThrottle):
    scope = "event_create"


class ScorePreviewThrottle(FallbackThrottle, UserRateThrottle):
    """The score pad's live scoring: one request per card tapped, so a generous rate."""

    scope = "score_preview"


class ScorePreviewAnonThrottle(FallbackThrottle, AnonRateThrottle):
    scope = "score_preview_anon"


class ApiThrottle(FallbackThrottle):
    """Every API request: reads (GET, HEAD: "read_user" and "read_anon") and writes ("write_user" and
    "write_anon") in buckets of their own, per account when signed in, per client address when anonymous. A
    refusal is a 429 with Retry-After. A write with a scope of its own (sheets, claims, log-ins) is counted in
    that one too, and its RateLimit-* headers name whichever is nearer its limit."""

    read_scopes: tuple[str, str] = ("read_user", "read_anon")
    write_scopes: tuple[str, str] | None = ("write_user", "write_anon")

    def __init__(self) -> None:
        """The scope, and so the rate, is known only once the request is (a read or a write, anonymous or not)."""

    def counts(self, request: Request | HttpRequest) -> bool:
        reading = request.method in ("GET", "HEAD")
        scopes = self.read_scopes if reading else self.write_scopes
        if scopes is None or request.method == "OPTIONS":
            return False
        signed_in = bool(request.user and request.user.is_authenticated)
        self.scope = scopes[0] if signed_in else scopes[1]
        self.rate = self.get_rate()
        self.num_requests, self.duration = self.parse_rate(self.rate)
        return True

    def get_cache_key(self, request: Request | HttpRequest, view: Any) -> str | None:
        ident = str(request.user.pk) if request.user and request.user.is_authenticated else self.get_ident(request)
        return self.cache_format % {"scope": self.scope, "ident": ident}


def _django_request(request: Request | HttpRequest) -> HttpRequest:
    return request._request if isinstance(request, Request) else request


class PageReadThrottle(ApiThrottle):
    """Every page read, as the API's (config.middleware.ThrottlePages): per address when anonymous
    ("page_anon"), per account when signed in ("page_user"); buckets of their own, so browsing the pages
    does not use up a bot's API allowance from the same address. A page's forms have their own throttles."""

    read_scopes, write_scopes = ("page_user", "page_anon"), None
