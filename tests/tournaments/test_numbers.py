"""Points on pages: at most two decimals, no trailing zeros, written as the page's language writes them."""

import pytest
from django.utils import translation

from tournaments.templatetags.boomerang import points, points_list


@pytest.mark.parametrize(
    ("value", "english", "french"),
    [
        (80.66666666, "80.67", "80,67"),
        (8.83333, "8.83", "8,83"),
        (24.0, "24", "24"),
        (8.5, "8.5", "8,5"),
        (0.1 + 0.2, "0.3", "0,3"),
        (3, "3", "3"),
    ],
)
def test_points_are_rounded_to_two_decimals_in_the_pages_language(value, english, french) -> None:
    with translation.override("en"):
        assert points(value) == english
    with translation.override("fr"):
        assert points(value) == french


def test_a_tie_breaks_values_are_each_written_as_points() -> None:
    with translation.override("fr"):
        assert points_list([12.3333, 7.0]) == "12,33, 7"
