"""Issue 55: four of the five games are scored with practice data (their printed cards are not public). The
pages and answers say so in the reader's language, and their events are practice events: played as any
other, never sanctioned nor rated, until a steward makes the printed edition the game's."""

import pytest
from django.test import Client

from ratings.models import RatingEvent
from tests.factories import UserFactory
from tests.tournaments.helpers import running_round
from tournaments.catalogue.selectors import edition_is_practice, practice_games

pytestmark = pytest.mark.django_db
PRACTICE = ("boomerang-europe", "boomerang-usa", "boomerang-hunt", "boomerang-flip")


def test_every_game_but_australia_is_played_on_practice_data() -> None:
    assert practice_games() == set(PRACTICE)
    assert [edition_is_practice(game=game) for game in ("boomerang-australia", *PRACTICE)] == [False] + [True] * 4


@pytest.mark.parametrize(("language", "word"), [("en", "Practice data"), ("fr", "Données d’entraînement")])
def test_the_pad_and_the_table_page_of_a_europe_event_say_practice(language: str, word: str) -> None:
    event, round_ = running_round(game="boomerang-europe")
    table = round_.tables.get()
    player = Client(headers={"Accept-Language": language})
    player.force_login(table.seats.order_by("position").first().player.user)
    for path in (f"/tables/{table.pk}/", f"/tables/{table.pk}/pad/", f"/events/{event.pk}/"):
        page = player.get(path)
        assert page.status_code == 200, path
        assert word in page.content.decode(), path
    australia, round_ = running_round(game="boomerang-australia")
    table = round_.tables.get()
    player.force_login(table.seats.first().player.user)
    assert word not in player.get(f"/tables/{table.pk}/").content.decode()
    assert word not in player.get(f"/events/{australia.pk}/").content.decode()


def test_a_practice_events_tables_are_not_in_the_pool_after_a_stewards_sanction_attempt() -> None:
    event, _round = running_round(game="boomerang-usa")
    steward = Client()
    steward.force_login(UserFactory(is_superuser=True))
    answer = steward.post(f"/api/events/{event.pk}/sanction/", {"reason": "a club night"},
                          content_type="application/json")  # fmt: skip
    assert (answer.status_code, answer.json()["code"], answer.json()["field"]) == (409, "practice_edition", "game")
    french = steward.post(f"/api/events/{event.pk}/sanction/", {"reason": "x"}, content_type="application/json",
                          headers={"Accept-Language": "fr"})  # fmt: skip
    assert "données d’entraînement" in french.json()["detail"]
    event.refresh_from_db()
    assert event.sanction == "waiting"
    assert not RatingEvent.objects.filter(pool__game="boomerang-usa").exists()
    assert steward.get(f"/api/events/{event.pk}/").json()["practice"] is True


def test_once_the_printed_edition_is_loaded_the_game_is_no_longer_practice(real_edition_stand_in) -> None:
    event, _round = running_round(game="boomerang-usa")
    real_edition_stand_in("boomerang-usa")
    from config.page_cache import forget
    from tournaments.catalogue.selectors import PRACTICE_GAMES_KEY

    forget(PRACTICE_GAMES_KEY)  # the stand-in writes the row directly; a loaded edition clears it itself
    assert not edition_is_practice(game="boomerang-usa")
    assert Client().get(f"/api/events/{event.pk}/").json()["practice"] is False
