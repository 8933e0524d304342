"""Throttles: their own bucket per scope, the client address not taken from a forged header, the log-in
and sign-up forms in the API's buckets, and a stopped Redis (their cache) neither answering 500 nor
switching the limits off."""

import random
import shutil
import threading
from concurrent.futures import ThreadPoolExecutor
from types import SimpleNamespace

import pytest
import redis

from config.throttling import LoginThrottle, SignupThrottle, SubmissionThrottle
from tests.tournaments.helpers import legal_seat_data, running_round
from tests.workers import free_port, redis_server
from tournaments.models import ScoreSheet

pytestmark = pytest.mark.django_db


def login(api_client, username: str = "x", **headers: str) -> int:
    body = {"username": username, "password": "wrong"}
    return api_client.post("/api/auth/token/", body, format="json", headers=headers).status_code


def test_a_forged_x_forwarded_for_does_not_give_a_fresh_login_bucket(api_client) -> None:
    statuses = [login(api_client, x_forwarded_for=f"203.0.113.{i}") for i in range(31)]
    assert statuses[:30] == [401] * 30
    assert statuses[30] == 429


def test_behind_one_trusted_proxy_the_address_it_adds_is_the_client(api_client, settings) -> None:
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "NUM_PROXIES": 1}  # DRF reloads on the change
    # The client forges the first entry; the proxy appends the address it saw, which is what counts.
    statuses = [login(api_client, x_forwarded_for=f"198.51.100.{i}, 192.0.2.7") for i in range(31)]
    assert statuses[30] == 429
    # another real client (at another account: 31 guesses at "x" have used up that account's bucket too)
    assert login(api_client, "y", x_forwarded_for="198.51.100.1, 192.0.2.8") == 401


def test_signing_up_does_not_use_up_the_login_bucket(api_client) -> None:
    for i in range(20):
        body = {"username": f"new{i}", "password": "correct-horse-battery", "handle": f"new{i}"}
        assert api_client.post("/api/players/", body, format="json").status_code == 201
    assert login(api_client) == 401


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


def form_login(client, username: str = "someone", address: str = "192.0.2.10") -> int:
    body = {"username": username, "password": "wrong-password"}
    return client.post("/accounts/login/", body, REMOTE_ADDR=address).status_code


def test_the_login_form_is_throttled_and_then_refuses_even_the_right_password(client, user) -> None:
    user.set_password("the-right-password-1")
    user.save()
    statuses = [form_login(client, user.username) for _ in range(30)]
    assert statuses == [200] * 30  # the form again, with its error
    response = client.post("/accounts/login/", {"username": user.username, "password": "the-right-password-1"},
                           REMOTE_ADDR="192.0.2.10")  # fmt: skip
    assert response.status_code == 429
    assert int(response["Retry-After"]) > 0
    assert "_auth_user_id" not in client.session


def test_a_guess_through_the_form_counts_against_the_apis_budget_for_that_address(
    client, api_client, monkeypatch
) -> None:
    monkeypatch.setattr(LoginThrottle, "rate", "30/hour", raising=False)  # a small budget keeps the test short
    for i in range(30):
        form_login(client, f"user{i}", address="127.0.0.1")
    assert login(api_client) == 429  # the API's test client comes from 127.0.0.1


def test_guesses_at_one_account_from_many_addresses_are_throttled(client, api_client) -> None:
    statuses = [form_login(client, "target", address=f"198.51.100.{i}") for i in range(31)]
    assert statuses[:30] == [200] * 30
    assert statuses[30] == 429
    body = {"username": "target", "password": "wrong"}
    assert api_client.post("/api/auth/token/", body, format="json").status_code == 429


def test_the_signup_form_is_throttled_in_the_apis_bucket(client, api_client, monkeypatch) -> None:
    monkeypatch.setattr(SignupThrottle, "rate", "20/hour", raising=False)  # a small budget keeps the test short
    for i in range(20):
        body = {"username": f"new{i}", "password": "correct-horse-battery", "handle": f"new{i}"}
        assert api_client.post("/api/players/", body, format="json").status_code == 201
    response = client.post("/accounts/signup/", {"username": "late", "password": "correct-horse-battery",
                                                 "handle": "late"})  # fmt: skip
    assert response.status_code == 429
    assert "Too many attempts" in response.content.decode()


@pytest.mark.skipif(shutil.which("redis-server") is None, reason="needs the redis-server binary")
@pytest.mark.parametrize(("processes", "share"), [(1, 30), (3, 10)])
def test_while_the_throttles_redis_is_down_each_process_allows_its_share(client, settings, processes, share) -> None:
    """30 guesses an hour, counted in each process while Redis is away: each of WEB_PROCESSES allows its
    share, so a client spread over a node's processes gets no more than the limit (it got 3x before)."""
    from django.test import override_settings

    from config.throttling import PROCESS_CACHE

    settings.WEB_PROCESSES = processes
    PROCESS_CACHE.clear()
    location = f"redis://127.0.0.1:{free_port()}/0"  # nothing listens there
    redis_cache = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": location}}
    with override_settings(CACHES=redis_cache):
        statuses = [form_login(client, "victim") for _ in range(share + 1)]
    PROCESS_CACHE.clear()
    assert statuses[:share] == [200] * share
    assert statuses[share] == 429


class _FiveAMinute(SubmissionThrottle):
    scope, rate = "test_five", "5/min"


@pytest.mark.skipif(shutil.which("redis-server") is None, reason="needs the redis-server binary")
def test_in_redis_a_bucket_counted_by_many_at_once_lets_exactly_its_limit_through() -> None:
    """DRF's list is read and written back, so requests at the same moment could all take the last slot;
    the Redis window is counted and added to in one script."""
    from django.test import override_settings

    port = free_port()
    location = f"redis://127.0.0.1:{port}/0"
    someone = SimpleNamespace(user=SimpleNamespace(is_authenticated=True, pk=7), META={})
    redis_cache = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": location}}
    with override_settings(CACHES=redis_cache), redis_server(port):
        start = threading.Barrier(16)

        def attempt() -> bool:
            throttle = _FiveAMinute()
            start.wait()
            return throttle.allow_request(someone, None)

        with ThreadPoolExecutor(16) as pool:
            answers = list(pool.map(lambda _: attempt(), range(16)))
        refused = _FiveAMinute()
        assert not refused.allow_request(someone, None)
        waits = refused.wait()
        assert redis.Redis.from_url(location).keys("*throttle_test_five*")  # counted in Redis
    assert answers.count(True) == 5
    assert refused.count == 5
    assert waits is not None
    assert 55 < waits <= 60  # the oldest of the five leaves the window within the minute


class _ThreeAMinute(SubmissionThrottle):
    scope, rate = "test_three", "3/min"


@pytest.mark.skipif(shutil.which("redis-server") is None, reason="needs the redis-server binary")
def test_throttles_together_count_their_buckets_in_one_call_as_each_would_alone() -> None:
    """The sheet POST's two throttles in one round trip to Redis (issue 65, item 5): each bucket still counts
    every request, refused or not, as DRF counts each throttle; the wait is the longest of those refusing.
    With no Redis each counts on its own, with the same answers."""
    from django.test import override_settings

    from config.throttles_together import together

    someone = SimpleNamespace(user=SimpleNamespace(is_authenticated=True, pk=8), META={})
    both = together(_FiveAMinute, _ThreeAMinute)
    port = free_port()
    location = f"redis://127.0.0.1:{port}/0"
    redis_cache = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": location}}
    with override_settings(CACHES=redis_cache), redis_server(port):
        monitor = redis.Redis.from_url(location)
        warm = SimpleNamespace(user=SimpleNamespace(is_authenticated=True, pk=9), META={})
        both().allow_request(warm, None)  # the script loaded into this fresh Redis
        calls_before = _script_calls(monitor)
        throttles = [both() for _ in range(6)]
        answers = [throttle.allow_request(someone, None) for throttle in throttles]
        calls = _script_calls(monitor) - calls_before
        five, three = throttles[-1].members
        waits = throttles[-1].wait()
    assert answers == [True, True, True, False, False, False]
    assert calls == 6  # one call a request for the two buckets
    assert (five.count, three.count) == (5, 3)  # the five-a-minute bucket counted the refused ones too
    assert waits is not None
    assert 55 < waits <= 60
    with override_settings(CACHES={"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}):
        from django.core.cache import cache

        cache.clear()
        throttles = [both() for _ in range(6)]
        assert [throttle.allow_request(someone, None) for throttle in throttles] == answers
        assert [member.count for member in throttles[-1].members] == [5, 3]


def _script_calls(client: redis.Redis) -> int:
    return int(client.info("commandstats").get("cmdstat_evalsha", {}).get("calls", 0))


@pytest.mark.django_db
def test_html_pages_answer_429_past_their_limit_per_address_in_the_sites_layout(monkeypatch) -> None:
    from django.test import Client

    from config.throttling import PageReadThrottle

    monkeypatch.setattr(PageReadThrottle, "THROTTLE_RATES", {**PageReadThrottle.THROTTLE_RATES, "page_anon": "5/min"})
    visitor, neighbour = Client(REMOTE_ADDR="203.0.113.7"), Client(REMOTE_ADDR="203.0.113.8")
    assert [visitor.get("/").status_code for _ in range(5)] == [200] * 5
    refused = visitor.get("/leaderboards/boomerang-australia/", HTTP_ACCEPT_LANGUAGE="fr")
    assert refused.status_code == 429
    assert int(refused["Retry-After"]) >= 1
    assert "<header" in refused.content.decode()
    assert 'lang="fr"' in refused.content.decode()
    assert neighbour.get("/").status_code == 200  # another address has its own count
    assert visitor.get("/api/events/").status_code == 200  # the API's reads are counted apart
    assert visitor.get("/healthz").status_code in (200, 503)


@pytest.mark.django_db
def test_claim_codes_tried_on_the_page_and_the_api_share_one_limit_and_reverify_is_limited(monkeypatch) -> None:
    from django.test import Client
    from rest_framework.test import APIClient

    from config.throttling import ClaimThrottle, SubmissionThrottle
    from tests.factories import PlayerFactory

    monkeypatch.setattr(ClaimThrottle, "THROTTLE_RATES", {**ClaimThrottle.THROTTLE_RATES, "claim": "3/hour"})
    player = PlayerFactory()
    page, api = Client(), APIClient()
    page.force_login(player.user)
    api.force_authenticate(player.user)
    assert [page.post("/claim/", {"code": f"guess{i}"}).status_code for i in range(2)] == [200, 200]
    assert api.post("/api/players/claim/", {"code": "guess"}, format="json").status_code == 404
    refused = page.post("/claim/", {"code": "guess4"})
    assert refused.status_code == 429
    assert int(refused["Retry-After"]) > 0
    assert "try again in" in refused.content.decode()
    assert api.post("/api/players/claim/", {"code": "guess"}, format="json").status_code == 429
    monkeypatch.setattr(
        SubmissionThrottle, "THROTTLE_RATES", {**SubmissionThrottle.THROTTLE_RATES, "submission": "1/min"}
    )
    assert api.post("/api/tables/999999/reverify/").status_code == 404
    assert api.post("/api/tables/999999/reverify/").status_code == 429


def test_200_players_logging_in_from_one_venue_all_get_in_and_guesses_at_one_account_are_still_limited(
    api_client, django_user_model
) -> None:
    """A venue's wifi is one address: a log-in that succeeds counts against nobody; failed guesses do, per
    address and per account."""
    users = [django_user_model.objects.create_user(f"player{n}", password="a-right-password") for n in range(200)]
    for user in users:  # one address (the test client's), within the same ten minutes
        answer = api_client.post("/api/auth/token/", {"username": user.username, "password": "a-right-password"},
                                 format="json")  # fmt: skip
        assert answer.status_code == 200, (user.username, answer.status_code)
    statuses = [login(api_client, "player7") for _ in range(31)]
    assert statuses[:30] == [401] * 30
    assert statuses[30] == 429


def test_signing_in_on_the_page_counts_against_nobody(client, django_user_model, monkeypatch) -> None:
    monkeypatch.setattr(LoginThrottle, "rate", "30/hour", raising=False)
    for n in range(40):
        user = django_user_model.objects.create_user(f"guest{n}", password="a-right-password")
        answer = client.post("/accounts/login/", {"username": user.username, "password": "a-right-password"})
        assert answer.status_code == 302, n
        client.logout()
