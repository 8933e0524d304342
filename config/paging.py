"""Pages of a long list, for the pages and the API alike."""

from rest_framework.pagination import PageNumberPagination


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
