"""The pages' repeated pieces are components (templates/components/): one-button actions and the way back."""

import re
from pathlib import Path

import pytest
from django.template import Context, Template
from django.test import RequestFactory

PAGES = Path(__file__).resolve().parents[2] / "tournaments" / "templates" / "pages"


def test_no_page_writes_a_one_button_post_form_or_a_back_link_by_hand() -> None:
    one_button = re.compile(
        r'<form method="post" action="[^"]*"[^>]*>\{% csrf_token %\}<button[^>]*>[^<]*</button></form>'
    )
    for page in PAGES.glob("*.html"):
        text = page.read_text()
        assert not one_button.search(text), page.name
        assert "←" not in text, page.name  # the back link component draws the arrow


@pytest.mark.django_db
def test_an_action_button_posts_to_its_address_with_the_token_and_asks_first_when_told() -> None:
    request = RequestFactory().get("/")
    html = Template(
        "{% load boomerang %}{% post_button 'start-event' 7 label='Start' confirm='Sure?' style='secondary' %}"
    ).render(Context({"request": request, "csrf_token": "tok"}))
    assert 'action="/events/7/start/"' in html
    assert 'data-confirm="Sure?"' in html
    assert 'class="secondary"' in html
    assert 'name="csrfmiddlewaretoken" value="tok"' in html
    assert ">Start</button>" in html


def test_a_back_link_escapes_its_label_and_printed_pages_get_a_print_button() -> None:
    html = Template("{% load boomerang %}{% back_link 'event' 3 label=name printable=True %}").render(
        Context({"name": "<b>Club</b>"})
    )
    assert 'href="/events/3/"' in html
    assert "&lt;b&gt;Club&lt;/b&gt;" in html
    assert 'class="no-print"' in html
    assert "window.print()" in html
