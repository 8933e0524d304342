"""Pages of a long list, for the pages and the API alike."""

from collections.abc import Callable, Sequence
from typing import Any

from django.db.models import QuerySet
from rest_framework.pagination import CursorPagination, PageNumberPagination
from rest_framework.request import Request
from rest_framework.response import Response

from config import versioning
from config.errors import DomainError


def page_number(text: str | None) -> int:
    """A `?page=` value as a page number: 1 for anything that is not a short whole number."""
    return int(text) if text and text.isdigit() and len(text) < 7 else 1


def page_count(count: int, per_page: int) -> int:
    """How many pages `count` rows fill (one at least, so an empty list still has its page)."""
    return max(1, -(-count // per_page))


class ApiPages(PageNumberPagination):  # type: ignore[misc]  # DRF ships no types
    """The API's lists: `?page=N`, and `?page_size=` up to MAX_PAGE_SIZE (PAGE_SIZE, 50, when left out)."""

    page_size_query_param = "page_size"
    max_page_size = 200

    def get_page_size(self, request: Request) -> int:
        """A `page_size` that is no whole number from 1 is refused naming it (DRF would quietly use 50)."""
        text = request.query_params.get(self.page_size_query_param)
        if text is not None and not (text.isascii() and text.isdigit() and 0 < int(text) < 10**6):
            raise DomainError("page_size is a whole number from 1 (200 at most is used)", "invalid", "page_size")
        return int(super().get_page_size(request))

    def get_schema_operation_parameters(self, view: Any) -> list[dict[str, Any]]:
        parameters: list[dict[str, Any]] = super().get_schema_operation_parameters(view)
        for parameter in parameters:
            if parameter["name"] == self.page_size_query_param:
                parameter["schema"]["minimum"], parameter["schema"]["maximum"] = 1, self.max_page_size
                parameter["description"] = "Results per page: 50 unless given; more than 200 is read as 200."
        return parameters


class ChangesCursor(CursorPagination):  # type: ignore[misc]  # DRF ships no types
    """What changed, oldest change first, by an opaque cursor (`next`): a sync reads on from where it was
    without counting or skipping rows, however many change meanwhile (docs/api.md, "Syncing")."""

    ordering = ("changed_at", "id")
    page_size_query_param = "page_size"
    max_page_size = 200


def paged(
    request: Request, rows: QuerySet[Any] | Sequence[Any], serialize: Callable[[Sequence[Any]], Any], view: Any = None
) -> Response:
    """A list read's answer: one page of `rows` (`count`, `next`, `previous`, `results`), as every list of the
    API answers (docs/api.md, "Lists"); every row, as a bare array, to a client pinned to an API version from
    before lists were paged (config/versioning.py) or asking for CSV (an export is whole)."""
    if versioning.before(request._request, versioning.PAGED_LISTS) or request.accepted_renderer.format == "csv":
        return Response(serialize(list(rows)))
    paginator = ApiPages()
    page = paginator.paginate_queryset(rows, request, view=view)
    return paginator.get_paginated_response(serialize(page))


def many(serializer: Any) -> Callable[[Sequence[Any]], Any]:
    """`paged`'s `serialize` for a serializer class: its data for many rows."""
    return lambda rows: serializer(rows, many=True).data
