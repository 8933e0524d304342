"""Game knowledge stays in games/: no app module, template or script outside it names a game by its id (the
migrations that record the choices and the demo commands, which pick games to play, aside)."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAME_ID = re.compile(r"boomerang-(australia|europe|usa|hunt|flip)")
EXEMPT = ("/migrations/", "/management/commands/", "tournaments/demo/")


def test_no_game_id_appears_in_app_code_outside_games() -> None:
    found = []
    for folder in ("tournaments", "ratings", "config"):
        for path in (ROOT / folder).rglob("*"):
            if path.suffix not in (".py", ".html", ".js", ".css") or any(e in str(path) for e in EXEMPT):
                continue
            found += [f"{path.relative_to(ROOT)}:{n}" for n, line in enumerate(path.read_text().splitlines(), 1)
                      if GAME_ID.search(line)]  # fmt: skip
    assert found == []


def test_no_game_name_appears_in_app_code_outside_games() -> None:
    """A game's name is written once, in its module (marked there for translation)."""
    import games

    names = [game.name for game in games.GAMES.values()]
    found = []
    for folder in ("tournaments", "ratings", "config"):
        for path in (ROOT / folder).rglob("*"):
            if path.suffix in (".py", ".html", ".js") and "/migrations/" not in str(path):
                found += [f"{path.relative_to(ROOT)}: {name}" for name in names if name in path.read_text()]
    assert found == []
