"""What a newcomer meets first: a styled admin and working API docs, served with no outside host."""

import re

import pytest
from django.test import Client

pytestmark = [pytest.mark.django_db, pytest.mark.embedded]


def test_the_admins_stylesheet_is_served_with_debug_off(settings) -> None:
    settings.DEBUG = False
    page = Client().get("/admin/login/")
    stylesheet = re.search(r'href="(/static/admin/css/base[^"]*\.css)"', page.content.decode())
    assert stylesheet is not None
    response = Client().get(stylesheet.group(1))
    assert response.status_code == 200
    assert b"".join(response.streaming_content).startswith(b"/*")


def test_the_api_docs_load_swagger_ui_from_the_projects_own_static_files() -> None:
    page = Client().get("/api/docs/").content.decode()
    scripts = re.findall(r'<script[^>]+src="([^"]+)"', page) + re.findall(r'<link[^>]+href="([^"]+)"', page)
    assert any("swagger-ui" in src for src in scripts)
    assert all(src.startswith("/") for src in scripts), scripts  # no CDN, no outside host
    for src in scripts:
        assert Client().get(src).status_code == 200, src
