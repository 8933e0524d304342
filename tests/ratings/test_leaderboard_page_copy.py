"""Issue 65: during a championship's round every rated table moved the leaderboard, and each spectator built
its page (p95 1.2 s with a node short of CPU). A visitor now reads a copy kept until the pool moves; a
signed-in person and a filtered board are built for them."""

import pytest
from django.test import Client
from django.utils import timezone

from ratings.services.pools import Placing, match_record
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db
BOARD = "/leaderboards/boomerang-australia/"


def table_rated(source: str) -> list[str]:
    players = [PlayerFactory() for _ in range(4)]
    match_record(game="boomerang-australia", source=source, order_at=timezone.now(),
                 placings=[Placing(p.user_id, p.handle, rank) for rank, p in enumerate(players, start=1)])  # fmt: skip
    return [p.handle for p in players]


def test_a_visitor_reads_the_kept_board_until_the_pool_moves(django_assert_max_num_queries) -> None:
    first = table_rated("table:1")
    page = Client().get(BOARD).content.decode()
    assert all(handle in page for handle in first)
    with django_assert_max_num_queries(2):  # the pool and its version: no board read, no rendering
        again = Client().get(BOARD)
    assert again.content.decode() == page
    second = table_rated("table:2")
    moved = Client().get(BOARD).content.decode()
    assert all(handle in moved for handle in first + second)


def test_a_signed_in_reader_and_a_filtered_board_are_built_for_them() -> None:
    handles = table_rated("table:1")
    reader = Client()
    reader.force_login(PlayerFactory().user)
    assert handles[0] in reader.get(BOARD).content.decode()
    assert handles[0] not in Client().get(BOARD, {"country": "ZZ"}).content.decode()


def test_a_malformed_cursor_reads_the_first_pages_copy_not_a_copy_of_its_own(django_assert_max_num_queries) -> None:
    table_rated("table:1")
    first = Client().get(BOARD).content.decode()
    with django_assert_max_num_queries(2):
        assert Client().get(BOARD, {"after": "not-a-cursor"}).content.decode() == first
