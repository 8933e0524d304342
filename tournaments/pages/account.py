"""Sign-up and log-in (throttled in the API's buckets); log out and password change are Django's own views
with these templates."""

from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.i18n import set_language

from config.errors import DomainError
from config.login_limits import login_checked
from config.throttling import LoginThrottle, SignupThrottle, address_remember, form_wait
from tournaments.auth import SignedInRequest
from tournaments.integrations.services.apps import credentials_revoke_on_password_change
from tournaments.models import Player
from tournaments.pages.forms import SignupForm
from tournaments.results.services import notifications as notifications_services
from tournaments.services.accounts import player_language_remember, player_signup
from tournaments.services.clubs import player_notifications_set
from tournaments.text import refusal, wait_text


class LoginView(auth.LoginView):
    """Django's log-in page, limited as the API's log-in is (config/login_limits.py)."""

    template_name = "pages/login.html"

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        answered: list[HttpResponse] = []

        def check() -> Any:
            answered.append(super(LoginView, self).post(request, *args, **kwargs))
            return request.user if request.user.is_authenticated else None

        _user, wait = login_checked(request, check)
        if wait is None:
            return answered[0]
        form = self.get_form_class()(request, initial={"username": request.POST.get("username", "")})
        return _too_many(self.render_to_response(self.get_context_data(form=form, throttled=wait_text(wait))), wait)


def signup(request: HttpRequest) -> HttpResponse:
    form = SignupForm(request.POST or None)
    if request.method == "POST" and (wait := form_wait(request, [SignupThrottle()])) is not None:
        form = SignupForm(initial={"username": request.POST.get("username", "")})
        return _too_many(render(request, "pages/signup.html", {"form": form, "throttled": wait_text(wait)}), wait)
    if request.method == "POST" and form.is_valid():
        try:
            player, _token = player_signup(
                username=form.cleaned_data["username"],
                password=form.cleaned_data["password"],
                handle=form.cleaned_data["handle"],
                email=form.cleaned_data["email"],
                display_name=form.cleaned_data["display_name"],
            )
        except DomainError as error:
            form.add_error(error.field if error.field in form.fields else None, refusal(error.code, error.message))
        else:
            login(request, player.user, backend=settings.AUTHENTICATION_BACKENDS[0])
            wanted = request.GET.get("next", "")
            safe = url_has_allowed_host_and_scheme(wanted, allowed_hosts={request.get_host()})
            return redirect(wanted if wanted and safe else "home")
    return render(request, "pages/signup.html", {"form": form})


def _too_many(response: HttpResponse, wait: int) -> HttpResponse:
    """Nothing in the form was checked (no password tried): 429 with Retry-After."""
    response.status_code = 429
    response["Retry-After"] = str(wait)
    return response


def unsubscribe(request: HttpRequest, token: str) -> HttpResponse:
    """The link in every e-mail: a button (a POST, so a mail scanner following links turns nothing off)."""
    if request.method == "POST":
        done = notifications_services.unsubscribe(token)
        return render(request, "pages/unsubscribe.html", {"done": done is not None, "asked": True})
    return render(request, "pages/unsubscribe.html", {"asked": False})


@login_required
def notification_settings(request: SignedInRequest) -> HttpResponse:
    """The signed-in player's e-mail choices and language (a form on their own page)."""
    player = get_object_or_404(Player, user=request.user)
    if request.method == "POST":
        choices = {kind: kind in request.POST for kind in ("seated", "rejected", "finished", "changes")}
        try:
            player_notifications_set(
                player=player, by=request.user, language=request.POST.get("language", ""), **choices
            )
        except DomainError as refused:
            messages.error(request, refusal(refused.code, refused.message))
        else:
            messages.success(request, _("Your e-mail choices are saved."))
    return redirect("player", handle=player.handle)


@csrf_exempt  # the footer's switcher carries no token (config/urls.py): a forged switch only changes a language
def language_switch(request: HttpRequest) -> HttpResponse:
    """Django's language switch, remembered for a signed-in person when the switch came from this site: their
    e-mails follow it (another site's forged switch changes this browser's pages, never the account)."""
    response = set_language(request)
    if request.method == "POST" and request.user.is_authenticated and _from_this_site(request):
        player_language_remember(user=request.user, language=request.POST.get("language", ""))
    return response


def _from_this_site(request: HttpRequest) -> bool:
    """What the browser says of the request's origin (Sec-Fetch-Site, else Origin) names this site."""
    fetched_from = request.headers.get("Sec-Fetch-Site")
    if fetched_from is not None:
        return fetched_from in ("same-origin", "none")
    origin = request.headers.get("Origin")
    return origin is None or origin == f"{request.scheme}://{request.get_host()}"


class PasswordResetConfirmView(auth.PasswordResetConfirmView):
    """The e-mailed one-time link: a new password signs its owner in at once, and the address it was opened
    from becomes the account's own, so a lock that strangers' guesses put on the account holds them no more."""

    template_name = "pages/password_reset_confirm.html"
    post_reset_login = True
    post_reset_login_backend = "django.contrib.auth.backends.ModelBackend"
    success_url = "/accounts/password/reset/done/"

    def form_valid(self, form: Any) -> HttpResponse:
        response = super().form_valid(form)
        address_remember(form.user.pk, LoginThrottle().get_ident(self.request))
        credentials_revoke_on_password_change(user=form.user)
        return response


class PasswordChangeView(auth.PasswordChangeView):
    """Django's; a new password also ends the account's API token and its apps' tokens."""

    template_name = "pages/password.html"
    success_url = "/"

    def form_valid(self, form: Any) -> HttpResponse:
        response = super().form_valid(form)
        credentials_revoke_on_password_change(user=form.user)
        return response
