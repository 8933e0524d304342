"""Dated API versions a client can pin (docs/api.md, "Versions and deprecation"; docs/api-changes.md).

A client sends `API-Version: <date>` to keep the answers of that version while it adapts to a newer one;
without the header it gets the current version. Every answer of the API says which version it is
(`API-Version`) and varies by the header, so a cache never hands one version's answer to a client of another.
A version that is not one of VERSIONS is refused (400 `invalid_api_version`, field `API-Version`), as GitHub
refuses an unknown `X-GitHub-Api-Version`: a typo must not silently give another version's answers.
"""

from collections.abc import Callable
from datetime import datetime

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.cache import patch_vary_headers

HEADER = "API-Version"
BARE_LISTS = "2026-11-25"  # every release up to 0.7.0: sixteen list reads answered bare arrays
PAGED_LISTS = "2026-11-26"  # 0.8.0: every list read is paginated
SEASON_TOTALS = "2026-11-27"  # after 0.8.0: a season's rows carry totals and counted events, not every event played
FAILED_LOG_IN_401 = SEASON_TOTALS  # the same version: a log-in with wrong credentials is 401, not 400
VERSIONS = (BARE_LISTS, PAGED_LISTS, SEASON_TOTALS)  # oldest first; the last is the current one
CURRENT = VERSIONS[-1]
ATTRIBUTE = "api_version"
PINNING_FROM = PAGED_LISTS  # the version current when keys and apps began to be pinned


def api_version(request: HttpRequest) -> str:
    """The version this request is answered in (the current one outside the API's paths)."""
    return getattr(request, ATTRIBUTE, CURRENT)


def pinned(made_at: datetime) -> str:
    """The version a key or an app made at `made_at` is pinned to: the one current that day (as Stripe pins
    an account), so a bot written against it keeps its answers. One made before pinning began keeps the
    version it was answered in then (PINNING_FROM), not an older one."""
    day = made_at.date().isoformat()
    return max([PINNING_FROM, *(version for version in VERSIONS if version <= day)])


def pin(request: HttpRequest, made_at: datetime) -> None:
    """Answer a request made with a long-lived credential (an organisation's key, an app's token) in the
    version of the day it was made, unless the request names one (`API-Version`)."""
    if request.headers.get(HEADER) is None and request.path.startswith("/api/"):
        setattr(request, ATTRIBUTE, pinned(made_at))


def before(request: HttpRequest, version: str) -> bool:
    """Whether the request is pinned to a version older than `version` (dates compare as text)."""
    return api_version(request) < version


def refusal(asked: str | None) -> dict[str, str] | None:
    """The 400 answer's body for an `API-Version` that is not one of VERSIONS; None when it is (or is absent)."""
    if asked is None or asked in VERSIONS:
        return None
    return {
        "code": "invalid_api_version", "field": HEADER,
        "detail": f"{HEADER} is one of {', '.join(VERSIONS)} (or left out for {CURRENT}), not {asked[:40]!r}",
    }  # fmt: skip


class ApiVersion:
    """Reads `API-Version` on the API's paths, refuses an unknown one and says the version on the answer."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if not request.path.startswith("/api/"):
            return self.get_response(request)
        asked = request.headers.get(HEADER)
        refused = refusal(asked)
        if refused is not None:
            response: HttpResponse = JsonResponse(refused, status=400)
        else:
            setattr(request, ATTRIBUTE, asked or CURRENT)
            response = self.get_response(request)
        response[HEADER] = api_version(request)
        patch_vary_headers(response, [HEADER])
        return response
