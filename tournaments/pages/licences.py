"""A federation's licences page (/clubs/<slug>/licences/, its staff): import the CSV (a file or pasted), whole or
not at all with each bad row named, and the licences it holds."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.files.uploadedfile import UploadedFile
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.text import format_lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from config.errors import DomainError
from tournaments.auth import SignedInRequest
from tournaments.models import Organisation
from tournaments.selectors.licences import federation_licences
from tournaments.selectors.permissions import is_staff_of
from tournaments.services.licences import licences_import
from tournaments.text import refusal

MOST_BYTES = 5_000_000


@login_required
def licences(request: SignedInRequest, slug: str) -> HttpResponse:
    federation = get_object_or_404(Organisation, slug=slug, kind=Organisation.Kind.FEDERATION)
    if not is_staff_of(user=request.user, organisation=federation):
        raise PermissionDenied
    faults: list[str] = []
    if request.method == "POST":
        upload = request.FILES.get("file")
        try:
            text = _text(upload) if upload else request.POST.get("csv", "")
            stored = licences_import(federation=federation, by=request.user, text=text)
        except DomainError as refused:
            faults = str(refused.message).split("; ") if refused.code == "invalid_licences" else []
            messages.error(request, _("Nothing was imported: the file has faults, listed below.") if faults
                           else refusal(refused.code, refused.message))  # fmt: skip
        else:
            imported = ngettext("%(count)d licence imported.", "%(count)d licences imported.", stored)
            messages.success(request, imported % {"count": stored})
            return redirect("club-licences", slug=slug)
    context = {"organisation": federation, "faults": faults, **federation_licences(federation=federation)}
    return render(request, "pages/licences.html", context)


def _text(upload: UploadedFile) -> str:
    if (upload.size or 0) > MOST_BYTES:
        message = format_lazy(gettext_lazy("the file is over {size} MB"), size=MOST_BYTES // 1_000_000)
        raise DomainError(message, "file_too_large", "file")
    try:
        return bytes(upload.read()).decode("utf-8")
    except UnicodeDecodeError:
        raise DomainError("the file is not UTF-8 text", "not_utf8", "file") from None
