"""Every write endpoint and every form, whatever it is: a NUL character, a lone surrogate or JSON nested too
deep is a 400 naming the field, before any view runs (config/middleware.py, RefuseUnstorableInput)."""

import re

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

pytestmark = pytest.mark.django_db

NESTED = '{"data": ' + "[" * 990 + "]" * 990 + "}"
JSON_BODIES = [
    ('{"reason": "a\\u0000b", "data": {"seats": []}, "version": 0}', "nul_character", "reason"),
    ('{"data": {"seats": [{"player": "\\ud800"}]}, "version": 0}', "lone_surrogate", "data.seats[0].player"),
    ('{"data": {"seats": [{"\\udfff": 1}]}, "version": 0}', "lone_surrogate", "data.seats[0].\\udfff"),
    ('{"sheet": {"seats": [{"player": "x\\ud800y"}]}}', "lone_surrogate", "sheet.seats[0].player"),
    (NESTED, "too_deep", None),
]


def every_route() -> list[str]:
    """Each URL pattern of the project, its parameters filled in (1 for numbers, x for words)."""
    routes: list[str] = []

    def walk(patterns: list, prefix: str) -> None:
        for pattern in patterns:
            route = prefix + str(pattern.pattern)
            if isinstance(pattern, URLResolver):
                walk(pattern.url_patterns, route)
            elif isinstance(pattern, URLPattern):
                routes.append(route)

    walk(get_resolver().url_patterns, "/")
    routes = [r for r in routes if "format" not in r]  # DRF's `.json` suffix copies
    routes = [re.sub(r"\(\?P<\w+>[^)]*\)", "1", r) for r in routes]  # the router's regular expressions
    routes = [re.sub(r"<int:\w+>", "1", re.sub(r"<(str|slug|path):\w+>|<\w+>", "x", r)) for r in routes]
    return sorted({r.replace("^", "").replace("$", "").replace("\\Z", "") for r in routes})


ROUTES = every_route()


def test_the_route_list_covers_the_api_and_the_pages() -> None:
    assert "/api/tables/1/pad/" in ROUTES
    assert "/api/auth/token/" in ROUTES
    assert "/events/1/tables/1/contest/" in ROUTES
    assert "/accounts/signup/" in ROUTES
    assert len(ROUTES) > 60


@pytest.mark.parametrize("method", ["post", "put", "patch"])
@pytest.mark.parametrize(("body", "code", "field"), JSON_BODIES)
def test_every_route_refuses_unstorable_json_naming_the_field(user_client, method, body, code, field) -> None:
    for route in ROUTES:
        response = getattr(user_client, method)(route, body, content_type="application/json")
        assert response.status_code == 400, (route, response.status_code)
        if route.startswith("/api/"):
            assert response.json()["code"] == code, route
            assert response.json()["field"] == (field or "body"), route


@pytest.mark.parametrize(
    ("fields", "field"),
    [({"reason": "a\x00b"}, "reason"), ({"username": "x", "pass\x00word": "y"}, "pass\x00word")],
)
def test_every_form_refuses_a_nul_character_with_a_page_naming_the_field(fields, field) -> None:
    client = Client()
    for route in ROUTES:
        response = client.post(route, fields)
        assert response.status_code == 400, (route, response.status_code)
        if not route.startswith("/api/"):
            assert "<header" in response.content.decode(), route  # in the site's layout
            assert field in response.content.decode()


def test_the_contest_form_reported_answers_400_in_french_too(client) -> None:
    response = client.post("/events/1/tables/1/contest/", {"reason": "x\x00"}, HTTP_ACCEPT_LANGUAGE="fr")
    assert response.status_code == 400
    assert 'lang="fr"' in response.content.decode()


def test_text_with_accents_and_emoji_passes_the_gate(user_client) -> None:
    response = user_client.post("/api/sheet-checks/", '{"sheet": {"game": "boomerang-flip", "seats": [{"player":'
                                 ' "Zoé 🪃"}]}}', content_type="application/json")  # fmt: skip
    assert response.status_code != 500
    assert response.json().get("code") not in ("nul_character", "lone_surrogate", "too_deep")


@pytest.mark.parametrize("escape", ["", "\\u00e9", "\\ud83e\\udd83"])  # none; one that holds nothing; a valid pair
def test_the_fast_depth_check_and_the_full_walk_draw_the_line_at_the_same_level(escape: str) -> None:
    from config.errors import DomainError
    from config.unstorable import MAX_DEPTH, refuse_in_json

    def body(levels: int) -> bytes:  # a string `levels` containers down
        return ("[" * levels + f'"x{escape}"' + "]" * levels).encode()

    refuse_in_json(body(MAX_DEPTH))
    with pytest.raises(DomainError, match="nested more than"):
        refuse_in_json(body(MAX_DEPTH + 1))


@pytest.mark.parametrize("method", ["post", "put", "patch", "delete"])
def test_every_route_and_method_refuses_a_nul_in_a_form_encoded_body(user_client, method) -> None:
    """Deterministic, not drawn. POST (the pages' forms) is refused by the gate naming the field; the API
    takes JSON alone, so a form sent with another method is refused by the view (405 or 415), never read."""
    body = "reason=a%00b&name=ok"
    for route in ROUTES:
        response = getattr(user_client, method)(route, body, content_type="application/x-www-form-urlencoded")
        if method == "post":
            assert response.status_code == 400, (method, route, response.status_code)
            if route.startswith("/api/"):
                assert (response.json()["code"], response.json()["field"]) == ("nul_character", "reason"), route
        else:
            assert response.status_code < 500, (method, route, response.status_code)  # never read, never a 500


@pytest.mark.parametrize("method", ["post", "put", "patch"])
def test_every_route_and_method_refuses_a_nul_in_a_multipart_field_or_an_uploaded_file(user_client, method) -> None:
    from django.test.client import BOUNDARY, MULTIPART_CONTENT, encode_multipart

    for fields, field in (({"reason": "a\x00b"}, "reason"), ({"file": _upload(b"handle\nann\x00\n")}, "file")):
        body = encode_multipart(BOUNDARY, fields)
        for route in ROUTES:
            response = getattr(user_client, method)(route, body, content_type=MULTIPART_CONTENT)
            if method != "post":  # only POST takes a form: the view refuses the others unread
                assert response.status_code < 500, (method, route, field, response.status_code)
                continue
            assert response.status_code == 400, (method, route, field, response.status_code)
            if route.startswith("/api/"):
                assert response.json()["field"] == field, route


def _upload(content: bytes):
    from django.core.files.uploadedfile import SimpleUploadedFile

    return SimpleUploadedFile("entrants.csv", content, content_type="text/csv")
