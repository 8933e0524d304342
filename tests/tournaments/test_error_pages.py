"""Error pages in the site's layout and the visitor's language, saying why and where to go."""

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def test_a_missing_page_answers_404_in_the_sites_layout() -> None:
    response = Client().get("/nope/")
    page = response.content.decode()
    assert response.status_code == 404
    assert '<header class="top">' in page
    assert "Page not found" in page
    assert 'href="/"' in page


def test_a_missing_page_speaks_french_when_asked() -> None:
    response = Client().get("/nope/", HTTP_ACCEPT_LANGUAGE="fr")
    page = response.content.decode()
    assert response.status_code == 404
    assert '<header class="top">' in page
    assert "Page introuvable" in page
    assert 'lang="fr"' in page


def test_a_missing_api_resource_still_answers_json() -> None:
    response = Client().get("/api/nope/")
    assert response.status_code == 404
    assert response.json()["code"] == "not_found"


def test_a_page_refused_to_a_player_answers_403_in_the_layout(client, user) -> None:
    from tests.tournaments.helpers import running_round

    event, _round = running_round()
    client.force_login(user)
    response = client.get(f"/events/{event.pk}/tv/", HTTP_ACCEPT_LANGUAGE="fr")
    assert response.status_code == 403
    assert '<header class="top">' in response.content.decode()
    assert "Non autorisé" in response.content.decode()


def test_an_unexpected_error_page_is_in_the_layout_and_the_visitors_language(rf) -> None:
    from django.utils import translation

    from config.views import server_error_answer

    with translation.override("fr"):
        response = server_error_answer(rf.get("/events/1/"))
    assert response.status_code == 500
    assert "Une erreur est survenue" in response.content.decode()
    assert '<header class="top">' in response.content.decode()


def test_french_pages_name_the_games_in_french() -> None:
    from tests.factories import EventFactory

    EventFactory(game="boomerang-flip", status="registration")
    page = Client().get("/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Boomerang (jeu de retournement à deux)" in page
    assert "two-player flip" not in page


def test_the_apis_refusals_speak_french_when_asked_and_keep_their_code(api_client) -> None:
    from tests.factories import PlayerFactory

    PlayerFactory(handle="pris")
    body = {"username": "nouveau", "handle": "pris", "password": "correct-horse-battery"}
    french = api_client.post("/api/players/", body, format="json", HTTP_ACCEPT_LANGUAGE="fr").json()
    english = api_client.post("/api/players/", body, format="json").json()
    assert french["code"] == english["code"] == "handle_taken"
    assert french["detail"].startswith("Ce pseudo est pris")
    assert english["detail"] == "the handle 'pris' is taken"
