"""python manage.py bootstrap: the admin account and a small demo, idempotent (a second run keeps the data)."""

import os
import random
import secrets
from datetime import timedelta
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandParser
from django.db import transaction

import games
from config.celery import app as celery_app
from games.simulate import legal_sheet
from tournaments.catalogue.models import SheetCheck
from tournaments.catalogue.services import sheet_check_submit
from tournaments.demo.services import demo_event_run, demo_event_unfinished
from tournaments.integrations.services.webhooks import webhooks_sweep
from tournaments.models import Event, Organisation, RatingBody
from tournaments.results.services.rating import game_pools_ensure
from tournaments.services.clubs import organisation_create
from tournaments.stewarding.services import rating_body_set

# Where the admin's password is kept between runs; ADMIN_CREDENTIALS_FILE moves it (tests, several checkouts).
CREDENTIALS = Path(os.environ.get("ADMIN_CREDENTIALS_FILE", Path(settings.BASE_DIR) / ".admin-credentials"))
ADMIN = "admin"
FEDERATION = "federation"  # the bootstrap's rating body
DEMO_EVENTS = {
    "boomerang-australia": 8,
    "boomerang-europe": 7,
    "boomerang-usa": 6,
    "boomerang-hunt": 9,
    "boomerang-flip": 6,
}


class Command(BaseCommand):
    help = "Create the admin account (credentials printed) and a small demo on an empty database."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--no-demo", action="store_true", help="A production install: the admin and the stewards only, no demo."
        )
        parser.add_argument("--port", type=int, default=8000, help="The port `make run` serves on (PORT=).")

    def handle(self, *args: Any, **options: Any) -> None:
        password = self._admin_password()
        self._rating_body()
        game_pools_ensure()
        if celery_app.conf.task_always_eager:  # no broker, so no beat: send what the last run left pending
            webhooks_sweep(older_than=timedelta(0))
        created = events = 0
        if not options["no_demo"]:
            created = self._demo_sheet_checks()
            events = self._demo_events()
        site = f"http://127.0.0.1:{options['port']}"
        self.stdout.write(
            "\nBoomerang tournaments are ready.\n"
            f"  pages     {site}/ (events, standings, leaderboards; English, French, German and Spanish)\n"
            f"  admin     {site}/admin/   user {ADMIN}   password {password}\n"
            f"  API       {site}/api/\n"
            f"  API docs  {site}/api/docs/\n"
            f"  demo      {created} new demo sheet(s) verified, {events} new demo event(s)\n"
        )

    def _demo_events(self) -> int:
        """On first start, one small event per game, played in-process so no worker is needed yet and rated,
        so the leaderboards have players (all demo: `demo_clear` removes them and replays the pools); then
        one event taking registrations and one being played."""
        if Event.objects.exists():
            return 0
        eager = celery_app.conf.task_always_eager
        celery_app.conf.task_always_eager = True
        try:
            for seed, (game, players) in enumerate(DEMO_EVENTS.items(), start=1):
                demo_event_run(game=game, players=players, seed=seed, rounds=2, rated=True)
            drafting = [game.id for game in games.GAMES.values() if game.drafting]
            demo_event_unfinished(game=drafting[0], players=6, seed=1, running=False)
            demo_event_unfinished(game=drafting[-1], players=8, seed=3, running=True)
        finally:
            celery_app.conf.task_always_eager = eager
        return len(DEMO_EVENTS) + 2

    def _admin_password(self) -> str:
        """Keep the password a first run generated; make a new one only when it was lost."""
        user_model = get_user_model()
        user = user_model.objects.filter(username=ADMIN).first()
        if user and CREDENTIALS.exists() and user.check_password(CREDENTIALS.read_text().strip()):
            return CREDENTIALS.read_text().strip()
        password = secrets.token_urlsafe(12)
        user = user or user_model(username=ADMIN, email="admin@example.org", is_staff=True, is_superuser=True)
        user.set_password(password)
        user.save()
        CREDENTIALS.write_text(password + "\n")
        CREDENTIALS.chmod(0o600)
        return password

    def _rating_body(self) -> None:
        """A fresh install's stewards: the federation the admin owns stewards every game's pool."""
        if RatingBody.objects.exists():
            return
        admin = get_user_model().objects.get(username=ADMIN)
        with transaction.atomic():
            federation = Organisation.objects.filter(slug=FEDERATION).first() or organisation_create(
                by=admin, slug=FEDERATION, name="Boomerang federation", kind=Organisation.Kind.FEDERATION
            )
            rating_body_set(game="", organisation=federation, by=admin)

    def _demo_sheet_checks(self) -> int:
        if SheetCheck.objects.exists():
            return 0
        rng = random.Random(2026)
        created = 0
        with transaction.atomic():
            for game in games.GAMES.values():
                sheet = legal_sheet(game.id, game.player_counts[-1] if game.id != "boomerang-hunt" else 4, rng)
                sheet_check_submit(sheet=sheet)
                mistaken = legal_sheet(game.id, game.player_counts[0], rng)
                mistaken["seats"][0]["claimed_total"] += 2  # an honest addition slip, to show a rejection
                sheet_check_submit(sheet=mistaken)
                created += 2
        return created
