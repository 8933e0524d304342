"""python manage.py demo_clear: delete the demo events and the demo players' accounts."""

from typing import Any

from django.core.management.base import BaseCommand

from tournaments.demo.services import demo_clear


class Command(BaseCommand):
    help = "Delete the demo events (run by a demo organiser), their demo players, and any rating they left."

    def handle(self, *args: Any, **options: Any) -> None:
        events, players = demo_clear()
        self.stdout.write(f"{events} demo event(s) and {players} demo player(s) deleted")
