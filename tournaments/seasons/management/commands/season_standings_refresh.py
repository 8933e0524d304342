"""python manage.py season_standings_refresh [SEASON ...]: store the standings of seasons again from their
events' final places (seasons from before standings were stored are computed on each request until then)."""

import time
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournaments.seasons.models import Season
from tournaments.seasons.services import season_standings_refresh


class Command(BaseCommand):
    help = "Store seasons' standings from their events' final places (every season, or those named by id)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("seasons", nargs="*", type=int, help="season ids (default: every season)")

    def handle(self, *args: Any, **options: Any) -> None:
        start = time.perf_counter()
        ids = options["seasons"] or list(Season.objects.values_list("pk", flat=True))
        unknown = sorted(set(ids) - set(Season.objects.filter(pk__in=ids).values_list("pk", flat=True)))
        if unknown:
            raise CommandError(f"seasons: no season has the id {', '.join(map(str, unknown))}")
        rows = sum(season_standings_refresh(season_ids=[pk]) for pk in ids)
        self.stdout.write(f"{len(ids)} seasons, {rows} rows stored in {time.perf_counter() - start:.1f} s")
