"""python manage.py pick_accuracy_refresh GAME: store the pick accuracy of every counting table of a drafting
edition (the tables verified before pick accuracy existed; later ones are stored as they are verified)."""

import time
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

import games
from tournaments.analysis.selectors.statistics import counting_table_ids
from tournaments.analysis.services.pick_accuracy import tables_pick_accuracy_refresh

CHUNK = 200


class Command(BaseCommand):
    help = "Store the pick accuracy of every verified table of a drafting edition (new tables get it anyway)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("game", choices=[game.id for game in games.GAMES.values() if game.drafting])

    def handle(self, *args: Any, **options: Any) -> None:
        start = time.perf_counter()
        table_ids = counting_table_ids(game=options["game"])
        seats = 0
        for first in range(0, len(table_ids), CHUNK):
            seats += tables_pick_accuracy_refresh(table_ids=table_ids[first : first + CHUNK])
        elapsed = time.perf_counter() - start
        self.stdout.write(f"{len(table_ids)} tables, {seats} seats stored in {elapsed:.1f} s")
