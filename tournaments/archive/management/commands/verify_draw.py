"""python manage.py verify_draw ARCHIVE: check an event's draw from its archive alone, no database needed
(tournaments/draw.py): the commitment published before round 1 against the revealed seeds, and round 1's
seating against the one the seed gives. Exit 0 when the draw holds, 1 with each problem on stderr."""

import json
import sys
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournaments.draw import draw_problems


class Command(BaseCommand):
    help = "Check an archived event's draw (seed commitment and round 1's seating), with no database."
    requires_system_checks: list[str] = []  # reads a file only

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("archive", help="the archive's JSON file (manage.py export_event), or - for stdin")

    def handle(self, *args: Any, **options: Any) -> None:
        source = options["archive"]
        try:
            text = sys.stdin.read() if source == "-" else Path(source).read_text(encoding="utf-8")
            archive = json.loads(text)
            problems = draw_problems(archive)
        except (OSError, ValueError, KeyError, TypeError) as error:
            raise CommandError(f"{source}: not an event archive ({error})") from error
        if problems:
            for problem in problems:
                self.stderr.write(problem)
            sys.exit(1)
        event = archive["event"]
        self.stdout.write(f"the draw holds: seed {event['seed']}, deal seed {event['deal_seed']}, "
                          f"commitment {archive['draw']['commitment']}; round 1 is the seating they give")  # fmt: skip
