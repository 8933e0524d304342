"""Cache-Control for reads that a browser or a reverse proxy may keep, and the rate-limit headers.

Every read gets an ETag, a hash of its body (exact by construction, whatever the page shows), and Django's
ConditionalGetMiddleware answers 304 to a client that already holds it. One thing in a page's body changes
on every render without changing what it means: the CSRF token, masked afresh each time (every masked form
of the client's token is valid), so the hash leaves its masked value out and takes in the secret behind it
and the session (`_etag`). This module also decides who may store
the answer:

- a read by someone signed in (a session or a token), one that sets a cookie or one holding a CSRF token
  (a page with a form): `private, no-cache`
  (the browser keeps it and asks again with its ETag);
- an anonymous read: `public, max-age=0, s-maxage=N` (settings.PUBLIC_CACHE_SECONDS, default 5): a proxy
  may answer from its copy for N seconds, a browser always revalidates, so a player who just submitted a
  sheet never sees an old standing from their own cache;
- a view that set its own Cache-Control (never_cache, WhiteNoise's static files) keeps it.
"""

import hashlib
import re
from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils.cache import patch_vary_headers

RATE_LIMIT_ATTRIBUTE = "rate_limit"
MASKED_CSRF_TOKEN = re.compile(rb'(name="csrfmiddlewaretoken" value=")[^"]*"')


class CacheControl:
    """Below ConditionalGetMiddleware: it sets the ETag and Cache-Control that one turns into a 304."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if request.method not in ("GET", "HEAD") or response.status_code != 200 or response.streaming:
            return response
        if not response.has_header("ETag"):
            response["ETag"] = _etag(request, response)
        if not response.has_header("Cache-Control"):
            response["Cache-Control"] = _cache_control(request, response)
        patch_vary_headers(response, ("Accept-Language", "Cookie", "Authorization"))
        return response


def _etag(request: HttpRequest, response: HttpResponse) -> str:
    """A hash of the body, less the masked CSRF token. A page holding a token, or read signed in, is one
    browser's own: its hash takes in that browser's CSRF secret and session, so a copy kept from an earlier
    session (whose forms' token is stale, "Log out" among them) never matches, and the browser is sent the
    page afresh rather than a 304."""
    holds_token = MASKED_CSRF_TOKEN.search(response.content) is not None
    digest = hashlib.sha256(MASKED_CSRF_TOKEN.sub(rb"\1", response.content))
    if holds_token or _signed_in(request):
        digest.update(request.META.get("CSRF_COOKIE", "").encode())
        session = getattr(request, "session", None)
        digest.update(((session and session.session_key) or "").encode())
    return f'"{digest.hexdigest()[:32]}"'


def _signed_in(request: HttpRequest) -> bool:
    user = getattr(request, "user", None)
    return bool(user is not None and user.is_authenticated) or "Authorization" in request.headers


def _cache_control(request: HttpRequest, response: HttpResponse) -> str:
    holds_csrf_token = request.META.get("CSRF_COOKIE_NEEDS_UPDATE", False)
    if _signed_in(request) or response.cookies or holds_csrf_token:
        return "private, no-cache"
    return f"public, max-age=0, s-maxage={settings.PUBLIC_CACHE_SECONDS}"


class RateLimitHeaders:
    """Above ConditionalGetMiddleware, so a 304 carries them too."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        _add_rate_limit_headers(request, response)
        return response


def note_rate_limit(request: HttpRequest, limit: tuple[int, int, int]) -> None:
    """A throttle's (limit, remaining, seconds to reset) for this request's answer, kept if it has fewer
    requests left than the one already noted (config/throttling.FallbackThrottle)."""
    noted = getattr(request, RATE_LIMIT_ATTRIBUTE, None)
    if noted is None or limit[1] < noted[1]:
        setattr(request, RATE_LIMIT_ATTRIBUTE, limit)


def rate_limit_headers(request: HttpRequest) -> list[tuple[str, str]]:
    """The nearest limit a throttle counted this request against, in the IETF draft's names and the older X-
    names that GitHub and lichess clients read; none when no throttle counted it."""
    limit = getattr(request, RATE_LIMIT_ATTRIBUTE, None)
    if limit is None:
        return []
    allowed, remaining, reset_seconds = limit
    return [
        (f"{prefix}-{name}", str(value))
        for prefix in ("RateLimit", "X-RateLimit")
        for name, value in (("Limit", allowed), ("Remaining", remaining), ("Reset", reset_seconds))
    ]


def _add_rate_limit_headers(request: HttpRequest, response: HttpResponse) -> None:
    for name, value in rate_limit_headers(request):
        response[name] = value
