"""What the event pages of the admin share: only an event's organisers act on it."""

from typing import Any

from django.contrib import messages
from django.db.models import QuerySet
from django.http import HttpRequest

from config.errors import DomainError


class OrganiserActionsMixin:
    """Run a service per selected object and report domain refusals as messages, not errors."""

    def run_service(self, request: HttpRequest, queryset: QuerySet, service, verb: str) -> None:  # type: ignore[no-untyped-def]
        done = 0
        for obj in queryset:
            try:
                service(obj, request.user)
                done += 1
            except DomainError as error:
                self.message_user(request, f"{obj}: {error.message}", messages.WARNING)  # type: ignore[attr-defined]
        if done:
            self.message_user(request, f"{done} {verb}", messages.SUCCESS)  # type: ignore[attr-defined]


class PlayedRecordsKeptMixin:
    """What a result is made of (rounds, tables, their results and sheets) is never deleted from the admin:
    a deleted table's match would stay in its rating pool, its points in the places and the seasons. A
    result leaves through the services (a re-opening, a steward's decision), which go through the results
    pipeline. An event is deleted only before its first round is seated, one at a time."""

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False
