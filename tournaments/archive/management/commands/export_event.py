"""python manage.py export_event ID: the finished event's archive (docs/archive.md) on standard output."""

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from config.errors import DomainError
from tournaments.archive.services import event_export
from tournaments.models import Event


class Command(BaseCommand):
    help = "Write a finished event's archive (JSON) to standard output."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("event_id", type=int)

    def handle(self, *args: Any, **options: Any) -> None:
        event = Event.objects.filter(pk=options["event_id"]).select_related("organisation").first()
        if event is None:
            raise CommandError(f"no event {options['event_id']}")
        try:
            archive = event_export(event=event)
        except DomainError as error:
            raise CommandError(error.message) from error
        self.stdout.write(json.dumps(archive, ensure_ascii=False, indent=1, default=str))
