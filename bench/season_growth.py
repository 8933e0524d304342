"""A season flat in its events (issue 65, item 3), against the database named by DATABASE_URL (PostgreSQL):

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/boomerang_bench .venv/bin/python bench/season_growth.py

One season grows to 100, 1,000 and 10,000 finished events of `--field` players each, drawn from `--players`
(their final places written straight into the database, as closing an event stores them). At each size:
p50/p95 of the season page and of its standings API (and the API page's size), what storing one event's
points again costs (a correction, a sanction, an event joining: `event_seasons_refresh`), and what storing
the whole season again costs (a change of its best-of). The goal: page and API within 2x of 100 events at
1,000 (and at 10,000), the API a page of a few kB, one event's store flat too.
"""

import argparse
import os
import random
import statistics
import sys
import time
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("THROTTLE_READ_ANON", "100000000/min")
os.environ.setdefault("THROTTLE_PAGE_ANON", "100000000/min")

import django

django.setup()

from django.core.cache import cache  # noqa: E402
from django.db import transaction  # noqa: E402
from django.test import Client  # noqa: E402
from django.utils import timezone  # noqa: E402

from bench.calibrate import calibration_ns  # noqa: E402
from bench.pages import WARM_UP, analyze, bench_club, bench_players  # noqa: E402
from tournaments.models import Event, EventPlace  # noqa: E402
from tournaments.seasons.models import SeasonEvent  # noqa: E402
from tournaments.seasons.services import event_seasons_refresh, season_create, season_standings_refresh  # noqa: E402


def p50_p95(client: Client, url: str, requests: int, built: bool = False) -> tuple[float, float, int]:
    """`built`: the page's kept copy is dropped before each read, so each read builds it (what a change costs)."""
    for _ in range(WARM_UP):
        client.get(url)
    times, size = [], 0
    for _ in range(requests):
        if built:
            cache.clear()
        start = time.perf_counter()
        answer = client.get(url)
        times.append((time.perf_counter() - start) * 1000)
        size = len(answer.content)
        assert answer.status_code == 200, (url, answer.status_code)
    times.sort()
    return statistics.median(times), times[int(0.95 * (len(times) - 1))], size


def add_events(season, club, owner, players, count: int, field: int, rng: random.Random, first: int) -> list[int]:
    """`count` finished, sanctioned events of `field` players joined to the season, written in bulk."""
    now = timezone.now()
    events = Event.objects.bulk_create(
        Event(name=f"Night {first + i}", game=season.game, organisation=club, status="finished", rounds_planned=1,
              sanction="sanctioned", starts_at=now, capacity=field)
        for i in range(count)
    )  # fmt: skip
    places = []
    for event in events:
        for place, player in enumerate(rng.sample(players, field), 1):
            places.append(EventPlace(event=event, player=player, place=place))
    EventPlace.objects.bulk_create(places, batch_size=5000)
    SeasonEvent.objects.bulk_create(SeasonEvent(season=season, event=e) for e in events)
    return [e.pk for e in events]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 1000, 10000])
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--field", type=int, default=16)
    parser.add_argument("--requests", type=int, default=40)
    args = parser.parse_args()
    rng = random.Random(1)
    tag = f"growth-{int(time.time())}"
    owner, club = bench_club(tag)
    players = bench_players(tag, args.players)
    season = season_create(by=owner, organisation=club, name=tag, game="boomerang-australia",
                           starts_on=date(2000, 1, 1), ends_on=date(2100, 1, 1), best_of=8, qualifiers=8)  # fmt: skip
    print(f"calibration {calibration_ns():.1f} ns; {args.players} players, {args.field} a night, best 8 count")
    added: list[int] = []
    client = Client()
    for size in args.sizes:
        added += add_events(season, club, owner, players, size - len(added), args.field, rng, len(added))
        start = time.perf_counter()
        season_standings_refresh(season_ids=[season.pk])
        whole = time.perf_counter() - start
        # Every table the bulk load wrote, as autovacuum would soon after: left out, the season's events and their
        # links kept the empty-table guess of 56 rows and the page sorted 10,000 events through a nested loop
        # (the page's build at 10,000 events read 75 ms instead of 50).
        analyze("tournaments_event", "tournaments_seasonevent", "tournaments_eventplace", "seasons_seasonscore",
                "tournaments_seasonstanding")  # fmt: skip
        page = p50_p95(client, f"/seasons/{season.pk}/", args.requests, built=True)
        api = p50_p95(client, f"/api/seasons/{season.pk}/standings/", args.requests)
        detail = p50_p95(client, f"/api/seasons/{season.pk}/", args.requests)
        one = []
        for _ in range(10):
            start = time.perf_counter()
            with transaction.atomic():
                event_seasons_refresh(event_ids=[rng.choice(added)])
            one.append((time.perf_counter() - start) * 1000)
        print(f"{size:>6} events: page built p50 {page[0]:6.1f} p95 {page[1]:6.1f} ms ({page[2] // 1024} KB) | "
              f"standings API p50 {api[0]:6.1f} p95 {api[1]:6.1f} ms ({api[2] // 1024} KB) | "
              f"season API p95 {detail[1]:6.1f} ms ({detail[2] // 1024} KB) | one event stored p50 "
              f"{statistics.median(one):6.1f} ms | whole season stored {whole:6.2f} s")  # fmt: skip


if __name__ == "__main__":
    main()
