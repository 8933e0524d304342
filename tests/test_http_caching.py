"""HTTP the way the web expects (issue 30, item 3): ETags and 304s on reads, Cache-Control a proxy can act
on, hashed static names after collectstatic, and the public read limits with their headers."""

import re
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.contrib.staticfiles.storage import staticfiles_storage
from django.core.management import call_command
from django.test import Client
from django.utils.functional import empty

from tests.factories import UserFactory

MASKED_TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("path", ["/api/events/", "/leaderboards/boomerang-australia/", "/", "/api/games/"])
def test_a_read_carries_an_etag_and_answers_304_when_nothing_changed(path) -> None:
    client = Client()
    first = client.get(path)
    assert first.status_code == 200
    etag = first["ETag"]
    again = client.get(path, headers={"if-none-match": etag})
    assert again.status_code == 304
    assert again.content == b""
    assert again["ETag"] == etag


def test_the_etag_changes_when_a_result_does(api_client) -> None:
    from tests.factories import EventFactory

    first = Client().get("/api/events/")
    EventFactory()
    after = Client().get("/api/events/", headers={"if-none-match": first["ETag"]})
    assert after.status_code == 200
    assert after["ETag"] != first["ETag"]


@pytest.mark.parametrize("path", ["/api/events/", "/leaderboards/boomerang-australia/", "/"])
def test_an_anonymous_read_may_be_kept_by_a_proxy_for_a_few_seconds(settings, path) -> None:
    settings.PUBLIC_CACHE_SECONDS = 7
    answer = Client().get(path)
    assert answer["Cache-Control"] == "public, max-age=0, s-maxage=7"
    assert not answer.cookies
    assert {"Accept-Language", "Cookie", "Authorization"} <= {v.strip() for v in answer["Vary"].split(",")}


def test_a_signed_in_read_is_private() -> None:
    client = Client()
    client.force_login(UserFactory())
    assert client.get("/api/events/")["Cache-Control"] == "private, no-cache"
    assert client.get("/leaderboards/boomerang-flip/")["Cache-Control"] == "private, no-cache"


def test_a_copy_kept_from_an_earlier_session_is_never_confirmed_and_log_out_works(settings) -> None:
    """Issue 53: the ETag left the CSRF token out, so the next session got a 304 of the old page, whose
    "Log out" form then answered 403. A page read in another session is sent afresh."""
    settings.CSRF_USE_SESSIONS = False
    user = UserFactory()
    user.set_password("a-long-test-password")
    user.save()
    browser = Client(enforce_csrf_checks=True)
    credentials = {"username": user.username, "password": "a-long-test-password"}

    def log_in() -> None:
        form = browser.get("/accounts/login/")
        token = (
            form.cookies[settings.CSRF_COOKIE_NAME].value
            if form.cookies
            else browser.cookies[settings.CSRF_COOKIE_NAME].value
        )
        assert browser.post("/accounts/login/", {**credentials, "csrfmiddlewaretoken": token}).status_code == 302

    log_in()
    first = browser.get("/")
    assert first.status_code == 200
    assert browser.get("/", headers={"If-None-Match": first["ETag"]}).status_code == 304  # same session
    browser.post("/accounts/logout/", {"csrfmiddlewaretoken": browser.cookies[settings.CSRF_COOKIE_NAME].value})
    log_in()
    again = browser.get("/", headers={"If-None-Match": first["ETag"]})
    assert again.status_code == 200
    token = MASKED_TOKEN.search(again.content.decode()).group(1)
    assert browser.post("/accounts/logout/", {"csrfmiddlewaretoken": token}).status_code == 302
    assert browser.get("/api/me/").status_code in (401, 403)


def test_a_page_that_says_never_cache_keeps_its_own_header() -> None:
    answer = Client().get("/accounts/login/")
    assert "no-store" in answer["Cache-Control"]
    assert "public" not in answer["Cache-Control"]


def test_the_language_switcher_works_without_a_token() -> None:
    client = Client(enforce_csrf_checks=True)
    answer = client.post("/i18n/setlang/", {"language": "fr", "next": "/"})
    assert answer.status_code == 302
    assert "Classement" in client.get("/leaderboards/boomerang-australia/").content.decode()


def test_a_write_is_not_made_cacheable(api_client) -> None:
    answer = api_client.post("/api/events/", {}, format="json")
    assert "public" not in answer.get("Cache-Control", "")


def test_an_anonymous_reader_gets_300_reads_a_minute_and_is_told_so() -> None:
    client = Client(REMOTE_ADDR="192.0.2.50")
    answers = [client.get("/api/events/") for _ in range(300)]
    assert [a.status_code for a in answers] == [200] * 300
    assert answers[0]["RateLimit-Limit"] == "300"
    assert answers[0]["RateLimit-Remaining"] == "299"
    assert answers[-1]["X-RateLimit-Remaining"] == "0"
    refused = client.get("/api/events/")
    assert refused.status_code == 429
    assert int(refused["Retry-After"]) > 0
    assert refused.json()["code"] == "throttled"
    # another address has its own count
    assert Client(REMOTE_ADDR="192.0.2.51").get("/api/events/").status_code == 200


def test_an_account_reads_more_than_an_address(settings) -> None:
    client = Client(REMOTE_ADDR="192.0.2.60")
    client.force_login(UserFactory())
    answer = client.get("/api/events/")
    assert answer["RateLimit-Limit"] == "1200"


def test_a_write_tells_its_limit_and_the_nearer_of_two_limits_is_told() -> None:
    """Issue 56, item 9: every answer carries RateLimit-*; a write counts in the writes' bucket (1,200 a minute
    for an account), and a sheet also in the submissions' (120 a minute): the nearer one is what it tells."""
    from rest_framework.test import APIClient

    from tests.factories import PlayerFactory

    client = APIClient(REMOTE_ADDR="192.0.2.80")
    client.force_authenticate(PlayerFactory().user)
    first = client.post("/api/events/999999/registrations/", {}, format="json")
    assert first.status_code == 404  # refused, and still counted
    assert (first["RateLimit-Limit"], first["RateLimit-Remaining"]) == ("1200", "1199")
    second = client.post("/api/events/999999/registrations/", {}, format="json")
    assert second["X-RateLimit-Remaining"] == "1198"
    created = client.post("/api/events/", {}, format="json")  # events: 20 a day, nearer
    assert (created["RateLimit-Limit"], created["RateLimit-Remaining"]) == ("20", "19")
    sheet = client.post("/api/tables/999999/sheets/", {}, format="json")
    assert 400 <= sheet.status_code < 500  # refused (an empty sheet), and still counted
    assert (sheet["RateLimit-Limit"], sheet["RateLimit-Remaining"]) == ("120", "119")


def test_a_failed_log_in_tells_the_guesses_left_from_its_address() -> None:
    """Anonymous writes count per address (300 a minute); a log-in also in the guesses' buckets, per address
    (100 an hour) and per account named (30 an hour): the nearest is told."""
    client = Client(REMOTE_ADDR="192.0.2.81")
    answer = client.post(
        "/api/auth/token/", {"username": "nobody", "password": "wrong"}, content_type="application/json"
    )
    assert answer.status_code == 401
    assert (answer["RateLimit-Limit"], answer["RateLimit-Remaining"]) == ("30", "29")
    assert int(answer["RateLimit-Reset"]) > 0


def test_writes_do_not_count_against_the_read_limit(api_client) -> None:
    client = Client(REMOTE_ADDR="192.0.2.70")
    client.get("/api/events/")
    for _ in range(3):
        client.post("/api/events/", {}, content_type="application/json")
    assert client.get("/api/events/")["RateLimit-Remaining"] == "298"


def test_stylesheets_are_linked_under_plain_names_before_collectstatic() -> None:
    page = Client().get("/").content.decode()
    assert 'href="/static/boomerang/site.css"' in page
    assert Client().get("/static/boomerang/site.css").status_code == 200


def test_after_collectstatic_stylesheets_are_hashed_and_cached_for_ever(settings, tmp_path) -> None:
    settings.STATIC_ROOT = tmp_path
    call_command("collectstatic", "--noinput", verbosity=0)
    staticfiles_storage._setup()  # the storage reads STATIC_ROOT's manifest when it is set up
    try:
        url = staticfiles_storage.url("boomerang/site.css")
        assert re.fullmatch(r"/static/boomerang/site\.[0-9a-f]{12}\.css", url)
        assert (tmp_path / url.removeprefix("/static/")).exists()
    finally:
        staticfiles_storage._wrapped = empty  # set up again from the suite's own STATIC_ROOT when next used


def test_a_live_page_changed_is_rebuilt_once_and_the_crowd_reads_the_previous_copy_meanwhile() -> None:
    """The standings and TV pages keep one copy an event (the version beside it): a change makes one visitor
    rebuild it while every other visitor is served the previous copy, then everyone reads the new one."""
    from django.contrib.auth.models import AnonymousUser
    from django.core.cache import cache
    from django.http import HttpResponse
    from django.test import RequestFactory

    from config.page_cache import _page_key, live_page

    request = RequestFactory().get("/events/1/standings/")
    request.user = AnonymousUser()
    builds: list[str] = []

    def page(text: str):
        def build() -> HttpResponse:
            builds.append(text)
            return HttpResponse(text)

        return build

    cache.clear()
    assert live_page(request, ("standings", 1), page("v1"), version=1).content == b"v1"
    assert live_page(request, ("standings", 1), page("v1 again"), version=1).content == b"v1"  # kept
    cache.add(_page_key(("standings", 1)) + ":building", 1)  # another process rebuilds after a change
    assert live_page(request, ("standings", 1), page("v2 here too"), version=2).content == b"v1"
    cache.delete(_page_key(("standings", 1)) + ":building")
    assert live_page(request, ("standings", 1), page("v2"), version=2).content == b"v2"
    assert live_page(request, ("standings", 1), page("v2 again"), version=2).content == b"v2"
    assert builds == ["v1", "v2"]


def test_a_changed_live_page_is_rebuilt_behind_the_answer_and_nobody_waits_for_it(settings, monkeypatch) -> None:
    """As deployed (LIVE_PAGES_BEHIND): the visitor who first sees a change is answered the previous copy at
    once too, the new one built on a thread; it is read as soon as it is kept, in the visitor's language."""
    import time

    from django.contrib.auth.models import AnonymousUser
    from django.core.cache import cache
    from django.http import HttpResponse
    from django.test import RequestFactory
    from django.utils import translation

    from config import page_cache
    from config.page_cache import live_page

    settings.LIVE_PAGES_BEHIND = True
    request = RequestFactory().get("/events/2/standings/")
    request.user = AnonymousUser()
    # The builders' threads are the process's, and other tests' builds may still be queued there or arrive
    # meanwhile: this test's build runs on a thread of its own, so it times its own build only (draining the
    # process's queue first, as before, still saw this build not kept within 10 s in one loaded CI run).
    builders = ThreadPoolExecutor(max_workers=1, thread_name_prefix="live-page-test")
    monkeypatch.setattr(page_cache, "_builders", builders)

    def page(text: str):
        return lambda: HttpResponse(f"{text} {translation.get_language()}")

    cache.clear()
    with translation.override("fr"):
        assert live_page(request, ("standings", 2), page("v1"), version=1).content == b"v1 fr"  # no copy: built
        assert live_page(request, ("standings", 2), page("v2"), version=2).content == b"v1 fr"  # at once
        deadline = time.monotonic() + 10
        while live_page(request, ("standings", 2), page("v3"), version=2).content != b"v2 fr":
            assert time.monotonic() < deadline, "the new copy was never kept"
            time.sleep(0.01)
    builders.shutdown(wait=True)


def test_changes_faster_than_the_rebuild_interval_cost_one_build_and_the_copy_says_when_to_read_again(
    settings, monkeypatch
) -> None:
    """Issue 65: a championship's tables change its standings several times a second and the TV screen's build
    is 0.3 s of CPU at 500 tables, so each change costing a build kept a core busy. A copy younger than
    LIVE_PAGE_REBUILD_SECONDS is served for a change, with `Live-Behind` (when to read again); once it is
    older, the next visitor's read builds the new one."""
    from django.contrib.auth.models import AnonymousUser
    from django.core.cache import cache
    from django.http import HttpResponse
    from django.test import RequestFactory

    from config import page_cache
    from config.page_cache import live_page

    settings.LIVE_PAGE_REBUILD_SECONDS = 3
    now = [1000.0]
    monkeypatch.setattr(page_cache.time, "time", lambda: now[0])
    request = RequestFactory().get("/events/3/standings/")
    request.user = AnonymousUser()
    builds: list[int] = []

    def page(version: int):
        def build() -> HttpResponse:
            builds.append(version)
            return HttpResponse(f"v{version}")

        return build

    cache.clear()
    assert live_page(request, ("standings", 3), page(1), version=1).content == b"v1"
    for version, at in ((2, 1000.5), (3, 1001.0), (4, 1002.9)):  # three changes within 3 s of the copy
        now[0] = at
        answer = live_page(request, ("standings", 3), page(version), version=version)
        assert answer.content == b"v1"
        assert 1 <= int(answer["Live-Behind"]) <= 3
    assert builds == [1]
    now[0] = 1003.1
    answer = live_page(request, ("standings", 3), page(4), version=4)
    assert (answer.content, answer.has_header("Live-Behind")) == (b"v4", False)
    assert builds == [1, 4]


def test_a_page_whose_build_is_slow_waits_longer_between_rebuilds(settings, monkeypatch) -> None:
    """On a node short of CPU a big event's TV screen takes seconds to build: its rebuilds are kept to a tenth of
    the time (LIVE_PAGE_REBUILD_SHARE), so a build of 1.5 s is followed by 15 s of the copy."""
    from django.contrib.auth.models import AnonymousUser
    from django.core.cache import cache
    from django.http import HttpResponse
    from django.test import RequestFactory

    from config import page_cache
    from config.page_cache import live_page

    settings.LIVE_PAGE_REBUILD_SECONDS, settings.LIVE_PAGE_REBUILD_SHARE = 3, 0.1
    now = [2000.0]
    monkeypatch.setattr(page_cache.time, "time", lambda: now[0])
    request = RequestFactory().get("/events/4/tv/")
    request.user = AnonymousUser()

    def slow(version: int):
        def build() -> HttpResponse:
            now[0] += 1.5  # the build's own time
            return HttpResponse(f"v{version}")

        return build

    cache.clear()
    assert live_page(request, ("tv", 4), slow(1), version=1).content == b"v1"  # built from 2000 to 2001.5
    now[0] = 2014.0
    stale = live_page(request, ("tv", 4), slow(2), version=2)
    assert stale.content == b"v1"
    assert int(stale["Live-Behind"]) == 1  # 15 s after the build began, at 2015
    now[0] = 2015.5
    assert live_page(request, ("tv", 4), slow(2), version=2).content == b"v2"
