"""python manage.py load_edition FILE: check an edition file and make it its game's active edition."""

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from config.errors import DomainError
from tournaments.catalogue.services import edition_load


class Command(BaseCommand):
    help = "Check an edition data file (docs/deck.md) and make it the active edition of its game."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            with open(options["file"], encoding="utf-8") as handle:
                raw = json.load(handle)
        except (OSError, json.JSONDecodeError) as error:
            raise CommandError(f"{options['file']}: {error}", returncode=2) from error
        try:
            edition = edition_load(raw=raw)
        except DomainError as error:
            raise CommandError(f"{options['file']}: {error.message}", returncode=2) from error
        label = " (practice data)" if edition.is_practice else ""
        self.stdout.write(f"Loaded {edition.name}{label}; it now verifies {edition.game} sheets.")
