"""Accounts: signing up, handles, API tokens."""

from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from django.contrib.auth.models import User
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import IntegrityError, transaction
from django.utils import translation
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy
from rest_framework.authtoken.models import Token

from config.authentication import token_expired
from config.errors import Conflict, DomainError
from tournaments.models import Player
from tournaments.validators import (
    handle_key,
    normalise_handle,
    validate_display_name,
    validate_handle,
)


def player_signup(
    *, username: str, password: str, handle: str, email: str = "", display_name: str = ""
) -> tuple[Player, str]:
    """Create an account, its player handle and an API token; the password passes Django's validators."""
    user_model = get_user_model()
    username = user_model.normalize_username(username)  # as create_user stores it (Unicode NFKC)
    display_name = " ".join(display_name.split())
    problems = signup_problems(
        username=username, password=password, handle=handle, email=email, display_name=display_name
    )
    if problems:
        field, (message, code) = next(iter(problems.items()))
        raise (Conflict if code.endswith("_taken") else DomainError)(message, code, field=field)
    taken = Conflict(
        format_lazy(gettext_lazy("the username {username!r} is taken"), username=username),
        "username_taken",
        field="username",
    )
    # The hasher's ~0.3 s of CPU before the transaction: on SQLite a transaction holds the database's one
    # write lock from its start, and a crowd signing up at a venue queued behind each other's hashing until
    # a wait ran past SQLite's timeout ("database is locked", bench/venue_crowd.py).
    password_hash = make_password(password)
    email = user_model.objects.normalize_email(email)  # as create_user stores it
    with transaction.atomic():
        try:
            with transaction.atomic():
                user = user_model.objects.create(username=username, email=email, password=password_hash)
        except IntegrityError as error:  # taken meanwhile
            raise taken from error
        player = player_create(user=user, handle=handle, display_name=display_name)
        token = Token.objects.create(user=user)
    return player, token.key


def signup_problems(
    *, username: str, password: str, handle: str, email: str = "", display_name: str = ""
) -> dict[str, tuple[str, str]]:
    """Every reason these sign-up details would be refused, by field: (message, code). Empty: all good.
    The sign-up page shows them all at once; the service refuses with the first."""
    user_model = get_user_model()
    username = user_model.normalize_username(username)
    problems: dict[str, tuple[str, str]] = {}
    if user_model.objects.filter(username__iexact=username).exists():
        problems["username"] = (f"the username {username!r} is taken", "username_taken")
    try:
        checked = checked_handle(handle)
    except DomainError as error:
        problems["handle"] = (str(error.message), error.code)
    else:
        if Player.objects.filter(handle_key=handle_key(checked)).exists():
            problems["handle"] = (f"the handle {checked!r} is taken", "handle_taken")
    try:
        validate_password(password, user=user_model(username=username))
    except ValidationError as error:
        problems["password"] = (" ".join(error.messages), "weak_password")
    if email:
        try:
            validate_email(email)
        except ValidationError:
            problems["email"] = (f"{email!r} is not an e-mail address", "invalid_email")
    try:
        validate_display_name(" ".join(display_name.split()))
    except ValidationError as error:
        problems["display_name"] = (error.messages[0], "invalid_display_name")
    return problems


def checked_handle(handle: str) -> str:
    """The handle as stored (NFKC), or a DomainError naming the rule."""
    handle = normalise_handle(handle)
    try:
        validate_handle(handle)
    except ValidationError as error:
        raise DomainError(error.messages[0], "invalid_handle", field="handle") from error
    return handle


def token_for_login(*, user: User) -> str:
    """The user's API token after a successful login: the live one, or a new one in place of an expired one."""
    with transaction.atomic():
        token = Token.objects.select_for_update().filter(user=user).first()
        if token is not None and not token_expired(token):
            return str(token.key)
        Token.objects.filter(user=user).delete()
        return str(Token.objects.create(user=user).key)


def token_rotate(*, user: User) -> str:
    """Replace the user's token (a leaked one stops working at once)."""
    with transaction.atomic():
        Token.objects.filter(user=user).delete()
        return str(Token.objects.create(user=user).key)


def player_create(*, user: User, handle: str, display_name: str = "") -> Player:
    """A player's handle is unique with case, accents and compatibility forms folded."""
    handle = checked_handle(handle)
    try:
        validate_display_name(display_name)
    except ValidationError as error:
        raise DomainError(error.messages[0], "invalid_display_name", "display_name") from None
    if Player.objects.filter(handle_key=handle_key(handle)).exists():
        raise Conflict(
            format_lazy(gettext_lazy("the handle {handle!r} is taken"), handle=handle), "handle_taken", field="handle"
        )
    try:
        with transaction.atomic():
            return Player.objects.create(user=user, handle=handle, display_name=display_name)
    except IntegrityError as error:
        raise Conflict(
            format_lazy(gettext_lazy("the handle {handle!r} is taken"), handle=handle), "handle_taken", field="handle"
        ) from error


def player_language_remember(*, user: User, language: str) -> None:
    """Keep the language the person last used on the site (signed up, logged in, or switched to): their
    e-mails and notices are written in it (results/services/notifications.py)."""
    code = (language or "").split("-")[0].lower()
    if code in dict(settings.LANGUAGES):
        Player.objects.filter(user_id=user.pk).exclude(language=code).update(language=code)


def player_language_on_log_in(sender: Any, request: Any, user: User, **kwargs: Any) -> None:
    player_language_remember(user=user, language=translation.get_language() or "")
