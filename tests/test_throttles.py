"""Throttles: their own bucket per scope, the client address not taken from a forged header, and a
stopped Redis (their cache) letting requests through instead of answering 500."""

import random
import shutil

import pytest
import redis

from tests.tournaments.helpers import legal_seat_data, running_round
from tests.workers import free_port, redis_server
from tournaments.models import ScoreSheet

pytestmark = pytest.mark.django_db


def login(api_client, **headers: str) -> int:
    body = {"username": "x", "password": "wrong"}
    return api_client.post("/api/auth/token/", body, format="json", headers=headers).status_code


def test_a_forged_x_forwarded_for_does_not_give_a_fresh_login_bucket(api_client) -> None:
    statuses = [login(api_client, x_forwarded_for=f"203.0.113.{i}") for i in range(31)]
    assert statuses[:30] == [400] * 30
    assert statuses[30] == 429


def test_behind_one_trusted_proxy_the_address_it_adds_is_the_client(api_client, settings) -> None:
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "NUM_PROXIES": 1}  # DRF reloads on the change
    # The client forges the first entry; the proxy appends the address it saw, which is what counts.
    statuses = [login(api_client, x_forwarded_for=f"198.51.100.{i}, 192.0.2.7") for i in range(31)]
    assert statuses[30] == 429
    assert login(api_client, x_forwarded_for="198.51.100.1, 192.0.2.8") == 400  # another real client


def test_signing_up_does_not_use_up_the_login_bucket(api_client) -> None:
    for i in range(20):
        body = {"username": f"new{i}", "password": "correct-horse-battery", "handle": f"new{i}"}
        assert api_client.post("/api/players/", body, format="json").status_code == 201
    assert login(api_client) == 400


def test_creating_events_is_throttled_per_user(user_client) -> None:
    statuses = [
        user_client.post("/api/events/", {"name": f"Night {i}", "game": "boomerang-flip"}, format="json").status_code
        for i in range(21)
    ]
    assert statuses[:20] == [201] * 20
    assert statuses[20] == 429


@pytest.mark.skipif(shutil.which("redis-server") is None, reason="needs the redis-server binary")
def test_a_sheet_is_stored_and_answered_while_the_throttles_redis_is_stopped() -> None:
    from django.test import override_settings
    from rest_framework.test import APIClient

    port = free_port()
    location = f"redis://127.0.0.1:{port}/0"
    _event, round_ = running_round()
    table = round_.tables.get()
    seats, data = list(table.seats.order_by("position")), legal_seat_data(table, random.Random(3))
    client = APIClient()
    redis_cache = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": location}}
    with override_settings(CACHES=redis_cache):
        with redis_server(port):
            client.force_authenticate(seats[0].player.user)
            answer = client.post(f"/api/seats/{seats[0].pk}/sheets/", {"data": data[0]}, format="json")
            assert answer.status_code == 202
            assert redis.Redis.from_url(location).keys("*throttle_submission*")  # the throttle counted there
        client.force_authenticate(seats[1].player.user)
        answer = client.post(f"/api/seats/{seats[1].pk}/sheets/", {"data": data[1]}, format="json")
    assert answer.status_code == 202, answer.content
    assert ScoreSheet.objects.filter(seat=seats[1]).count() == 1
