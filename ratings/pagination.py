"""Page-number pages of a whole pool's leaderboard, found through the rank buckets (ratings/buckets.py): the
count is the buckets' sum and page 20,000 starts inside one bucket, so it costs what page 1 does (OFFSET
would read and skip every rating above it, and COUNT would read them all)."""

from functools import cached_property

from django.core.paginator import Page, Paginator
from rest_framework.request import Request

from config.errors import NotFound
from config.paging import ApiPages
from ratings.buckets import page_start, stored_buckets, upper_bound
from ratings.models import Rating, RatingPool


class _CountedPaginator(Paginator):  # type: ignore[type-arg]
    def __init__(self, total: int, per_page: int) -> None:
        super().__init__([], per_page)
        self.total = total

    @cached_property
    def count(self) -> int:
        return self.total


class PoolPagination(ApiPages):
    """The API's pages (`?page=`, `?page_size=` up to 200, a bad one refused naming it), found by buckets."""

    def paginate_pool(self, pool: RatingPool, request: Request) -> list[Rating]:
        self.request = request
        size = self.get_page_size(request) or 50
        try:
            number = int(request.query_params.get(self.page_query_param, 1))
        except ValueError as error:
            raise NotFound("Invalid page.", "not_found", "page") from error
        buckets = stored_buckets(pool=pool)
        paginator = _CountedPaginator(sum(buckets.values()), size)
        if number < 1 or (number > 1 and number > paginator.num_pages):
            raise NotFound("Invalid page.", "not_found", "page")
        start = page_start(buckets=buckets, position=(number - 1) * size)
        rows: list[Rating] = []
        if start is not None:
            floor, skipped = start
            below = pool.ratings.filter(conservative__lt=upper_bound(floor)).order_by("-conservative", "id")
            rows = list(below[skipped : skipped + size])
        self.page = Page(rows, number, paginator)
        return rows
