"""A player takes back an app's right to act for them (tournaments/integrations/app_auth.py)."""

from django.contrib.auth.models import User
from django.db import transaction
from oauth2_provider.models import AccessToken, Grant, RefreshToken
from rest_framework.authtoken.models import Token


def app_revoke(*, user: User, application_id: int | None = None) -> int:
    """Every token and grant the app (None: every app) holds for the player goes at once: its next call is
    refused (401) and its refresh token makes no new one. Returns how many tokens went."""
    only = {} if application_id is None else {"application_id": application_id}
    with transaction.atomic():
        Grant.objects.filter(user=user, **only).delete()
        refreshes, _ = RefreshToken.objects.filter(user=user, **only).delete()
        accesses, _ = AccessToken.objects.filter(user=user, **only).delete()
    return int(refreshes + accesses)


def credentials_revoke_on_password_change(*, user: User) -> None:
    """A new password ends every credential the old one could have given away (OWASP): the API token and
    every app's tokens go, as the other sessions do (Django ties them to the password's hash). The page that
    changed it stays signed in."""
    with transaction.atomic():
        Token.objects.filter(user=user).delete()
        app_revoke(user=user)
