"""The API's throttles: one scope each (rates in settings.REST_FRAMEWORK), all failing open.

The counters live in the cache, which is Redis when REDIS_URL is set. A throttle is a guard against
abuse, not part of the request: while the cache is down a request is let through (and a warning
logged) rather than answered 500, so a sheet is still stored and answered during a Redis outage.
"""

import logging
from typing import Any

from redis.exceptions import RedisError
from rest_framework.request import Request
from rest_framework.throttling import AnonRateThrottle, SimpleRateThrottle, UserRateThrottle

CACHE_ERRORS = (RedisError, ConnectionError, OSError)
logger = logging.getLogger(__name__)


class FailOpenThrottle(SimpleRateThrottle):
    def allow_request(self, request: Request, view: Any) -> bool:
        try:
            return super().allow_request(request, view)
        except CACHE_ERRORS as error:
            logger.warning("throttle %r not applied, its cache is unavailable: %s", self.scope, error)
            return True


class LoginThrottle(FailOpenThrottle, AnonRateThrottle):
    """Password guesses per client address (its own bucket: signing up does not use it up)."""

    scope = "login"


class SignupThrottle(FailOpenThrottle, AnonRateThrottle):
    scope = "signup"


class SubmissionThrottle(FailOpenThrottle, UserRateThrottle):
    """Sheets per user, seat by seat or a whole table at once."""

    scope = "submission"


class SheetCheckThrottle(FailOpenThrottle, UserRateThrottle):
    scope = "sheet_check"


class EventCreateThrottle(FailOpenThrottle, UserRateThrottle):
    scope = "event_create"


class ScorePreviewThrottle(FailOpenThrottle, UserRateThrottle):
    """The score pad's live scoring: one request per card tapped, so a generous rate."""

    scope = "score_preview"


class ScorePreviewAnonThrottle(FailOpenThrottle, AnonRateThrottle):
    scope = "score_preview_anon"
