"""Ratings benchmarks (issue 6), against the database named by DATABASE_URL (use PostgreSQL).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/boomerang_bench \\
        .venv/bin/python bench/ratings.py replay --tables 100000
    DATABASE_URL=... .venv/bin/python bench/ratings.py leaderboard --players 100000 --changes 1000000

`replay`: the service's own replay path (`ratings.services.pool_replay`) over N four-player tables, as a
ratio to calling `trueskill.rate` on the same tables in a bare loop (target >= 0.7).
`leaderboard`: p50/p95 of GET /api/ratings/pools/<game>/leaderboard/ (first and a deep page) with that many
rated players and history rows (target p95 < 50 ms). Both empty the bench pool first.
"""

import argparse
import os
import random
import statistics
import sys
import time
from datetime import timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
# The benches time the pages, not the public read limit (300 a minute per address).
os.environ.setdefault("THROTTLE_READ_ANON", "100000000/min")

import django

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection, transaction  # noqa: E402
from django.test import Client  # noqa: E402
from django.utils import timezone  # noqa: E402

from ratings import services  # noqa: E402
from ratings.models import Rating, RatingChange, RatingEvent, RatingPool  # noqa: E402
from ratings.trueskill_step import Environment  # noqa: E402

GAME = "bench-pool"


def players(count: int) -> list[int]:
    user_model = get_user_model()
    have = list(user_model.objects.filter(username__startswith="bench-").values_list("id", flat=True))
    if len(have) < count:
        user_model.objects.bulk_create(
            [user_model(username=f"bench-{i}") for i in range(len(have), count)], batch_size=5000
        )
        have = list(user_model.objects.filter(username__startswith="bench-").values_list("id", flat=True))
    return have[:count]


def fresh_pool() -> RatingPool:
    RatingPool.objects.filter(game=GAME).delete()
    return RatingPool.objects.create(game=GAME, name="Benchmark pool")


def tables(count: int, ids: list[int], rng: random.Random) -> list[list[dict]]:
    result = []
    for _ in range(count):
        seated = rng.sample(ids, 4)
        ranks = sorted(rng.randint(1, 4) for _ in seated)
        result.append([{"player": p, "name": f"bench-{p}", "rank": r} for p, r in zip(seated, ranks, strict=True)])
    return result


def bare_loop(pool: RatingPool, games: list[list[dict]]) -> float:
    env = Environment(pool.mu, pool.sigma, pool.beta, pool.tau, pool.draw_probability).trueskill()
    state: dict[int, object] = {}
    start = time.perf_counter()
    for placings in games:
        groups = [(state.get(p["player"]) or env.create_rating(),) for p in placings]
        rated = env.rate(groups, ranks=[p["rank"] for p in placings])
        for p, (rating,) in zip(placings, rated, strict=True):
            state[p["player"]] = rating
    return time.perf_counter() - start


def replay(args: argparse.Namespace) -> None:
    rng = random.Random(1)
    pool = fresh_pool()
    games = tables(args.tables, players(max(args.tables // 10, 40)), rng)
    t0 = timezone.now() - timedelta(days=365)
    RatingEvent.objects.bulk_create(
        [
            RatingEvent(pool=pool, kind="match", source=f"table:{i}", order_at=t0 + timedelta(seconds=i), placings=g)
            for i, g in enumerate(games)
        ],
        batch_size=5000,
    )
    bare = bare_loop(pool, games)
    start = time.perf_counter()
    with transaction.atomic():
        services.pool_replay(pool=RatingPool.objects.select_for_update().get(pk=pool.pk))
    service = time.perf_counter() - start
    rows = RatingChange.objects.filter(pool=pool).count()
    print(f"database: {connection.vendor}, tables: {args.tables}, history rows: {rows}")
    print(f"bare trueskill.rate loop: {bare:.1f} s ({args.tables / bare:,.0f} tables/s)")
    print(f"service replay:           {service:.1f} s ({args.tables / service:,.0f} tables/s)")
    print(f"ratio (service / bare throughput): {bare / service:.2f}  (target >= 0.7)")


def leaderboard(args: argparse.Namespace) -> None:
    pool = fresh_pool()
    ids = players(args.players)
    rng = random.Random(2)
    now = timezone.now()
    skills = [(rng.gauss(25, 5), rng.uniform(1, 8)) for _ in ids]
    Rating.objects.bulk_create(
        [
            Rating(pool=pool, player_id=p, name=f"bench-{p}", mu=mu, sigma=sigma, conservative=mu - 3 * sigma,
                   games=rng.randint(0, 60), last_played_at=now)
            for p, (mu, sigma) in zip(ids, skills, strict=True)
        ],
        batch_size=10000,
    )  # fmt: skip
    per_event = 4
    events = RatingEvent.objects.bulk_create(
        [
            RatingEvent(pool=pool, kind="match", source=f"table:{i}", order_at=now, placings=[])
            for i in range(args.changes // per_event)
        ],
        batch_size=10000,
    )
    batch: list[RatingChange] = []
    for event in events:
        for p in rng.sample(ids, per_event):
            batch.append(RatingChange(event=event, pool=pool, player_id=p, rank=1, mu_before=25, sigma_before=8,
                                      mu_after=26, sigma_after=7))  # fmt: skip
        if len(batch) >= 20000:
            RatingChange.objects.bulk_create(batch)
            batch = []
    RatingChange.objects.bulk_create(batch)
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("ANALYZE ratings_rating; ANALYZE ratings_ratingchange;")
    client = Client()
    last_page = max(args.players // 50, 1)
    for label, url in (
        ("first page", f"/api/ratings/pools/{GAME}/leaderboard/"),
        ("page 1000", f"/api/ratings/pools/{GAME}/leaderboard/?page={min(1000, last_page)}"),
        ("established", f"/api/ratings/pools/{GAME}/leaderboard/?established=true"),
    ):
        times = []
        for _ in range(args.requests):
            start = time.perf_counter()
            response = client.get(url)
            times.append((time.perf_counter() - start) * 1000)
            assert response.status_code == 200, response.status_code
        times.sort()
        p95 = times[int(len(times) * 0.95) - 1]
        print(f"{label:<12} p50 {statistics.median(times):6.1f} ms   p95 {p95:6.1f} ms   ({args.requests} requests)")
    rated, rows = Rating.objects.filter(pool=pool).count(), RatingChange.objects.filter(pool=pool).count()
    print(f"rated players: {rated:,}, history rows: {rows:,}")


def main() -> None:
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers(dest="command", required=True)
    rp = sub.add_parser("replay")
    rp.add_argument("--tables", type=int, default=100_000)
    lb = sub.add_parser("leaderboard")
    lb.add_argument("--players", type=int, default=100_000)
    lb.add_argument("--changes", type=int, default=1_000_000)
    lb.add_argument("--requests", type=int, default=200)
    args = parser.parse_args()
    call_command("migrate", verbosity=0)
    replay(args) if args.command == "replay" else leaderboard(args)


if __name__ == "__main__":
    main()
