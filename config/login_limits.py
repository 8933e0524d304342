"""Log-in limits that stop a guesser and never a venue or an owner (OWASP's authentication cheat sheet,
django-axes' lockout by account and address combined).

Before the password is checked, an attempt is refused (429, nothing checked) only when its account has had
too many failed guesses from this very address (`LoginPairThrottle`), or from addresses the account has
never signed in from (`LoginAccountThrottle`): the owner's own addresses stay open whatever a stranger
tried elsewhere, and a locked owner can always get in by the e-mailed one-time link (a password reset, which
signs them in and ends the lock). Failures per address (`LoginThrottle`) never refuse a right password: a
venue is one address, and one script's wrong passwords there must not stop everyone's arrivals. Past that
limit a wrong password is answered 429 rather than "wrong password", which slows the script's spraying."""

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import User
from django.http import HttpRequest
from rest_framework.request import Request
from rest_framework.throttling import SimpleRateThrottle

from config.throttling import (
    LoginAccountThrottle,
    LoginPairThrottle,
    LoginThrottle,
    address_remember,
    form_wait,
    login_guesses_forget,
    successes_forgotten,
)


@dataclass
class LoginAttempt:
    """One attempt's counts: `refused_wait` is set when it must not even be checked."""

    request: Request | HttpRequest
    before_check: list[SimpleRateThrottle] = field(
        default_factory=lambda: [LoginPairThrottle(), LoginAccountThrottle()]
    )
    address: LoginThrottle = field(default_factory=LoginThrottle)
    refused_wait: int | None = None
    address_over: bool = False

    def __post_init__(self) -> None:
        self.refused_wait = form_wait(self.request, self.before_check)
        if self.refused_wait is None:
            self.address_over = not self.address.allow_request(self.request, None)

    def succeeded(self, user: User) -> None:
        """A right password: no guess counted anywhere, and this address is now the account's own."""
        successes_forgotten([*self.before_check, self.address])
        address_remember(user.pk, self.address.get_ident(self.request))

    def failed_wait(self) -> int | None:
        """After a wrong password: the seconds to wait when the address is past its limit, else None."""
        if not self.address_over:
            return None
        return int(self.address.wait() or 1) + 1


def login_checked(request: Request | HttpRequest, check: Callable[[], Any]) -> tuple[Any, int | None]:
    """Runs `check` (which returns the signed-in user or None) unless the attempt is refused first; returns
    (what `check` returned, or None; the seconds to wait when the answer is 429, else None)."""
    attempt = LoginAttempt(request)
    if attempt.refused_wait is not None:
        return None, attempt.refused_wait
    user = check()
    if user is not None:
        attempt.succeeded(user)
        return user, None
    return None, attempt.failed_wait()


def login_address(request: Request | HttpRequest) -> str | None:
    """The address the log-in limits count this request's guesses under."""
    address: str | None = LoginThrottle().get_ident(request)
    return address


def login_unlocked(user_pk: int, address: str | None) -> None:
    """An organiser's desk vouches for the player standing at it (a player without e-mail, locked after a
    stranger's guesses): the account's failed guesses from the desk's address are forgotten and that address
    (the venue's, where the player is) becomes one of the account's own, so the right password signs in
    there whatever is tried elsewhere, where the lock holds. The password is still needed."""
    login_guesses_forget(user_pk, address)
    address_remember(user_pk, address)
