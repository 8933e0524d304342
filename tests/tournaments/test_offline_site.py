"""The installable site (docs/offline.md): the manifest, the service worker at the root scope with its cache
named after the static files' contents (a deploy that changes a file changes the name, so the new worker
drops the old copies), and the page shown for a page never visited with no network."""

import json

import pytest
from django.test import Client

from tournaments.pages import offline

pytestmark = pytest.mark.django_db


def test_the_worker_is_served_at_the_root_with_its_scope_and_the_static_files() -> None:
    answer = Client().get("/service-worker.js")
    assert answer.status_code == 200
    assert answer["Content-Type"].startswith("text/javascript")
    assert answer["Service-Worker-Allowed"] == "/"
    assert answer["Cache-Control"] == "no-cache"
    body = answer.content.decode()
    assert f'var FILES = "boomerang-{offline.static_version()}";' in body
    assert f'var PAGES = "boomerang-pages-{offline.static_version()}";' in body
    kept = json.loads(body.split("var STATIC = ", 1)[1].split(";", 1)[0])
    assert len(kept) == len(offline.STATIC_FILES)
    assert all(Client().get(url).status_code == 200 for url in kept)  # every file it keeps exists


def test_a_changed_static_file_renames_the_cache(tmp_path, settings) -> None:
    (tmp_path / "boomerang").mkdir()
    extra = tmp_path / "boomerang" / "deployed.js"
    extra.write_text("// first deploy\n")
    settings.STATICFILES_DIRS = [tmp_path]
    files = offline.STATIC_FILES
    try:
        offline.STATIC_FILES = (*files, "boomerang/deployed.js")
        offline.static_version.cache_clear()
        first = offline.static_version()
        extra.write_text("// second deploy: the pad speaks to a new API\n")
        offline.static_version.cache_clear()
        assert offline.static_version() != first
    finally:
        offline.STATIC_FILES = files
        offline.static_version.cache_clear()


def test_the_manifest_and_the_offline_page_in_english_and_french() -> None:
    described = Client().get("/manifest.webmanifest")
    assert described["Content-Type"] == "application/manifest+json"
    assert described.json()["scope"] == "/"
    assert "No network" in Client().get("/offline/").content.decode()
    assert "Pas de réseau" in Client(HTTP_ACCEPT_LANGUAGE="fr").get("/offline/").content.decode()
    page = Client().get("/events/").content.decode()
    assert 'rel="manifest"' in page
    assert "offline.js" in page
