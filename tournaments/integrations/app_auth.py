"""Apps that act for players (issue 56, item 6; docs/api.md, "Apps that act for players"): OAuth 2 authorization
code with PKCE, by django-oauth-toolkit (/o/authorize/, /o/token/, /o/revoke_token/). A registered app asks a
player's consent for scopes; its access tokens (`bo_...`, an hour) and refresh tokens (`br_...`, thirty days, a
new one at each use) are sent as `Authorization: Bearer`. Each token is held to its scopes here, before any view
runs, as API keys are (key_auth.py):

- `read`: reading (GET, HEAD, OPTIONS), the player's own data included;
- `sheets:write`: the player's own score sheets (POST /api/seats/{id}/sheets/ for a seat that is theirs);
- `registrations:write`: register the player in an event (POST /api/events/{id}/registrations/ naming no
  other player, with the answers to its questions), withdraw their registration (POST
  /api/registrations/{id}/withdraw/ of theirs) and answer again a change the organisers asked of it (POST
  /api/registrations/{id}/review/);
- `casual:write`: the player's casual games (tournaments/casual: record one they played, confirm, decline or
  correct one they sit at; the views themselves hold every table to its players).

Anything else is refused to an app (403 `oauth_scope`): it acts for the player in what they consented to,
never as their whole account. The player's page lists the apps they allowed, each with a button that revokes
every token it holds."""

import hashlib
import secrets
from typing import Any

from django.core.cache import cache
from oauth2_provider.contrib.rest_framework import OAuth2Authentication
from oauth2_provider.models import AccessToken, RefreshToken
from oauth2_provider.oauth2_validators import OAuth2Validator
from rest_framework import exceptions
from rest_framework.authentication import get_authorization_header
from rest_framework.request import Request

from config import versioning
from tournaments.models import Registration, Seat

ACCESS_PREFIX, REFRESH_PREFIX = "bo_", "br_"
SAFE = ("GET", "HEAD", "OPTIONS")


def access_token(request: Any, refresh_token: bool = False) -> str:
    return ACCESS_PREFIX + secrets.token_urlsafe(32)


def refresh_token(request: Any, refresh_token: bool = False) -> str:
    return REFRESH_PREFIX + secrets.token_urlsafe(32)


def is_app_token(request: Any) -> bool:
    words = get_authorization_header(request).split()
    return len(words) == 2 and words[0].lower() == b"bearer" and words[1].startswith(ACCESS_PREFIX.encode())


class AppTokenAuthentication(OAuth2Authentication):  # type: ignore[misc]  # django-oauth-toolkit ships no types
    """An app's access token, held to the scopes its player granted before any view runs."""

    def authenticate(self, request: Request) -> tuple[Any, Any] | None:
        if not is_app_token(request):
            return None
        found: tuple[Any, Any] | None = super().authenticate(request)
        if found is None:
            raise exceptions.AuthenticationFailed("this app token is unknown, expired or revoked")
        if found[1].application is not None:
            versioning.pin(request._request, found[1].application.created)
        _require_scope(request, found[1])
        return found

    def authenticate_header(self, request: Request) -> str:
        return 'Bearer realm="api"'


def _require_scope(request: Request, token: Any) -> None:
    granted = set(token.scope.split())
    if request.method in SAFE:
        if "read" not in granted:
            raise exceptions.PermissionDenied(
                "this app may not read: its player did not grant read", code="oauth_scope"
            )
        return
    view = (request.parser_context or {}).get("view")
    kind = (getattr(view, "basename", None), getattr(view, "action", None))
    if kind in REGISTERING:
        _require_registering(request, token, kind)
        return
    if kind[0] == "casual-table":
        if "casual:write" not in granted:
            raise exceptions.PermissionDenied("its player did not grant casual:write to this app", code="oauth_scope")
        return
    if kind != ("seat", "sheets"):
        raise exceptions.PermissionDenied(
            "an app acting for a player submits the player's own sheets (sheets:write) and registers or withdraws"
            " the player (registrations:write) and their casual games (casual:write), nothing else", code="oauth_scope",
        )  # fmt: skip
    if "sheets:write" not in granted:
        raise exceptions.PermissionDenied("its player did not grant sheets:write to this app", code="oauth_scope")
    seat = (request.parser_context or {}).get("kwargs", {}).get("pk")
    if not Seat.objects.filter(pk=seat, player__user_id=token.user_id).exists():
        raise exceptions.PermissionDenied("an app submits its player's own seat only", code="oauth_scope")


# The writes of `registrations:write`: register the player in an event, withdraw their registration, or answer
# again a change the organisers asked of it.
REGISTERING = {("event", "registrations"), ("registration", "withdraw"), ("registration", "review")}


def _require_registering(request: Request, token: Any, kind: tuple[Any, Any]) -> None:
    """`registrations:write`: the consenting player only, never another (no `player` named in the body, a
    registration that is theirs)."""
    if "registrations:write" not in set(token.scope.split()):
        raise exceptions.PermissionDenied("its player did not grant registrations:write to this app",
                                          code="oauth_scope")  # fmt: skip
    if kind == ("event", "registrations"):
        data = request.data if isinstance(request.data, dict) else {}
        if data.get("player") is not None:
            raise exceptions.PermissionDenied("an app registers its own player only", code="oauth_scope")
        return
    registration = (request.parser_context or {}).get("kwargs", {}).get("pk")
    if not Registration.objects.filter(pk=registration, player__user_id=token.user_id).exists():
        raise exceptions.PermissionDenied("an app acts on its own player's registration only", code="oauth_scope")


class ActiveAccountsOnly(OAuth2Validator):  # type: ignore[misc]  # django-oauth-toolkit ships no types
    """django-oauth-toolkit's validator, refusing the tokens of an account that is no longer active (merged
    into another, erased, or switched off in the admin): it checks neither an access token's nor a refresh
    token's user, so their app would read and refresh for thirty days at a time."""

    def validate_bearer_token(self, token: str, scopes: Any, request: Any) -> bool:
        return bool(super().validate_bearer_token(token, scopes, request)) and _active(request)

    def validate_refresh_token(self, refresh_token: str, client: Any, request: Any, *args: Any, **kwargs: Any) -> bool:
        valid = super().validate_refresh_token(refresh_token, client, request, *args, **kwargs)
        return bool(valid) and _active(request)

    def validate_grant_type(self, client_id: str, grant_type: str, client: Any, request: Any, *args: Any,
                            **kwargs: Any) -> bool:  # fmt: skip
        """Only a player's consent makes a token here: the authorization code (and its refresh), whatever grant
        an app was registered with (a client-credentials app would get a token no player consented to)."""
        if grant_type not in GRANTS:
            return False
        return bool(super().validate_grant_type(client_id, grant_type, client, request, *args, **kwargs))

    def validate_response_type(self, client_id: str, response_type: str, client: Any, request: Any, *args: Any,
                               **kwargs: Any) -> bool:  # fmt: skip
        """`code` only: no implicit flow."""
        return response_type == "code" and bool(
            super().validate_response_type(client_id, response_type, client, request, *args, **kwargs)
        )

    def save_bearer_token(self, token: dict[str, Any], request: Any, *args: Any, **kwargs: Any) -> Any:
        """Remember which token a code was exchanged for, for as long as a code could be replayed."""
        saved = super().save_bearer_token(token, request, *args, **kwargs)
        if request.grant_type == "authorization_code" and getattr(request, "code", None):
            issued = self._load_access_token(token["access_token"])
            if issued is not None:
                cache.set(_code_key(request.code), issued.pk, CODE_REMEMBERED_SECONDS)
        return saved

    def validate_code(self, client_id: str, code: str, client: Any, request: Any, *args: Any, **kwargs: Any) -> bool:
        """A code used a second time is refused, and the tokens of its first exchange are revoked (RFC 6749
        §4.1.2: whoever replays it may have stolen it)."""
        if super().validate_code(client_id, code, client, request, *args, **kwargs):
            return True
        issued = cache.get(_code_key(code))
        if issued is not None:
            _revoke_family(issued)
        return False


GRANTS = ("authorization_code", "refresh_token")
CODE_REMEMBERED_SECONDS = 3600


def _code_key(code: str) -> str:
    return "oauth-code-used:" + hashlib.sha256(code.encode()).hexdigest()


def _revoke_family(access_token_id: int) -> None:
    """The access token, its refresh token and every token refreshed from it since (django-oauth-toolkit's
    token family)."""
    refresh = RefreshToken.objects.filter(access_token_id=access_token_id).first()
    if refresh is not None and refresh.token_family:
        RefreshToken.revoke_family(refresh.token_family)
    elif refresh is not None:
        refresh.revoke()
    AccessToken.objects.filter(pk=access_token_id).delete()


def _active(request: Any) -> bool:
    user = getattr(request, "user", None)
    return user is not None and bool(user.is_active)
