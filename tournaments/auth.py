"""Logging in by username or by handle, case-blind: people remember the name they see on tables (their
handle) at least as often as the one they chose to log in with."""

from typing import Any

from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.models import User
from django.http import HttpRequest

from tournaments.models import Player
from tournaments.validators import handle_key


def account_of(name: str) -> User | None:
    """The account a log-in name names: the username as typed, else the one username equal to it with case
    folded, else the (non-guest) player whose handle it is, case and accents folded. None when none does."""
    name = name.strip()
    users = User.objects
    exact = users.filter(username=name).first()
    if exact is not None:
        return exact
    folded = list(users.filter(username__iexact=name)[:2])
    if len(folded) == 1:
        return folded[0]
    player = Player.objects.filter(handle_key=handle_key(name), guest=False).select_related("user").first()
    return player.user if player is not None else None


class UsernameOrHandleBackend(ModelBackend):
    """Django's own backend (permissions included), finding the account by `account_of`."""

    def authenticate(
        self, request: HttpRequest | None, username: str | None = None, password: str | None = None, **kwargs: Any
    ) -> User | None:
        if not username or password is None:
            return None
        user = account_of(username)
        if user is None:
            User().set_password(password)  # the time a real check takes, as ModelBackend does
            return None
        return user if user.check_password(password) and self.user_can_authenticate(user) else None


class SignedInRequest(HttpRequest):
    """The request a `login_required` view receives: its user is signed in (for the type checker)."""

    user: User
