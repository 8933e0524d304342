"""API tokens that expire: TOKEN_MAX_AGE_DAYS after they were issued (0: never). Logging in again
(POST /api/auth/token/) replaces an expired token; POST /api/auth/token/rotate/ replaces a live one."""

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from rest_framework.authentication import TokenAuthentication
from rest_framework.authtoken.models import Token
from rest_framework.exceptions import AuthenticationFailed


def token_expired(token: Token) -> bool:
    days = settings.TOKEN_MAX_AGE_DAYS
    return bool(days) and token.created < timezone.now() - timedelta(days=days)


class ExpiringTokenAuthentication(TokenAuthentication):
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
