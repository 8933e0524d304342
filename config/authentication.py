"""API tokens that expire: TOKEN_MAX_AGE_DAYS after they were issued (0: never). Logging in again
(POST /api/auth/token/) replaces an expired token; POST /api/auth/token/rotate/ replaces a live one. A token
is sent as `Authorization: Bearer <token>` (what generated clients send, as the schema declares it) or as
`Token <token>`; a bearer credential starting `bk_` is an organisation's API key, one starting `bo_` an app's
token acting for a player (each its own authentication)."""

from collections.abc import Sequence
from datetime import timedelta
from functools import cache
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import connection
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from rest_framework.authentication import TokenAuthentication, get_authorization_header
from rest_framework.authtoken.models import Token
from rest_framework.exceptions import AuthenticationFailed

from config.rows import columns_of, field_of, instance_from, width_of


def token_expired(token: Token) -> bool:
    days = settings.TOKEN_MAX_AGE_DAYS
    return bool(days) and token.created < timezone.now() - timedelta(days=days)


TOKEN_READ = "token_read_with_the_request"  # (key, token or None), set on the request by whoever read it first
OTHER_BEARERS = ("bk_", "bo_")  # an organisation's API key, an app's token: each its own authentication


def token_key_of(authorization: str) -> str | None:
    """The API token an Authorization header sends (`Token <key>` or `Bearer <key>`), as this authentication
    reads it; None for any other credential (read before the authentication: TOKEN_READ)."""
    words = authorization.split()
    if len(words) != 2 or words[0].lower() not in ("token", "bearer") or words[1].startswith(OTHER_BEARERS):
        return None
    return words[1]


class ExpiringTokenAuthentication(TokenAuthentication):
    """DRF's token authentication, with tokens that expire, `Bearer` as well as `Token`, and the token read
    once a request: a keyed POST's first statement reads it with the key's lock (TOKEN_READ)."""

    read_with_the_request: tuple[str, Token | None] | None = None

    def authenticate(self, request: Any) -> tuple[Any, Token] | None:
        self.read_with_the_request = getattr(getattr(request, "_request", request), TOKEN_READ, None)
        words = get_authorization_header(request).split()
        if (
            len(words) == 2
            and words[0].lower() == b"bearer"
            and not words[1].decode("latin-1").startswith(OTHER_BEARERS)
        ):
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
        read = self.read_with_the_request
        token = read[1] if read is not None and read[0] == key else _token_with_user_and_player(key)
        if token is None:
            raise AuthenticationFailed(_("Invalid token."))
        if not token.user.is_active:
            raise AuthenticationFailed(_("User inactive or deleted."))
        if token_expired(token):
            raise AuthenticationFailed("this token has expired: log in again (POST /api/auth/token/) for a new one")
        return token.user, token


def _token_with_user_and_player(key: str) -> Token | None:
    """`Token.objects.select_related("user__player").get(key=key)`, by hand: every API write's first query,
    and Django's compiler was most of its cost (config/rows.py)."""
    columns, joined = token_reading()
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {columns} FROM {joined} WHERE t.key = %s", [key])
        row = cursor.fetchone()
    return None if row is None else token_from(row, 0)


def token_from(row: Sequence[Any], start: int) -> Token | None:
    """The token with its user and player from `row` at `start`, as `token_reading` lists them (None when
    the row has none: a left join found no such token)."""
    user_model = get_user_model()
    player_model = field_of(user_model, "player").related_model
    if row[start] is None:
        return None
    db = connection.alias
    token = instance_from(Token, row, start, db)
    user = instance_from(user_model, row, start := start + width_of(Token), db)
    has_player = row[start + width_of(user_model)] is not None
    player = instance_from(player_model, row, start + width_of(user_model), db) if has_player else None
    field_of(Token, "user").set_cached_value(token, user)
    field_of(user_model, "player").set_cached_value(user, player)  # None: user.player raises DoesNotExist
    if player is not None:
        field_of(player_model, "user").set_cached_value(player, user)
    return token


@cache
def token_reading() -> tuple[str, str]:
    """The columns of a token, its user and their player, and the tables they are read from (the token's
    alias is `t`): a statement of another's may read a token by its key alongside its own (the
    Idempotency-Key's, tournaments/integrations/services/idempotency.py)."""
    user_model = get_user_model()
    player_model = field_of(user_model, "player").related_model
    token_table, user_table = Token._meta.db_table, user_model._meta.db_table
    return (
        f"{columns_of(Token, 't')}, {columns_of(user_model, 'u')}, {columns_of(player_model, 'p')}",
        f'"{token_table}" t JOIN "{user_table}" u ON u.id = t.user_id'
        f' LEFT JOIN "{player_model._meta.db_table}" p ON p.user_id = u.id',
    )
