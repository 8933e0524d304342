"""The authorization server's own pieces around django-oauth-toolkit's views (issue 67, item 9): apps are
registered for the authorization code only, PKCE is S256 or nothing before any consent page, the token and
revocation endpoints are throttled per address, and the server describes itself (RFC 8414)."""

from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.urls import reverse
from oauth2_provider import views
from oauth2_provider.models import AbstractApplication
from oauthlib.oauth2 import Server  # type: ignore[import-untyped]

from config.throttling import OAuthTokenThrottle

CODE_ONLY = [(AbstractApplication.GRANT_AUTHORIZATION_CODE, "Authorization code (a player consents)")]


def _code_only(form_class: Any) -> Any:
    """The registration form, offering the authorization code alone: a client-credentials, password or device
    app would get tokens no player consented to."""
    form_class.base_fields["authorization_grant_type"].choices = CODE_ONLY
    return form_class


class AppRegistration(views.ApplicationRegistration):  # type: ignore[misc]  # django-oauth-toolkit ships no types
    def get_form_class(self) -> Any:
        return _code_only(super().get_form_class())


class AppUpdate(views.ApplicationUpdate):  # type: ignore[misc]
    def get_form_class(self) -> Any:
        return _code_only(super().get_form_class())


class S256OnlyServer(Server):  # type: ignore[misc]  # oauthlib ships no types
    """oauthlib's server, its authorization code grant knowing S256 alone: `plain` is refused when the app
    asks for consent, not after the player gave it."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        methods = self.auth_grant._code_challenge_methods
        self.auth_grant._code_challenge_methods = {"S256": methods["S256"]}


class ThrottledToken(views.TokenView):  # type: ignore[misc]
    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        return _throttled(request) or super().post(request, *args, **kwargs)


class ThrottledRevoke(views.RevokeTokenView):  # type: ignore[misc]
    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        return _throttled(request) or super().post(request, *args, **kwargs)


def _throttled(request: HttpRequest) -> HttpResponse | None:
    throttle = OAuthTokenThrottle()
    if throttle.allow_request(request, None):
        return None
    wait = int(throttle.wait() or 1) + 1
    answer = JsonResponse({"error": "slow_down", "error_description": f"too many requests: wait {wait} s"}, status=429)
    answer["Retry-After"] = str(wait)
    return answer


def authorization_server(request: HttpRequest) -> JsonResponse:
    """RFC 8414's metadata: where an app sends its player and its codes, and what this server accepts."""
    site = request.build_absolute_uri("/").rstrip("/")
    return JsonResponse({
        "issuer": site,
        "authorization_endpoint": site + reverse("oauth2_provider:authorize"),
        "token_endpoint": site + reverse("oauth2_provider:token"),
        "revocation_endpoint": site + reverse("oauth2_provider:revoke-token"),
        "response_types_supported": ["code"],
        "grant_types_supported": ["authorization_code", "refresh_token"],
        "code_challenge_methods_supported": ["S256"],
        "scopes_supported": sorted(settings.OAUTH2_PROVIDER["SCOPES"]),
        "token_endpoint_auth_methods_supported": ["none", "client_secret_basic", "client_secret_post"],
        "service_documentation": site + "/api/docs/",
    })  # fmt: skip
