"""Sign-up; log in, log out and password change are Django's own views with these templates."""

from django.contrib.auth import login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme

from config.errors import DomainError
from tournaments import services
from tournaments.pages.forms import SignupForm
from tournaments.pages.text import refusal


def signup(request: HttpRequest) -> HttpResponse:
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            player, _token = services.player_signup(
                username=form.cleaned_data["username"],
                password=form.cleaned_data["password"],
                handle=form.cleaned_data["handle"],
            )
        except DomainError as error:
            form.add_error(error.field if error.field in form.fields else None, refusal(error.code, error.message))
        else:
            login(request, player.user, backend="django.contrib.auth.backends.ModelBackend")
            wanted = request.GET.get("next", "")
            safe = url_has_allowed_host_and_scheme(wanted, allowed_hosts={request.get_host()})
            return redirect(wanted if wanted and safe else "home")
    return render(request, "pages/signup.html", {"form": form})
