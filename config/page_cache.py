"""Expensive public reads kept in the shared cache, keyed by what changes them: the key names the object and
its version (a season's `standings_at`, a pool's newest audit row), which the results pipeline moves with
every change it makes, so a changed result is never served stale and nothing needs deleting; and a running
event's live pages, a few seconds old at most (`live_page`). A cache that is away (Redis down) only costs
the work it would have saved."""

import contextlib
import logging
import math
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from django.conf import settings
from django.core.cache import cache
from django.db import connections
from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.utils.translation import get_language

from config.caches import CACHE_ERRORS

T = TypeVar("T")
logger = logging.getLogger(__name__)
DAY = 24 * 3600


def remembered(key: str, compute: Callable[[], T], seconds: int = DAY) -> T:
    """The value stored under `key`, computed and stored when missing."""
    try:
        value: T | None = cache.get(key)
    except CACHE_ERRORS as error:
        logger.warning("cache unavailable, %s computed: %s", key, error)
        return compute()
    if value is None:
        value = compute()
        try:
            cache.set(key, value, timeout=seconds)
        except CACHE_ERRORS as error:
            logger.warning("cache unavailable, %s not kept: %s", key, error)
    return value


def forget(key: str) -> None:
    """Drop what `remembered` keeps under `key` (its source changed)."""
    try:
        cache.delete(key)
    except CACHE_ERRORS as error:
        logger.warning("cache unavailable, %s not forgotten: %s", key, error)


def visitor_page(
    request: HttpRequest, key_parts: tuple[Any, ...], build: Callable[[], HttpResponse], seconds: int | None = None
) -> HttpResponse:
    """An anonymous visitor's page from the cache, the same bytes for every visitor of that language (the
    page's version is in `key_parts`); signed-in people, and a visitor with a session or a message waiting,
    get it built for them. Kept at most `seconds` (PAGE_CACHE_SECONDS), whatever the version says."""
    if _personal(request):
        return build()
    built: list[HttpResponse] = []

    def content() -> bytes | None:
        built.append(build())
        return built[0].content if built[0].status_code == 200 else None

    body = remembered(_page_key(key_parts), content, seconds or settings.PAGE_CACHE_SECONDS)
    if built:
        return built[0]
    return HttpResponse(body) if body is not None else build()


def live_page(
    request: HttpRequest, key_parts: tuple[Any, ...], build: Callable[[], HttpResponse], version: Any
) -> HttpResponse:
    """A page that changes with every table of a running event (its standings, its TV screen), for visitors.
    The copy is kept under a key without its version, with the version beside it. While it is current (and
    less than LIVE_PAGE_SECONDS old) every visitor reads it. Once a change moves the version, the first
    visitor to see it starts one rebuild behind the answer (LIVE_PAGES_BEHIND; a thread of this process) and
    every visitor, that one included, reads the previous copy until the new one is kept: a crowd of
    spectators at a championship costs one build a change however many they are, no visitor waits for a
    build but the very first of a page, and the page is one build behind the news at most. A copy younger
    than LIVE_PAGE_REBUILD_SECONDS is not rebuilt for a change: changes arriving faster (a round's tables
    being verified) cost a build every few seconds, not one each; and a page whose build takes long (a big
    event's TV screen on a node short of CPU) waits longer still, its builds kept to LIVE_PAGE_REBUILD_SHARE
    of the time, so the work of a crowd's pages shrinks as the node slows. A copy behind the news says so
    (`Live-Behind`: the seconds after which to read it again), so a live page's script reads it again once
    the new copy can be there, even when no later change comes to tell it."""
    if _personal(request):
        return build()
    version = version() if callable(version) else version  # a callable: read only for a visitor's copy
    key, now = _page_key(key_parts), time.time()
    try:
        kept = cache.get(key)
        age = now - kept[0] if kept is not None else 0.0
        took = kept[3] if kept is not None and len(kept) > 3 else 0.0  # a copy kept before builds were timed: 0
        least = settings.LIVE_PAGE_REBUILD_SECONDS  # 0: every change rebuilt at once (the tests)
        rebuild_after = max(least, took / settings.LIVE_PAGE_REBUILD_SHARE) if least else 0.0
        seconds = max(settings.LIVE_PAGE_SECONDS, rebuild_after)
        if kept is not None and age < seconds and (kept[1] == version or age < rebuild_after):
            return _copy(kept[2], behind=kept[1] != version, again=rebuild_after - age)
        if kept is not None and not cache.add(f"{key}:building", 1, timeout=seconds):
            return _copy(kept[2], behind=True, again=1.0)  # another visitor started the new copy
    except CACHE_ERRORS as error:
        logger.warning("cache unavailable, %s built: %s", key, error)
        return build()
    if kept is not None and settings.LIVE_PAGES_BEHIND:
        language = get_language()
        _builders.submit(_build_behind, key, version, build, language)
        return _copy(kept[2], behind=True, again=1.0)
    return _build_and_keep(key, version, build, now)


def _copy(content: bytes, *, behind: bool, again: float) -> HttpResponse:
    """A kept copy; one behind the news says after how many seconds a new one can be read."""
    response = HttpResponse(content)
    if behind:
        response["Live-Behind"] = str(max(1, math.ceil(again)))
    return response


def _build_and_keep(key: str, version: Any, build: Callable[[], HttpResponse], now: float) -> HttpResponse:
    """Build the page and keep it with its version, when it was built and how long the build took."""
    response = build()
    if response.status_code == 200:
        took = time.time() - now
        try:
            cache.set(key, (now, version, response.content, took), timeout=settings.LIVE_PAGE_SECONDS * 10)
        except CACHE_ERRORS as error:
            logger.warning("cache unavailable, %s not kept: %s", key, error)
    with contextlib.suppress(*CACHE_ERRORS):  # else the mark expires by itself
        cache.delete(f"{key}:building")
    return response


def _build_behind(key: str, version: Any, build: Callable[[], HttpResponse], language: str) -> None:
    """A live page's new copy, built on a thread of its own in the visitors' language."""
    try:
        with translation.override(language):
            _build_and_keep(key, version, build, time.time())
    except Exception:
        logger.exception("building %s behind the answer failed", key)
    finally:
        connections.close_all()  # this thread's connections (given back to the pool): the thread lives on


_builders = ThreadPoolExecutor(max_workers=2, thread_name_prefix="live-page")


def _personal(request: HttpRequest) -> bool:
    """Whether the request gets its own page: signed in, a session, or a message waiting."""
    return (
        request.user.is_authenticated
        or settings.SESSION_COOKIE_NAME in request.COOKIES
        or "messages" in request.COOKIES
    )


def _page_key(key_parts: tuple[Any, ...]) -> str:
    return "page:" + ":".join(_key_part(part) for part in key_parts) + f":{get_language()}"


def _key_part(part: Any) -> str:
    """A part of a cache key with no space in it (a version may be a time), as every cache backend takes."""
    return part.isoformat() if hasattr(part, "isoformat") else str(part).replace(" ", "_")
