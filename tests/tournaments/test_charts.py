"""The rating chart on a player's page: labels in the page's language, SVG numbers always plain."""

import re

from django.utils import translation

from tournaments.charts import Point, line_chart


def test_the_chart_labels_its_lowest_and_highest_rating_in_the_pages_language() -> None:
    points = [Point("2026-01-01", 11.74), Point("2026-02-01", 20.36)]
    with translation.override("fr"):
        french = str(line_chart(points, title="cote"))
    with translation.override("en"):
        english = str(line_chart(points, title="rating"))
    assert ">20,4</text>" in french
    assert ">11,7</text>" in french
    assert ">20.4</text>" in english
    assert ">11.7</text>" in english
    pairs = re.search(r'points="([^"]+)"', french).group(1).split()
    assert len(pairs) == 2
    assert all(re.fullmatch(r"\d+\.\d,\d+\.\d", pair) for pair in pairs)


def test_no_games_draw_no_chart() -> None:
    assert line_chart([], title="rating") == ""
