"""Accounts from the pages: every sign-up problem at once, an optional e-mail, a password reset by e-mail."""

import re

import pytest
from django.core import mail
from django.test import Client

from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db


def test_sign_up_shows_every_problem_at_once() -> None:
    taken = PlayerFactory(handle="kangaroo")
    body = {"username": taken.user.username, "handle": "Kangaroo", "password": "12345678901",
            "password_again": "12345678901", "email": "not-an-address"}  # fmt: skip
    page = Client().post("/accounts/signup/", body).content.decode()
    assert "That username is taken." in page
    assert "That handle is taken" in page
    assert "entirely numeric" in page  # Django's own password rule
    assert "Enter a valid email address." in page
    assert page.count('class="errorlist"') >= 4


def test_sign_up_with_an_e_mail_keeps_it_on_the_account() -> None:
    body = {"username": "zoe", "handle": "zoe", "password": "correct-horse-battery", "password_again":
            "correct-horse-battery", "email": "zoe@example.org"}  # fmt: skip
    assert Client().post("/accounts/signup/", body).status_code == 302
    from django.contrib.auth.models import User

    assert User.objects.get(username="zoe").email == "zoe@example.org"


def test_a_forgotten_password_is_reset_through_the_link_sent_by_e_mail() -> None:
    player = PlayerFactory()
    player.user.email = "ann@example.org"
    player.user.save()
    client = Client()
    assert client.post("/accounts/password/reset/", {"email": "ann@example.org"}).status_code == 302
    assert len(mail.outbox) == 1
    link = re.search(r"https?://[^/]+(/accounts/password/reset/\S+/)", mail.outbox[0].body)[1]
    form = client.get(link, follow=True)
    assert "Choose a new password" in form.content.decode()
    new = {"new_password1": "a-brand-new-password", "new_password2": "a-brand-new-password"}
    assert client.post(form.redirect_chain[-1][0], new).status_code == 302
    assert Client().login(username=player.user.username, password="a-brand-new-password")


def test_the_login_page_links_to_the_reset() -> None:
    assert 'href="/accounts/password/reset/"' in Client().get("/accounts/login/").content.decode()


def test_a_name_with_spaces_is_kept_beside_the_handle_and_shown_on_the_players_page(api_client) -> None:
    body = {"username": "mz", "handle": "mzoe", "password": "correct-horse-battery",
            "password_again": "correct-horse-battery", "display_name": " Zoé  Martin-Lefèvre "}  # fmt: skip
    assert Client().post("/accounts/signup/", body).status_code == 302
    from tournaments.models import Player

    assert Player.objects.get(handle="mzoe").display_name == "Zoé Martin-Lefèvre"
    page = Client().get("/players/mzoe/").content.decode()
    assert "Zoé Martin-Lefèvre" in page
    assert "@mzoe" in page
    api = {"username": "kk", "handle": "kk1", "password": "correct-horse-battery", "display_name": "Kim\u200bK"}
    response = api_client.post("/api/players/", api, format="json")
    assert (response.status_code, response.json()["field"]) == (400, "display_name")


def test_log_in_by_username_or_handle_case_blind_on_the_page_and_for_a_token() -> None:
    from django.contrib.auth import get_user_model

    from tests.factories import PlayerFactory

    player = PlayerFactory(handle="Zoé_D")
    player.user.username = "zoe-login"
    player.user.set_password("a-long-enough-secret")
    player.user.save()
    for name in ("zoe-login", "ZOE-LOGIN", "Zoé_D", "zoe_d", "ZOE_D"):
        client = Client()
        answer = client.post("/accounts/login/", {"username": name, "password": "a-long-enough-secret"})
        assert answer.status_code == 302, name
        assert client.get("/").wsgi_request.user == player.user
        token = Client().post("/api/auth/token/", {"username": name, "password": "a-long-enough-secret"},
                              content_type="application/json")  # the API takes JSON  # fmt: skip
        assert token.status_code == 200, (name, token.content)
    wrong = Client().post("/accounts/login/", {"username": "Zoé_D", "password": "not-it"})
    assert wrong.status_code == 200
    assert "Username or handle" in Client().get("/accounts/login/").content.decode()
    get_user_model().objects.create_user(username="ZOE-login", password="another-secret-1")  # case twins
    assert (
        Client().post("/accounts/login/", {"username": "zoe-login", "password": "a-long-enough-secret"}).status_code
        == 302
    )
    assert (
        Client().post("/accounts/login/", {"username": "Zoe-Login", "password": "a-long-enough-secret"}).status_code
        == 200
    )
    signup = Client().get("/accounts/signup/").content.decode()
    assert signup.count('autocapitalize="none"') == 2  # username and handle


def test_a_handle_and_its_username_share_one_log_in_bucket(settings) -> None:
    from tests.factories import PlayerFactory
    from tests.test_throttles import form_login

    player = PlayerFactory(handle="ann_h")
    player.user.username = "ann-login"
    player.user.save()
    client = Client()
    statuses = [form_login(client, name, address=f"192.0.2.{i}") for i, name in enumerate(["ann_h", "ANN-LOGIN"] * 15)]
    assert statuses == [200] * 30
    assert form_login(client, "Ann_H", address="192.0.2.99") == 429  # the account's 31st guess, whichever name
