"""Ratings benchmarks (issues 6 and 30), against the database named by DATABASE_URL (use PostgreSQL).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/boomerang_bench \\
        .venv/bin/python bench/ratings.py replay --tables 100000
    DATABASE_URL=... .venv/bin/python bench/ratings.py leaderboard --players 1000000 --changes 1000000
    DATABASE_URL=... .venv/bin/python bench/ratings.py lists --players 50000 1000000

`replay`: the service's own replay path (`ratings.services.pool_replay`) over N four-player tables, as a
ratio to calling `trueskill.rate` on the same tables in a bare loop, both in the same run.
`lists`: `ratings.services.list_publish` of a pool of N rated players (targets: 50,000 in under 3 s,
1,000,000 in under 10 s).
`quality`: the nightly quality report of a pool of N simulated tables, the fit included (issue 46: 100,000 in
under 2 minutes). `truth`: the ratings' rank correlation with simulated players' hidden skill
(ratings/lab/ground_truth.py);
`draft`: the same for TrueSkill observing performance against par (a draft-aware rating) beside TrueSkill.
`leaderboard`: p50/p95 of GET /api/ratings/pools/<game>/leaderboard/ (the first page, page 1,000, the middle
and the last page), of a player's rank (`ratings.buckets.rank_and_size`) and of the player endpoint, with
that many rated players and history rows (targets: pages p95 < 50 ms, a rank < 10 ms). Both empty the bench
pool first.
"""

import argparse
import os
import random
import statistics
import subprocess
import sys
import time
from datetime import timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
# The benches time the pages, not the public read limit (300 a minute per address).
os.environ.setdefault("THROTTLE_READ_ANON", "100000000/min")
os.environ.setdefault("THROTTLE_PAGE_ANON", "100000000/min")

import django

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection, transaction  # noqa: E402
from django.db.models import Q  # noqa: E402
from django.test import Client  # noqa: E402
from django.utils import timezone  # noqa: E402

from bench.calibrate import calibration_ns  # noqa: E402
from config.bulk import bulk_insert  # noqa: E402
from ratings.buckets import buckets_move, rank_and_size  # noqa: E402
from ratings.lab.services import pool_quality_refresh, quality_seconds  # noqa: E402
from ratings.models import Rating, RatingChange, RatingEvent, RatingPool  # noqa: E402
from ratings.services.lists import list_publish  # noqa: E402
from ratings.services.pools import pool_replay  # noqa: E402
from ratings.trueskill_step import Environment  # noqa: E402
from tests.ratings.trueskill_oracle import package_env  # noqa: E402

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
    env = package_env(Environment(pool.mu, pool.sigma, pool.beta, pool.tau, pool.draw_probability))
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
        pool_replay(pool=RatingPool.objects.select_for_update().get(pk=pool.pk))
    service = time.perf_counter() - start
    rows = RatingChange.objects.filter(pool=pool).count()
    print(f"database: {connection.vendor}, tables: {args.tables}, history rows: {rows}")
    print(f"bare trueskill.rate loop: {bare:.1f} s ({args.tables / bare:,.0f} tables/s)")
    print(f"service replay:           {service:.1f} s ({args.tables / service:,.0f} tables/s)")
    print(f"ratio (service / bare throughput): {bare / service:.2f}  (target >= 0.7)")


def rated_pool(count: int, rng: random.Random) -> tuple[RatingPool, list[int], list[tuple[float, float]]]:
    """A fresh bench pool of `count` rated players (rounded ratings, so some are equal and share a rank)."""
    pool = fresh_pool()
    ids = players(count)
    now = timezone.now()
    skills = [(round(rng.gauss(25, 5), 2), round(rng.uniform(1, 8), 2)) for _ in ids]
    columns = ("pool_id", "player_id", "name", "mu", "sigma", "conservative", "games", "last_played_at")
    bulk_insert(
        Rating, columns,
        ((pool.pk, p, f"bench-{p}", mu, sigma, mu - 3 * sigma, rng.randint(0, 60), now)
         for p, (mu, sigma) in zip(ids, skills, strict=True)),
    )  # fmt: skip
    return pool, ids, skills


def lists(args: argparse.Namespace) -> None:
    print(f"calibration: an empty Python call takes {calibration_ns():.0f} ns")
    for count in args.players:
        rated_pool(count, random.Random(3))
        with connection.cursor() as cursor:
            if connection.vendor == "postgresql":
                cursor.execute("VACUUM ANALYZE ratings_rating")
        started = time.perf_counter()
        published = list_publish(game=GAME, name=f"bench-{count}", actor="bench")
        seconds = time.perf_counter() - started
        entries = published.entries.count()
        assert entries == count, (entries, count)
        print(f"{count:>9,} players: list_publish {seconds:6.2f} s  ({entries:,} entries written)")


def leaderboard(args: argparse.Namespace) -> None:
    rng = random.Random(2)
    now = timezone.now()
    pool, ids, skills = rated_pool(args.players, rng)
    buckets_move(pool=pool, before=[], after=[mu - 3 * sigma for mu, sigma in skills])
    per_event = 4
    events = RatingEvent.objects.bulk_create(
        [
            RatingEvent(pool=pool, kind="match", source=f"table:{i}", order_at=now, placings=[])
            for i in range(args.changes // per_event)
        ],
        batch_size=10000,
    )
    bulk_insert(
        RatingChange,
        ("event_id", "pool_id", "player_id", "rank", "mu_before", "sigma_before", "mu_after", "sigma_after"),
        ((event.pk, pool.pk, p, 1, 25, 8, 26, 7) for event in events for p in rng.sample(ids, per_event)),
    )
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            for table in ("ratings_rating", "ratings_ratingchange", "ratings_ratingbucket"):
                cursor.execute(f"VACUUM ANALYZE {table}")  # as autovacuum would: index-only scans need it
    client = Client()
    pages = max(args.players // 50, 1)
    base = f"/api/ratings/pools/{GAME}"
    for label, url in (
        ("first page", f"{base}/leaderboard/"),
        ("page 1000", f"{base}/leaderboard/?page={min(1000, pages)}"),
        (f"page {pages // 2} (middle)", f"{base}/leaderboard/?page={pages // 2}"),
        (f"page {pages} (last)", f"{base}/leaderboard/?page={pages}"),
        ("established", f"{base}/leaderboard/?established=true"),
    ):
        report(label, [timed(lambda url=url: client.get(url)) for _ in range(args.requests)])
    sample = list(Rating.objects.filter(pool=pool).order_by("?")[: args.requests])
    report("rank lookup (rank_and_size)", [timed(lambda r=r: rank_and_size(rating=r)) for r in sample])
    report(
        "player endpoint (rank + history)",
        [timed(lambda r=r: client.get(f"{base}/players/{r.player_id}/")) for r in sample],
    )
    middle = sorted(sample, key=lambda r: r.conservative)[len(sample) // 2]
    assert (
        rank_and_size(rating=middle)[0]
        == Rating.objects.filter(pool=pool)
        .filter(Q(conservative__gt=middle.conservative) | Q(conservative=middle.conservative, id__lt=middle.pk))
        .count()
        + 1
    ), "the buckets' rank is the counted rank"
    rated, rows = Rating.objects.filter(pool=pool).count(), RatingChange.objects.filter(pool=pool).count()
    print(f"rated players: {rated:,}, history rows: {rows:,}")


def timed(call) -> float:  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    response = call()
    assert getattr(response, "status_code", 200) == 200, response.status_code
    return (time.perf_counter() - start) * 1000


def report(label: str, times: list[float]) -> None:
    times.sort()
    p95 = times[int(len(times) * 0.95) - 1]
    print(f"{label:<34} p50 {statistics.median(times):6.1f} ms   p95 {p95:6.1f} ms   ({len(times)} requests)")


def quality(args: argparse.Namespace) -> None:
    """The nightly quality report (`ratings.services.pool_quality_refresh`: the replay, the fit on the earlier
    80%, and the four models scored on the later 20%) of a pool of N four-player tables of 2,000 players with a
    hidden skill, read from the database as the task reads it."""
    rng = random.Random(1)
    pool = fresh_pool()
    ids = players(2000)
    skill = {p: rng.gauss(25, 5) for p in ids}
    t0 = timezone.now() - timedelta(days=3 * 365)
    events = []
    for n in range(args.tables):
        seated = rng.sample(ids, 4)
        order = sorted(seated, key=lambda p: -rng.gauss(skill[p], 25 / 6))
        placings = [{"player": p, "name": f"bench-{p}", "rank": order.index(p) + 1} for p in seated]
        events.append(RatingEvent(pool=pool, kind="match", source=f"table:{n}",
                                  order_at=t0 + timedelta(minutes=15 * n), placings=placings))  # fmt: skip
    RatingEvent.objects.bulk_create(events, batch_size=5000)
    hogs = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(args.hog)]
    try:
        began = time.perf_counter()
        report = pool_quality_refresh(pool=pool)
        took = time.perf_counter() - began
    finally:
        for hog in hogs:
            hog.kill()
    figures = report.figures
    limit = quality_seconds(args.tables)  # what production gives a pool of this size with no report yet
    print(f"database: {connection.vendor}; quality report of {args.tables:,} tables: {took:.1f} s with {args.hog} "
          f"busy processes beside; production's limit for it {limit:.0f} s ({took / limit:.0%} of it)")  # fmt: skip
    print(f"winner predicted {figures['winner_accuracy']:.1%}, log-likelihood {figures['log_likelihood']:.3f} "
          f"(knowing nothing {figures['uniform_log_likelihood']:.3f})")  # fmt: skip
    comparison = figures["comparison"]
    print(f"held out: the later {comparison['held_out_tables']:,} tables; fit: {comparison['fitted']['replays']} "
          f"replays of the earlier {comparison['training_tables']:,}")  # fmt: skip
    for model in comparison["models"]:
        print(f"  {model['name']:<10} log-likelihood {model['log_likelihood']:.4f}  "
              f"winner {model['winner_accuracy']:.1%}  top half {model['top_half_accuracy']:.1%}")  # fmt: skip
    print(f"calibration: an empty Python call {calibration_ns():.0f} ns")


def truth(args: argparse.Namespace) -> None:
    """Ground truth (ratings/lab/ground_truth.py): Swiss events of Boomerang: Australia drafted card by card by players
    with a hidden skill; the rank correlation of the ratings with it after 5, 10 and 20 events, under the
    default parameters and those fitted to the earlier 80% of the tables, seed by seed."""
    from statistics import fmean

    from ratings.lab.fit import TRAINING_SHARE, fit_parameters
    from ratings.lab.ground_truth import CHECKPOINTS, correlations, swiss_events

    defaults = Environment(25.0, 25 / 3, 25 / 6, 25 / 300, 0.1)
    rows: dict[str, dict[int, list[float]]] = {
        "defaults": {k: [] for k in CHECKPOINTS},
        "fitted": {k: [] for k in CHECKPOINTS},
    }
    began = time.perf_counter()
    for seed in range(1, args.seeds + 1):
        played = swiss_events(args.players, 20, args.rounds, seed=seed)
        fit = fit_parameters(played.tables[: int(len(played.tables) * TRAINING_SHARE)], defaults)
        for name, env in (("defaults", defaults), ("fitted", fit.env)):
            for k, rho in correlations(played, env).items():
                rows[name][k].append(rho)
    print(f"{args.seeds} seeds x {args.players} players, 20 Swiss events of {args.rounds} rounds: "
          f"{time.perf_counter() - began:.1f} s")  # fmt: skip
    for name, found in rows.items():
        print(f"  {name:<9}" + "  ".join(f"after {k}: {fmean(v):.3f}" for k, v in found.items()))
    print(f"calibration: an empty Python call {calibration_ns():.0f} ns")


def draft(args: argparse.Namespace) -> None:
    """A rating that learns from the draft (issue 58, item 3): TrueSkill observing places, TrueSkill observing
    performance against par, the choice model over the cards in hand and TrueSkill with it, on the ground
    truth played with par, seed by seed: the rank correlation with the hidden skill after 1, 3 and 5 events,
    and the prediction of the later 20% tables (ratings/lab/ground_truth.py, `draft_aware_figures`)."""
    from statistics import fmean

    from ratings.lab.ground_truth import DRAFT_CHECKPOINTS, draft_aware_figures, swiss_events

    defaults = Environment(25.0, 25 / 3, 25 / 6, 25 / 300, 0.1)
    rho: dict[str, dict[int, list[float]]] = {}
    scores: dict[str, list[tuple[float, float, float, float]]] = {}
    scales: list[dict[str, float]] = []
    began = time.perf_counter()
    for seed in range(1, args.seeds + 1):
        played = swiss_events(args.players, max(DRAFT_CHECKPOINTS), args.rounds, seed=seed, with_par=True)
        figures = draft_aware_figures(played, defaults)
        scales.append(figures.scales)
        for name, found in figures.correlations.items():
            for k, value in found.items():
                rho.setdefault(name, {}).setdefault(k, []).append(value)
        for name, held in figures.held_out.items():
            scores.setdefault(name, []).append(
                (held.log_likelihood, held.winner_accuracy, held.pair_inversion, held.top3_hit)
            )
    print(f"{args.seeds} seeds x {args.players} players, {max(DRAFT_CHECKPOINTS)} Swiss events of {args.rounds} "
          f"rounds, par for every table: {time.perf_counter() - began:.1f} s")  # fmt: skip
    for name in rho:
        corr = "  ".join(f"after {k}: {fmean(v):.3f}" for k, v in rho[name].items())
        ll, won, inverted, top3 = (fmean(column) for column in zip(*scores[name], strict=True))
        print(f"  {name:<16} {corr}  | later 20%: log-likelihood {ll:.3f}, winner {won:.3f}, "
              f"pair inversion {inverted:.3f}, top-3 hit {top3:.3f}")  # fmt: skip
    print("  fitted on the earlier 80%, seed by seed: " + "; ".join(
        ", ".join(f"{k} {v:g}" for k, v in fitted.items()) for fitted in scales))  # fmt: skip
    print(f"calibration: an empty Python call {calibration_ns():.0f} ns")


def choice(args: argparse.Namespace) -> None:
    """The choice model's nightly cost (issue 58, speed): one ground truth's tables and picks (48 players, 5
    Swiss events of 3 rounds, Boomerang: Australia) replayed in turn until `--tables` tables are rated, players
    renumbered each turn so every turn brings new players; the fit is one replay per grid point."""
    from ratings.lab.choice import ChoiceModel, Pick
    from ratings.lab.ground_truth import swiss_events

    played = swiss_events(48, 5, 3, seed=1)
    turns = -(-args.tables // len(played.tables))
    picks = [
        tuple(Pick(pick.player + 48 * turn, pick.hand, pick.taken) for pick in table)
        for turn in range(turns)
        for table in played.picks
    ][: args.tables]
    model = ChoiceModel(played.statistics, picks)
    began = time.perf_counter()
    for _ in picks:
        model.rate((), ())  # the model reads the table's picks; it needs no players nor places
    took = time.perf_counter() - began
    print(f"the choice model rated {len(picks):,} tables ({sum(map(len, picks)):,} picks) in {took:.1f} s, "
          f"{took / len(picks) * 1e6:.0f} us a table; its fit (7 grid points) {7 * took:.0f} s")  # fmt: skip
    print(f"calibration: an empty Python call {calibration_ns():.0f} ns")


def synthetic(args: argparse.Namespace) -> None:
    """Elo-MMR's synthetic row (issue 58, item 4; ratings/lab/synthetic.py): its generator's 15,000 rounds of 5
    of 1,000 players, seed by seed; each model's pair accuracy and rank deviation as the paper scores them,
    beside the paper's own figures for the row as issue 58 quotes them."""
    from collections.abc import Callable
    from statistics import fmean

    from ratings.lab import synthetic as synth
    from ratings.lab.fit import EloModel, OpenSkillModel
    from ratings.lab.report import Model, TrueSkillModel

    generator_truth = Environment(synth.SKILL_MEAN, synth.SKILL_SD, synth.PERFORMANCE_SD, synth.DRIFT_SD, 0.0001)
    models: dict[str, Callable[[], Model]] = {
        "TrueSkill (the paper's parameters)": lambda: TrueSkillModel(synth.ELO_MMR_TRUESKILL),
        "TrueSkill (the generator's own)": lambda: TrueSkillModel(generator_truth),
        "Elo (K 32)": EloModel,
        "openskill (Plackett-Luce)": OpenSkillModel,
    }
    rows: dict[str, list[tuple[float, float]]] = {name: [] for name in models}
    began = time.perf_counter()
    for seed in range(1, args.seeds + 1):
        tables = synth.elo_mmr_rounds(seed)
        for name, make in models.items():
            figures = synth.elo_mmr_figures(tables, make())
            rows[name].append((figures.pair_accuracy, figures.rank_deviation))
    print(f"{args.seeds} seeds of 15,000 rounds of 5 of 1,000 players: {time.perf_counter() - began:.1f} s")
    for name, found in rows.items():
        accuracy = [a for a, _ in found]
        print(f"  {name:<36} pair accuracy {fmean(accuracy):.1%} (seeds {min(accuracy):.1%}-{max(accuracy):.1%})"
              f"  rank deviation {fmean(d for _, d in found):.1%}")  # fmt: skip
    print("  the paper, as issue 58 quotes it: TrueSkill 83.3%, Elo-MMR 83.7% pair accuracy")
    print(f"calibration: an empty Python call {calibration_ns():.0f} ns")


def main() -> None:
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers(dest="command", required=True)
    rp = sub.add_parser("replay")
    rp.add_argument("--tables", type=int, default=100_000)
    lb = sub.add_parser("leaderboard")
    lb.add_argument("--players", type=int, default=100_000)
    lb.add_argument("--changes", type=int, default=1_000_000)
    lb.add_argument("--requests", type=int, default=200)
    ls = sub.add_parser("lists")
    ls.add_argument("--players", type=int, nargs="+", default=[50_000, 1_000_000])
    qu = sub.add_parser("quality")
    qu.add_argument("--tables", type=int, default=100_000)
    qu.add_argument("--hog", type=int, default=0, help="busy processes beside the report (a slower, busier machine)")
    tr = sub.add_parser("truth")
    tr.add_argument("--players", type=int, default=96)
    tr.add_argument("--rounds", type=int, default=4)
    tr.add_argument("--seeds", type=int, default=10)
    dr = sub.add_parser("draft")
    dr.add_argument("--players", type=int, default=48)
    dr.add_argument("--rounds", type=int, default=3)
    dr.add_argument("--seeds", type=int, default=6)
    ch = sub.add_parser("choice")
    ch.add_argument("--tables", type=int, default=100_000)
    sy = sub.add_parser("synthetic")
    sy.add_argument("--seeds", type=int, default=5)
    args = parser.parse_args()
    call_command("migrate", verbosity=0)
    commands = {"replay": replay, "leaderboard": leaderboard, "lists": lists, "quality": quality, "truth": truth,
                "draft": draft, "choice": choice, "synthetic": synthetic}  # fmt: skip
    commands[args.command](args)


if __name__ == "__main__":
    main()
