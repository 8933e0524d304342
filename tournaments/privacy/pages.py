"""The privacy app's pages: the privacy notice, a person's data downloaded, and an account erased."""

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from config.errors import DomainError
from tournaments.auth import SignedInRequest
from tournaments.models import Player
from tournaments.privacy.selectors import person_export
from tournaments.privacy.services import account_erase
from tournaments.text import refusal


@login_required
def my_data(request: SignedInRequest) -> HttpResponse:
    """Everything the service holds about the signed-in person, downloaded as JSON."""
    answer = JsonResponse(person_export(user=request.user), json_dumps_params={"indent": 2})
    answer["Content-Disposition"] = 'attachment; filename="my-boomerang-data.json"'
    answer["Cache-Control"] = "no-store"
    return answer


@require_POST
@login_required
def erase(request: SignedInRequest) -> HttpResponse:
    """Erase the signed-in account (its password asked again), then say what happened on the privacy page."""
    player = get_object_or_404(Player, user=request.user)
    try:
        account_erase(user=request.user, password=request.POST.get("password", ""))
    except DomainError as refused:
        messages.error(request, refusal(refused.code, refused.message))
        return redirect(f"{reverse('player', args=[player.handle])}#my-data")
    logout(request)
    messages.success(request, _("Your account is erased: your results stay under a pseudonym."))
    return redirect("privacy")


def privacy(request: HttpRequest) -> HttpResponse:
    return render(
        request, "privacy/privacy.html", {"guest_months": 12, "idempotency_hours": settings.IDEMPOTENCY_HOURS}
    )
