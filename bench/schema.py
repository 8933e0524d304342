"""CPU a GET of the served OpenAPI schema costs once the process has answered one (config/schema.py keeps the
schema built and rendered for each language and format): 20 GETs through Django's test client.

    .venv/bin/python bench/schema.py
"""

import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("THROTTLE_READ_ANON", "100000/min")  # the bench times the schema, not the read limit

import django

django.setup()

from django.test import Client  # noqa: E402

from bench.calibrate import calibration_ns  # noqa: E402

GETS = 20


def main() -> None:
    client = Client()
    client.get("/api/schema/", {"format": "json"})
    start = time.process_time()
    for _ in range(GETS):
        answer = client.get("/api/schema/", {"format": "json"})
    per_get = (time.process_time() - start) / GETS * 1000
    print(f"{per_get:.0f} ms of CPU a GET of /api/schema/ after the first ({len(answer.content):,} bytes);"
          f" calibration {calibration_ns():.1f} ns")  # fmt: skip


if __name__ == "__main__":
    main()
