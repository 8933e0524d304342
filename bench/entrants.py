"""The entrants CSV at its documented maximum (issue 41): 2,000 new players entered as guests in one file,
through the service the API and the page call, against the database named by DATABASE_URL.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/boomerang_bench .venv/bin/python bench/entrants.py

Target: under 5 s (the request's worker is killed at 30 s).
"""

import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django

django.setup()

from django.core.management import call_command  # noqa: E402

from bench.calibrate import calibration_ns  # noqa: E402
from tournaments.entrants.services import MAX_ENTRANTS, entrants_import  # noqa: E402
from tournaments.models import Event, Player, Registration  # noqa: E402
from tournaments.services.events import event_create, event_open_registration  # noqa: E402


def main() -> None:
    call_command("migrate", verbosity=0)
    from django.contrib.auth import get_user_model

    organiser, _ = get_user_model().objects.get_or_create(username="bench-entrants-organiser")
    run = int(time.time())
    event = event_create(organiser=organiser, name=f"Bench entrants {run}", game="boomerang-australia",
                                  capacity=10_000)  # fmt: skip
    event_open_registration(event=event, by=organiser)
    text = "handle,name,email\n" + "".join(
        f"b{run % 100000}-{i},Guest {i},g{i}@example.org\n" for i in range(MAX_ENTRANTS)
    )
    print(f"calibration: an empty Python call takes {calibration_ns():.0f} ns")
    started = time.perf_counter()
    outcomes = entrants_import(event=event, by=organiser, text=text)
    seconds = time.perf_counter() - started
    assert len(outcomes) == MAX_ENTRANTS
    assert Registration.objects.filter(event=event).count() == MAX_ENTRANTS
    assert Player.objects.filter(registrations__event=event, guest=True).count() == MAX_ENTRANTS
    print(f"{MAX_ENTRANTS} guests entered from one CSV: {seconds:.2f} s")
    Event.objects.filter(pk=event.pk).delete()


if __name__ == "__main__":
    main()
