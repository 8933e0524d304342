"""The site's settings with the floor's URL added (bench/floor/urls.py)."""

from config.settings import *  # noqa: F403

ROOT_URLCONF = "bench.floor.urls"
