"""A federation's levy page (its staff): the rule, and the statement for a period with its CSV."""

from datetime import date

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _

from config.errors import DomainError
from tournaments.auth import SignedInRequest
from tournaments.finance.selectors import levy_statement
from tournaments.finance.services import levy_rule_set
from tournaments.models import Organisation
from tournaments.selectors.permissions import require_staff
from tournaments.text import refusal


@login_required
def levy(request: SignedInRequest, slug: str) -> HttpResponse:
    federation = get_object_or_404(Organisation, slug=slug)
    try:
        require_staff(user=request.user, organisation=federation)
    except DomainError as refused:
        raise PermissionDenied(refusal(refused.code, refused.message)) from None
    if request.method == "POST":
        try:
            levy_rule_set(organisation=federation, by=request.user, **{
                name: request.POST.get(name, "") for name in ("per_player", "minimum", "currency", "reason")
            })  # fmt: skip
        except DomainError as refused:
            messages.error(request, refusal(refused.code, refused.message))
        else:
            messages.success(request, _("The levy is saved."))
        return redirect("club-levy", slug=slug)
    today = timezone.localdate()
    start = _day(request.GET.get("from"), date(today.year, 1, 1))
    end = _day(request.GET.get("to"), today)
    statement = levy_statement(federation=federation, start=start, end=end)
    return render(request, "pages/levy.html", {"organisation": federation, "statement": statement})


def _day(text: str | None, default: date) -> date:
    try:
        return date.fromisoformat(text or "")
    except ValueError:
        return default
