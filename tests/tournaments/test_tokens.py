"""API tokens expire (TOKEN_MAX_AGE_DAYS), logging in replaces an expired one, and a token can be rotated."""

from datetime import timedelta

import pytest
from django.utils import timezone
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db


def login(player) -> str:
    body = {"username": player.user.username, "password": "a-long-test-password"}
    response = APIClient().post("/api/auth/token/", body, format="json")
    assert response.status_code == 200, response.content
    return str(response.json()["token"])


def me(token: str) -> int:
    return APIClient(headers={"Authorization": f"Token {token}"}).post("/api/auth/token/rotate/").status_code


def test_an_expired_token_is_refused_and_logging_in_gives_a_new_one(settings) -> None:
    settings.TOKEN_MAX_AGE_DAYS = 30
    player = PlayerFactory()
    old = login(player)
    Token.objects.filter(key=old).update(created=timezone.now() - timedelta(days=31))
    response = APIClient(headers={"Authorization": f"Token {old}"}).post("/api/auth/token/rotate/")
    assert response.status_code == 401
    assert "expired" in response.json()["detail"]
    fresh = login(player)
    assert fresh != old
    assert me(fresh) == 200


def test_a_live_token_is_kept_at_login_and_rotation_replaces_it() -> None:
    player = PlayerFactory()
    first = login(player)
    assert login(player) == first
    rotated = APIClient(headers={"Authorization": f"Token {first}"}).post("/api/auth/token/rotate/").json()["token"]
    assert rotated != first
    assert me(first) == 401
    assert me(rotated) == 200


def test_an_unknown_token_or_an_inactive_account_is_refused_and_a_live_one_brings_its_player(
    django_assert_num_queries,
) -> None:
    from config.authentication import ExpiringTokenAuthentication

    player = PlayerFactory()
    token = login(player)
    with django_assert_num_queries(1):  # the token, its user and the user's player: one query
        user, _ = ExpiringTokenAuthentication().authenticate_credentials(token)
        assert user.player.handle == player.handle
    unknown = APIClient(headers={"Authorization": "Token " + "0" * 40}).post("/api/auth/token/rotate/")
    assert (unknown.status_code, unknown.json()["detail"]) == (401, "Invalid token.")
    player.user.is_active = False
    player.user.save(update_fields=["is_active"])
    inactive = APIClient(headers={"Authorization": f"Token {token}"}).post("/api/auth/token/rotate/")
    assert (inactive.status_code, inactive.json()["detail"]) == (401, "User inactive or deleted.")
