"""python manage.py verify_sheet [--deck DECK.json] FILE|-   (docs/score-sheet.md)"""

import json
import sys
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandParser
from django.db import DatabaseError

import games
from tournaments.catalogue.selectors import edition_active, edition_rules_data

EXIT_VALID, EXIT_BROKEN_RULES, EXIT_MALFORMED = 0, 1, 2


class Command(BaseCommand):
    help = "Verify a whole table sheet; print the verdict as JSON. Exit 0 valid, 1 rules broken, 2 malformed."
    requires_system_checks: list[str] = []  # read-only; skipping them keeps start-up well under a second

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the table sheet (JSON), or - for standard input")
        parser.add_argument("--deck", help="edition data (JSON) to use instead of the active edition")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            sheet = _read_json(options["file"], "sheet")
            game, _seats = games.parse_table(sheet)
            edition = self._edition(game, options["deck"])
        except (games.MalformedInput, games.InvalidEdition) as error:
            self.stderr.write(str(error))
            sys.exit(EXIT_MALFORMED)
        verdict = games.verify_table(sheet, edition)
        self.stdout.write(json.dumps(verdict.to_json(), indent=2, ensure_ascii=False))
        sys.exit(EXIT_VALID if verdict.valid else EXIT_BROKEN_RULES)

    def _edition(self, game: games.Game, deck_path: str | None) -> Any:
        if deck_path:
            deck_game, edition = games.load_edition(_read_json(deck_path, "--deck"))
            if deck_game.id != game.id:
                raise games.MalformedInput("--deck", f"the deck is for {deck_game.id}, the sheet is {game.id}")
            return edition
        try:
            return edition_rules_data(game=game.id, edition=edition_active(game=game.id))
        except DatabaseError:  # no database yet (before migrate): use the shipped edition
            return game.default_edition()


def _read_json(path: str, what: str) -> Any:
    try:
        text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise games.MalformedInput(what, f"cannot read {path}: {error.strerror}") from error
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise games.MalformedInput(
            what, f"not JSON ({error.msg} at line {error.lineno} column {error.colno})"
        ) from error
