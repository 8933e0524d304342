"""Which games are played on practice data, as the catalogue app knows it (tournaments/catalogue/selectors.py,
registered by its ready()): the core's pages and answers say so without importing an app above them."""

from collections.abc import Callable

_practice_games: Callable[[], list[str]] = list


def register_practice_games(source: Callable[[], list[str]]) -> None:
    global _practice_games
    _practice_games = source


def practice_games() -> list[str]:
    return _practice_games()
