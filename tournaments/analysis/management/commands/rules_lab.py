"""python manage.py rules_lab READING: how many of its game's counting tables, winners and places another
reading of a rule would change (games/readings.py; the shipped reading stays the engines' default)."""

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from games.readings import READINGS
from tournaments.analysis.selectors.readings import game_reading_report


class Command(BaseCommand):
    help = "Re-score a game's counting tables under another reading of a rule and count what would change."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("reading", choices=sorted(READINGS), help="which reading (games/readings.py)")

    def handle(self, *args: Any, **options: Any) -> None:
        reading = READINGS[options["reading"]]
        report = game_reading_report(reading=reading)
        share = f" ({report.winners_changed / report.tables:.1%})" if report.tables else ""
        self.stdout.write(
            f"{reading.game}: {reading.summary}\n"
            f"{report.tables} counting tables; winners changed at {report.winners_changed}{share}; "
            f"places changed at {report.places_changed}"
        )
