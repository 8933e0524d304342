"""How each rated table moved a player's rating, on the table page, "my event" and the player's page."""

import random

import pytest
from django.test import Client

from ratings.models import RatingChange
from tests.tournaments.helpers import legal_seat_data, running_round
from tournaments.results.services.sheets import sheet_submit

pytestmark = pytest.mark.django_db


@pytest.fixture
def rated_table(django_capture_on_commit_callbacks):
    event, round_ = running_round(players=4)
    table = round_.tables.get()
    seats, data = list(table.seats.order_by("position")), legal_seat_data(table, random.Random(33))
    for seat, seat_data in zip(seats, data, strict=True):
        with django_capture_on_commit_callbacks(execute=True):
            sheet_submit(seat_id=seat.pk, data=seat_data, by=seat.player.user)
    assert RatingChange.objects.filter(event__source=f"table:{table.pk}").count() == 4
    return event, table, seats


def shown_change(user_id: int, table_id: int) -> str:
    change = RatingChange.objects.get(event__source=f"table:{table_id}", player_id=user_id)
    delta = round((change.mu_after - 3 * change.sigma_after) - (change.mu_before - 3 * change.sigma_before), 1)
    return f"{'+' if delta > 0 else '−' if delta < 0 else '±'}{abs(delta):.1f}"


def test_the_table_page_gives_each_players_rating_change_marked_provisional(rated_table) -> None:
    _event, table, seats = rated_table
    page = Client().get(f"/tables/{table.pk}/").content.decode()
    for seat in seats:
        assert shown_change(seat.player.user_id, table.pk) in page
    assert page.count('class="provisional"') == 4  # a first game: every rating is provisional


def test_my_event_and_my_page_give_my_change_and_the_game_in_the_list(rated_table) -> None:
    event, table, seats = rated_table
    client = Client()
    client.force_login(seats[0].player.user)
    expected = shown_change(seats[0].player.user_id, table.pk)
    assert expected in client.get(f"/events/{event.pk}/me/").content.decode()
    player_page = client.get(f"/players/{seats[0].player.handle}/").content.decode()
    assert "Latest rated games" in player_page
    assert expected in player_page
    assert f'href="/tables/{table.pk}/"' in player_page


def test_french_pages_write_the_change_with_a_comma(rated_table) -> None:
    _event, table, seats = rated_table
    page = Client().get(f"/tables/{table.pk}/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert shown_change(seats[0].player.user_id, table.pk).replace(".", ",") in page
