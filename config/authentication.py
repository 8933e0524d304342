"""API tokens that expire: TOKEN_MAX_AGE_DAYS after they were issued (0: never). Logging in again
(POST /api/auth/token/) replaces an expired token; POST /api/auth/token/rotate/ replaces a live one. A token
is sent as `Authorization: Bearer <token>` (what generated clients send, as the schema declares it) or as
`Token <token>`; a bearer credential starting `bk_` is an organisation's API key, one starting `bo_` an app's
token acting for a player (each its own authentication)."""

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework.authentication import TokenAuthentication, get_authorization_header
from rest_framework.authtoken.models import Token
from rest_framework.exceptions import AuthenticationFailed


def token_expired(token: Token) -> bool:
    days = settings.TOKEN_MAX_AGE_DAYS
    return bool(days) and token.created < timezone.now() - timedelta(days=days)


class ExpiringTokenAuthentication(TokenAuthentication):
    def authenticate(self, request: Any) -> tuple[Any, Token] | None:
        words = get_authorization_header(request).split()
        if len(words) == 2 and words[0].lower() == b"bearer" and not words[1].startswith((b"bk_", b"bo_")):
            try:
                return self.authenticate_credentials(words[1].decode())
            except UnicodeError as error:
                raise AuthenticationFailed(
                    _("Invalid token header. Token string should not contain invalid characters.")
                ) from error
        return super().authenticate(request)

    def authenticate_credentials(self, key: str) -> tuple[Any, Token]:
        """DRF's check, with the user's player read in the same query: most API writes need the handle of
        whoever made them (a sheet's answer names who entered it)."""
        try:
            token = Token.objects.select_related("user__player").get(key=key)
        except Token.DoesNotExist as error:
            raise AuthenticationFailed(_("Invalid token.")) from error
        if not token.user.is_active:
            raise AuthenticationFailed(_("User inactive or deleted."))
        if token_expired(token):
            raise AuthenticationFailed("this token has expired: log in again (POST /api/auth/token/) for a new one")
        return token.user, token


class TokenScheme(OpenApiAuthenticationExtension):  # type: ignore[no-untyped-call]
    """The schema declares a person's token as HTTP bearer, so generated clients send it as `Bearer`."""

    target_class = "config.authentication.ExpiringTokenAuthentication"
    name = "tokenAuth"

    def get_security_definition(self, auto_schema: Any) -> dict[str, str]:
        return {
            "type": "http",
            "scheme": "bearer",
            "description": "A person's token (POST /api/auth/token/): `Authorization: Bearer <token>`; "
            "`Token <token>` is accepted too.",
        }
