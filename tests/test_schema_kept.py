"""The served OpenAPI schema is built once a process for each version, language and format (config/schema.py):
a build costs ~0.3-0.4 s of CPU, which an anonymous address could otherwise ask for 300 times a minute."""

import pytest
from django.test import Client
from drf_spectacular.generators import SchemaGenerator

pytestmark = pytest.mark.django_db


@pytest.fixture
def builds(monkeypatch) -> list[str]:
    """Each build of the schema, by the language it was built in."""
    from django.utils import translation

    built: list[str] = []
    get_schema = SchemaGenerator.get_schema

    def counted(self, *args, **kwargs):
        built.append(translation.get_language())
        return get_schema(self, *args, **kwargs)

    monkeypatch.setattr(SchemaGenerator, "get_schema", counted)
    return built


def test_the_schema_is_built_once_and_answered_alike_then_built_again_for_another_language(builds, settings) -> None:
    settings.SITE_URL = "https://first.example"  # a change of settings: whatever was built before is forgotten
    first, again = (Client().get("/api/schema/", {"format": "json"}) for _ in range(2))
    assert first.status_code == again.status_code == 200
    assert first.content == again.content
    assert first["Content-Disposition"] == again["Content-Disposition"]
    assert builds == ["en"]
    french = Client().get("/api/schema/", {"format": "json", "lang": "fr"})
    assert french.status_code == 200
    assert builds == ["en", "fr"]
    assert b"https://first.example/o/token/" in first.content


def test_a_change_of_settings_builds_it_again(builds, settings) -> None:
    settings.SITE_URL = "https://before.example"
    before = Client().get("/api/schema/", {"format": "json"}).content
    settings.SITE_URL = "https://after.example"
    after = Client().get("/api/schema/", {"format": "json"}).content
    assert b"https://before.example/o/token/" in before
    assert b"https://after.example/o/token/" in after
    assert len(builds) == 2


def test_a_version_or_a_language_the_site_does_not_name_is_answered_but_not_kept(builds) -> None:
    """Kept, each such string would keep another 2.3 MB in every process: an answer asked that way is built each
    time, as drf-spectacular builds it."""
    for query in ({"version": "junk"}, {"lang": "xx"}):
        answers = [Client().get("/api/schema/", {"format": "json", **query}) for _ in range(2)]
        assert [answer.status_code for answer in answers] == [200, 200]
    assert len(builds) == 4
    assert (
        Client().get("/api/schema/", {"format": "json", "version": "junk"}).json()["info"]["version"].endswith("(junk)")
    )
