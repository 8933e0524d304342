"""python manage.py card_stats_rebuild GAME: a drafting edition's card statistics computed from scratch."""

import time
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

import games
from tournaments.analysis.services.card_stats import card_stats_rebuild


class Command(BaseCommand):
    help = "Recompute a drafting edition's card statistics from every counting table (they are kept up to date anyway)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("game", choices=[game.id for game in games.GAMES.values() if game.drafting])

    def handle(self, *args: Any, **options: Any) -> None:
        if options["game"] not in games.GAMES:
            raise CommandError(f"unknown game {options['game']!r}")
        start = time.perf_counter()
        tables = card_stats_rebuild(game=options["game"])
        self.stdout.write(f"{tables} tables counted in {time.perf_counter() - start:.1f} s")
