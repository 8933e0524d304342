"""A federation's licences, for its staff's page and the API."""

from typing import Any

from django.db.models import QuerySet

from tournaments.models import Licence, Organisation

SHOWN = 200


def licences_of(*, federation: Organisation, limit: int = 10_000) -> QuerySet[Licence]:
    """The federation's licences by number, with their player and club (the API's list: up to 10,000)."""
    return federation.licences.select_related("player", "club").order_by("number")[:limit]


def federation_licences(*, federation: Organisation) -> dict[str, Any]:
    """The page's: how many licences the federation holds, and the first SHOWN by number; two queries."""
    return {"count": federation.licences.count(), "licences": list(licences_of(federation=federation, limit=SHOWN))}
