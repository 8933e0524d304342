"""python manage.py import_event FILE [--as USERNAME]: rebuild a finished event from its archive after
verifying every table again; exits non-zero naming the table, seat and problem when it refuses."""

import json
from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

from config.errors import DomainError
from tournaments.archive.services import event_import


class Command(BaseCommand):
    help = "Import an event archive (JSON); every table is verified again."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file")
        parser.add_argument("--as", dest="username", default="admin", help="Who imports (an organiser; admin).")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            archive = json.loads(Path(options["file"]).read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            raise CommandError(f"{options['file']}: {error}") from error
        except RecursionError:
            raise CommandError(f"{options['file']}: JSON nested too deeply to be an archive") from None
        user = get_user_model().objects.filter(username=options["username"]).first()
        if user is None:
            raise CommandError(f"no user {options['username']!r}")
        try:
            event = event_import(archive=archive, by=user)
        except DomainError as error:
            raise CommandError(f"refused: {error.message} [{error.field}]") from error
        self.stdout.write(f"imported event {event.pk}: {event.name}")
