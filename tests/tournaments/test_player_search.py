"""A player is their handle in the API: found by part of a handle or name, each with a link to their profile."""

import pytest
from django.test import Client

from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db


def test_players_are_found_by_part_of_their_handle_or_name_with_a_link() -> None:
    PlayerFactory(handle="kangaroo-kim", display_name="Kim")
    PlayerFactory(handle="wallaby", display_name="Joanne Roo")
    PlayerFactory(handle="emu")
    found = Client().get("/api/players/", {"search": "roo"}).json()
    assert [p["handle"] for p in found["results"]] == ["kangaroo-kim", "wallaby"]
    assert found["results"][0]["url"] == "http://testserver/api/players/kangaroo-kim/"
    assert Client().get(found["results"][0]["url"]).json()["handle"] == "kangaroo-kim"
    assert Client().get("/api/players/").json()["count"] == 3


def test_a_search_of_one_character_is_refused_naming_it() -> None:
    answer = Client().get("/api/players/", {"search": "k"})
    assert (answer.status_code, answer.json()["field"]) == (400, "search")
