"""The event page asks the installed apps for their panels (issue 68, the site floor; tournaments/panels.py):
each shows in its slot when its read has something, with what it asked of the event's one query, and the
core's page names no app for them."""

import ast
from pathlib import Path

import pytest
from django.db.models import Value
from django.test import Client

from tests.factories import EventFactory
from tournaments import panels
from tournaments.panels import EventPanel, event_panel_register

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def a_panel(settings, tmp_path):
    (tmp_path / "test_panel.html").write_text("<p id='test-panel'>{{ panel.said }} / {{ event.name }}</p>")
    settings.TEMPLATES = [{**settings.TEMPLATES[0], "DIRS": [*settings.TEMPLATES[0]["DIRS"], str(tmp_path)]}]
    kept = dict(panels._panels)
    event_panel_register(EventPanel(
        "test", "after_status", "test_panel.html",
        lambda event, user: {"said": event.test_word} if event.name != "Quiet" else None,
        lambda: {"test_word": Value("hello")},
    ))  # fmt: skip
    yield
    panels._panels.clear()
    panels._panels.update(kept)


def test_a_registered_panel_shows_in_its_slot_with_what_it_asked_of_the_events_query(a_panel) -> None:
    event = EventFactory(name="Night")
    page = Client().get(f"/events/{event.pk}/").content.decode()
    assert "<p id='test-panel'>hello / Night</p>" in page
    quiet = EventFactory(name="Quiet")
    assert "test-panel" not in Client().get(f"/events/{quiet.pk}/").content.decode()  # nothing to show: left out


def test_a_panel_names_a_slot_of_the_page() -> None:
    with pytest.raises(AssertionError, match="not a slot"):
        event_panel_register(EventPanel("nowhere", "sidebar", "x.html", lambda event, user: None))


def test_the_apps_register_the_stewards_and_the_recap_panels_and_the_event_page_imports_neither() -> None:
    assert {"stewards", "recap"} <= set(panels._panels)
    tree = ast.parse((ROOT / "tournaments/pages/reads.py").read_text())
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    panels_reads = ("tournaments.stewarding.selectors", "tournaments.results.selectors")
    assert not {module for module in imported if module and module.startswith(panels_reads)}
