"""Pages of a long list, for the pages and the API alike."""


def page_number(text: str | None) -> int:
    """A `?page=` value as a page number: 1 for anything that is not a short whole number."""
    return int(text) if text and text.isdigit() and len(text) < 7 else 1


def page_count(count: int, per_page: int) -> int:
    """How many pages `count` rows fill (one at least, so an empty list still has its page)."""
    return max(1, -(-count // per_page))
