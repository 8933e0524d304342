"""Several throttles of one view counted in one call to Redis (config/throttling.py counts each bucket)."""

from typing import Any

from django.core.cache import cache
from django.http import HttpRequest
from rest_framework.request import Request
from rest_framework.throttling import BaseThrottle

from config.caches import CACHE_ERRORS
from config.throttling import FallbackThrottle, window_script


class Together(BaseThrottle):
    """Several throttles of one view counted in one call to Redis (the sheet POST's two, issue 65 item 5: a
    round trip less a POST), each bucket exactly as its own throttle counts it. Name the throttles with
    `together(...)`. With no Redis, or while it is away, each throttle counts on its own, as it would alone."""

    throttles: tuple[type[FallbackThrottle], ...] = ()

    def __init__(self) -> None:
        self.members = [throttle() for throttle in self.throttles]
        self.answers: list[bool] = []

    def allow_request(self, request: Request | HttpRequest, view: Any) -> bool:
        counting = [member for member in self.members if member.counts(request)]
        try:
            windows = self._windows(request, view, counting)
        except CACHE_ERRORS:
            windows = None
        if windows is None:
            self.answers = [member.allow_request(request, view) for member in self.members]  # each counts
            return all(self.answers)
        allowed = {id(member): member._counted(window, answer) for member, window, answer in windows}
        for member, _window, _answer in windows:
            member._note_limit(request)
        self.answers = [allowed.get(id(member), True) for member in self.members]  # True: not counted
        return all(self.answers)

    def _windows(
        self, request: Request | HttpRequest, view: Any, counting: list[FallbackThrottle]
    ) -> list[tuple[FallbackThrottle, tuple, Any]] | None:
        """(each member, its window, the script's answer for it), the buckets counted in one call; None when
        the members do not all count in the same Redis."""
        script = _shared_script(counting)
        if script is None:
            return None
        windows = _opened(counting, request, view)
        if not windows:
            return []
        answers = script(keys=[window[0] for _member, window in windows],
                         args=[arg for _member, window in windows for arg in window[1:]])  # fmt: skip
        answers = [answers] if len(windows) == 1 else answers
        return [(member, window, answer) for (member, window), answer in zip(windows, answers, strict=True)]

    def wait(self) -> float | None:
        """The longest wait of the members that refused."""
        waits = [member.wait() for member, allowed in zip(self.members, self.answers, strict=True) if not allowed]
        return max((wait for wait in waits if wait is not None), default=None)


def _opened(members: list[FallbackThrottle], request: Request | HttpRequest, view: Any) -> list[tuple]:
    """(each member that counts this request, its window)."""
    opened = [(member, member._window(request, view, member.timer())) for member in members]
    return [(member, window) for member, window in opened if window is not None]


def _shared_script(members: list[FallbackThrottle]) -> Any:
    """The window script of the site's Redis cache, when every member counts there (none has fallen back to
    its process's memory, each has a rate); else None."""
    if any(member.cache is not cache or member.rate is None for member in members):
        return None
    return window_script(cache)


def together(*throttles: type[FallbackThrottle]) -> type[Together]:
    """A throttle class counting these throttles' buckets in one call to Redis."""
    return type("Together", (Together,), {"throttles": throttles})
