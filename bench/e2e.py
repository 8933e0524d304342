"""End-to-end benchmark and load test over HTTP on loopback (issue 7). Needs PostgreSQL and Redis.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/boomerang_e2e REDIS_URL=redis://127.0.0.1:6379/9 \\
        .venv/bin/python bench/e2e.py throughput --tables 500
    DATABASE_URL=... REDIS_URL=... .venv/bin/python bench/e2e.py load --seconds 60
    DATABASE_URL=... .venv/bin/python bench/e2e.py task-cost --tables 200

`throughput`: the web server as deployed (uvicorn, 2 workers; `--server gunicorn` to compare) and one Celery
worker are started here; the sheets of N four-player
tables are posted by 8 client threads, after the first 10 tables' posts have warmed the server (not counted);
sheets/s, and the time from each table's last sheet to its rating (server clock: the last sheet's
`entered_at` to the rating event's `created_at`), p50 and p95. Then, in the same run and by the same threads,
the same bodies are posted to the floor (bench/floor: a bare token-authenticated DRF view that validates the
body and inserts one row; warmed the same way), and the web's CPU per request of both is printed with their
ratio (issue 30, item 1: the sheet POST within 2x the floor).
`load`: browsing (leaderboard, standings, events) while submitting sheets, for a bounded time; error rate
and p95 per kind of request. `task-cost`: one verification task as a ratio to the bare engine call, with
the floor any verification pays here (one read, one durable write) and PostgreSQL's round-trip costs.
"""

import argparse
import http.client
import json
import os
import random
import statistics
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from rest_framework.authtoken.models import Token  # noqa: E402

import games  # noqa: E402
from bench.floor import urls as floor  # noqa: E402
from config.celery import app as celery_app  # noqa: E402
from games.simulate import legal_sheet  # noqa: E402
from ratings.models import RatingEvent  # noqa: E402
from tournaments.models import Event, Player, Registration, ScoreSheet, TableResult  # noqa: E402
from tournaments.results.services.rating import tables_rate  # noqa: E402
from tournaments.results.services.verification import table_verify  # noqa: E402
from tournaments.services.events import event_create, event_open_registration  # noqa: E402
from tournaments.services.rounds import event_start, round_start  # noqa: E402
from tournaments.stewarding.services import event_sanction  # noqa: E402
from tournaments.validators import handle_key  # noqa: E402

PORT = 8765
BASE = f"http://127.0.0.1:{PORT}"


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[max(int(len(ordered) * p) - 1, 0)]


def start_servers(args: argparse.Namespace) -> list[subprocess.Popen[bytes]]:
    env = {**os.environ, "ALLOWED_HOSTS": "127.0.0.1,localhost", "LOG_LEVEL": "ERROR"}
    bin_dir = Path(sys.executable).parent
    with connection.cursor() as cursor:  # the floor's table (bench/floor/urls.py)
        cursor.execute(floor.CREATE)
    # Tasks a previous run left queued (pick accuracy waits a minute after each verdict) would compete with
    # this run's: the bench's Redis database is its own, so it starts from an empty queue.
    celery_app.control.purge()
    server = getattr(args, "server", "uvicorn")
    if server == "uvicorn":  # as deploy/ runs it (config/asgi.py)
        command = [str(bin_dir / "uvicorn"), "config.asgi:application", "--host", "127.0.0.1", "--port", str(PORT),
                   "--workers", str(args.web_workers), "--log-level", "error",
                   "--timeout-worker-healthcheck", "30"]  # fmt: skip
    else:
        command = [str(bin_dir / "gunicorn"), "config.wsgi", "-b", f"127.0.0.1:{PORT}", "-w", str(args.web_workers),
                   "--log-level", "error"]  # fmt: skip
    web = subprocess.Popen(command, cwd=ROOT, env={**env, "DJANGO_SETTINGS_MODULE": "bench.floor.settings"})
    worker = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "config", "worker", f"--concurrency={args.concurrency}",
         "--loglevel=warning", "--without-gossip", "--without-mingle"],
        cwd=ROOT, env=env,
    )  # fmt: skip
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(f"{BASE}/api/games/", timeout=5)
            return [web, worker]
        except (urllib.error.URLError, ConnectionError, TimeoutError):  # not up yet, or slow to answer its first
            time.sleep(0.3)
    stop([web, worker])  # never left serving behind the run
    raise RuntimeError(f"{server} did not start")


def stop(processes: list[subprocess.Popen[bytes]]) -> None:
    for process in processes:
        process.terminate()
    for process in processes:
        process.wait(timeout=30)


def tree_cpu_seconds(root: int) -> float:
    """User + system CPU seconds of a process and its descendants so far (Linux /proc)."""
    total, pending = 0.0, [root]
    while pending:
        pid = pending.pop()
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        pending += [int(child) for child in children]
    return total


def postgres_cpu_seconds() -> float:
    """CPU seconds of every PostgreSQL process on the machine so far."""
    total = 0.0
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if b"postgres" in (entry / "cmdline").read_bytes()[:40]:
                    fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                    total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
            except OSError:
                continue
    return total


def cpu_snapshot(processes: list[subprocess.Popen[bytes]]) -> dict[str, float]:
    web, worker = processes
    return {
        "web (gunicorn)": tree_cpu_seconds(web.pid),
        "worker (celery)": tree_cpu_seconds(worker.pid),
        "postgresql": postgres_cpu_seconds(),
        "client (this process)": time.process_time(),
    }


CUT = 0  # the status counted for an answer cut in flight (connection reset or closed before its end)


def _cause(error: urllib.error.HTTPError) -> str:
    """An error answer's `code` (our JSON errors name one), else its status."""
    try:
        return f"{error.code} {json.loads(error.read() or b'{}').get('code', '')}".strip()
    except (ValueError, AttributeError, OSError):
        return str(error.code)


def post(path: str, body: dict, token: str, refused: list[int] | None = None,
         causes: Counter | None = None) -> tuple[int, float]:  # fmt: skip
    """POST as our clients do: one Idempotency-Key, sent again after Retry-After when the answer is 503
    `overloaded` or 429 (each such refusal appended to `refused`, when given); the final status, `CUT` for an
    answer cut in flight. Each non-2xx answer's cause is counted in `causes`, when given."""
    headers = {"Content-Type": "application/json", "Authorization": f"Token {token}",
               "Idempotency-Key": f"bench-{time.monotonic_ns()}-{threading.get_ident()}"}  # fmt: skip
    start = time.perf_counter()
    for _attempt in range(20):
        request = urllib.request.Request(f"{BASE}{path}", data=json.dumps(body).encode(), method="POST",
                                         headers=headers)  # fmt: skip
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return response.status, time.perf_counter() - start
        except urllib.error.HTTPError as error:
            if causes is not None:
                causes[_cause(error)] += 1
            wait = error.headers.get("Retry-After")
            if error.code not in (429, 503) or not wait or refused is None:
                return error.code, time.perf_counter() - start
            refused.append(error.code)
            time.sleep(float(wait))
        except (urllib.error.URLError, ConnectionError, http.client.HTTPException, TimeoutError):
            if causes is not None:
                causes["cut in flight"] += 1
            return CUT, time.perf_counter() - start
    return 503, time.perf_counter() - start


def get(path: str) -> tuple[int, float]:
    """A page read's status (`CUT` for an answer cut in flight) and seconds."""
    start = time.perf_counter()
    try:
        with urllib.request.urlopen(f"{BASE}{path}", timeout=30) as response:
            response.read()
            status = response.status
    except urllib.error.HTTPError as error:
        status = error.code
    except (urllib.error.URLError, ConnectionError, http.client.HTTPException, TimeoutError):
        status = CUT
    return status, time.perf_counter() - start


@dataclass(frozen=True)
class SeatJob:
    table_id: int
    seat_id: int
    token: str
    data: dict


@dataclass(frozen=True)
class Post:
    path: str
    token: str
    body: dict
    sheets: int


def seat_posts(jobs: list[SeatJob]) -> list[Post]:
    """Every player posts their own seat's sheet."""
    return [Post(f"/api/seats/{job.seat_id}/sheets/", job.token, {"data": job.data}, 1) for job in jobs]


def pad_posts(jobs: list[SeatJob]) -> list[Post]:
    """One player a table posts the table's score pad, every seat at once."""
    tables: dict[int, list[SeatJob]] = defaultdict(list)
    for job in jobs:
        tables[job.table_id].append(job)
    return [
        Post(f"/api/tables/{table_id}/sheets/", seats[0].token, {"seats": [job.data for job in seats]}, len(seats))
        for table_id, seats in tables.items()
    ]


def prepared_event(tables: int, seed: int) -> tuple[Event, list[SeatJob]]:
    """An event with 4*tables checked-in players and round 1 running; return a job for each seat."""
    user_model = get_user_model()
    organiser, _ = user_model.objects.get_or_create(username=f"bench-organiser-{seed}")
    users = user_model.objects.bulk_create([user_model(username=f"b{seed}-{i}") for i in range(tables * 4)])
    Player.objects.bulk_create([Player(user=u, handle=u.username, handle_key=handle_key(u.username)) for u in users])
    tokens = {
        t.user_id: t.key for t in Token.objects.bulk_create([Token(user=u, key=Token.generate_key()) for u in users])
    }
    event = event_create(organiser=organiser, name=f"Bench {seed}", game="boomerang-australia",
                                  rounds_planned=1, capacity=tables * 4, seed=seed)  # fmt: skip
    steward, _ = user_model.objects.get_or_create(username="bench-steward", defaults={"is_superuser": True})
    event_sanction(event=event, by=steward, reason="benchmark")  # rated as its tables are verified
    event_open_registration(event=event, by=organiser)
    Registration.objects.bulk_create(
        [Registration(event=event, player=p, status="checked_in") for p in Player.objects.filter(user__in=users)]
    )
    round_ = event_start(event=event, by=organiser)
    round_start(round_=round_, by=organiser)
    analyse()
    rng, jobs = random.Random(seed), []
    for table in round_.tables.prefetch_related("seats__player"):
        seats = sorted(table.seats.all(), key=lambda s: s.position)
        sheet = legal_sheet("boomerang-australia", len(seats), rng)
        for seat, data in zip(seats, sheet["seats"], strict=True):
            jobs.append(SeatJob(table.pk, seat.pk, tokens[seat.player.user_id], {**data, "player": seat.player.handle}))
    return event, jobs


def run_posts(posts: list[Post], threads: int, rate: float | None) -> tuple[float, list[int]]:
    """Send the posts from `threads` threads, as fast as they go or paced to `rate` sheets a second."""
    queue, statuses, lock = list(posts), [], threading.Lock()
    start, sent_sheets = time.perf_counter(), 0

    def worker() -> None:
        nonlocal sent_sheets
        while True:
            with lock:
                if not queue:
                    return
                item = queue.pop(0)
                due = start + sent_sheets / rate if rate else 0.0
                sent_sheets += item.sheets
            time.sleep(max(0.0, due - time.perf_counter()))
            status, _ = post(item.path, item.body, item.token)
            with lock:
                statuses.append(status)

    pool = [threading.Thread(target=worker) for _ in range(threads)]
    for thread in pool:
        thread.start()
    for thread in pool:
        thread.join()
    return time.perf_counter() - start, statuses


def wait_rated(event: Event, tables: int, seconds: float = 600) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if RatingEvent.objects.filter(source__in=[f"table:{t}" for t in event_table_ids(event)]).count() >= tables:
            return
        time.sleep(0.5)
    raise TimeoutError("not every table was rated in time")


def analyse() -> None:
    """Refresh the planner's statistics after the bulk set-up, as autovacuum would on a live server."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")


def event_table_ids(event: Event) -> list[int]:
    return list(TableResult.objects.filter(table__round__event=event).values_list("table_id", flat=True))


def throughput(args: argparse.Namespace) -> None:
    event, jobs = prepared_event(args.tables, args.seed)
    posts = pad_posts(jobs) if args.mode == "pad" else seat_posts(jobs)
    # The floor validates {"data": ...}: a pad's body goes inside it whole, so it carries the same bytes.
    floor_posts = [Post("/bench/floor/", item.token, item.body if "data" in item.body else {"data": item.body},
                        item.sheets) for item in posts]  # fmt: skip
    # Each gunicorn worker loads the URLs and views, opens its connections and prepares its statements on its
    # first requests: the first tables' posts, then as many floor posts, are sent before either is measured.
    warm_tables = list(dict.fromkeys(job.table_id for job in jobs))[: args.warm_up_tables]
    warm = len(warm_tables) if args.mode == "pad" else sum(job.table_id in warm_tables for job in jobs)
    warm_up, posts = posts[:warm], posts[warm:]
    floor_warm_up, floor_posts = floor_posts[:warm], floor_posts[warm:]
    processes = start_servers(args)
    try:
        run_posts(warm_up, args.threads, None)
        wait_rated(event, len(warm_tables))
        before = cpu_snapshot(processes)
        elapsed, statuses = run_posts(posts, args.threads, args.rate)
        posted = cpu_snapshot(processes)
        wait_rated(event, args.tables)
        after = cpu_snapshot(processes)
        run_posts(floor_warm_up, args.threads, None)
        floor_before = cpu_snapshot(processes)
        floor_elapsed, floor_statuses = run_posts(floor_posts, args.threads, None)
        floor_after = cpu_snapshot(processes)
    finally:
        stop(processes)
    latencies = []
    for table_id in event_table_ids(event):
        last = max(ScoreSheet.objects.filter(seat__table_id=table_id).values_list("entered_at", flat=True))
        rated = RatingEvent.objects.get(source=f"table:{table_id}").created_at
        latencies.append((rated - last).total_seconds() * 1000)
    bad = sum(status != 202 for status in statuses)
    sheets = sum(item.sheets for item in posts)
    rate = sheets / elapsed
    pace = f", paced to {args.rate:,.0f} sheets/s" if args.rate else ", as fast as they go"
    how = "one score pad a table" if args.mode == "pad" else "one post a sheet"
    print(f"sheets: {sheets} in {len(posts)} posts ({how}) by {args.threads} threads{pace}, after {len(warm_up)}"
          f" posts of {len(warm_tables)} tables to warm the server (not counted; as many to the floor)")  # fmt: skip
    print(f"{elapsed:.1f} s: {rate:,.0f} sheets/s")
    others = Counter(status for status in statuses if status != 202)
    print(f"non-202 answers: {bad}" + (f" {dict(others)} (a 200: the verdict was already known)" if bad else ""))
    p50, p95 = statistics.median(latencies), percentile(latencies, 0.95)
    print(f"last sheet -> rated result: p50 {p50:.0f} ms, p95 {p95:.0f} ms")
    spent = {name: after[name] - before[name] for name in before}
    print("CPU per sheet, posting until every table is rated: " + ", ".join(
        f"{name} {seconds / sheets * 1000:.1f} ms" for name, seconds in spent.items()))  # fmt: skip
    web = "web (gunicorn)"
    per_post = (posted[web] - before[web]) / len(posts) * 1000
    per_floor = (floor_after[web] - floor_before[web]) / len(floor_posts) * 1000
    floor_bad = sum(status != 202 for status in floor_statuses)
    print(f"floor: {len(floor_posts)} posts in {floor_elapsed:.1f} s ({len(floor_posts) / floor_elapsed:,.0f}/s), "
          f"non-202 answers: {floor_bad}")  # fmt: skip
    print(f"web CPU per POST while posting: {per_post:.2f} ms; the floor's {per_floor:.2f} ms; "
          f"ratio {per_post / per_floor:.2f}")  # fmt: skip


def load(args: argparse.Namespace) -> None:
    event, jobs = prepared_event(args.tables, args.seed)
    posts = seat_posts(jobs)
    processes = start_servers(args)
    results: dict[str, list[tuple[int, float]]] = defaultdict(list)
    lock, stop_at = threading.Lock(), time.monotonic() + args.seconds
    browse = [
        "/api/ratings/pools/boomerang-australia/leaderboard/",
        f"/api/events/{event.pk}/standings/",
        "/api/events/",
    ]

    def browser(rng: random.Random) -> None:
        while time.monotonic() < stop_at:
            path = rng.choice(browse)
            outcome = get(path)
            with lock:
                results[path.split("?")[0].rstrip("/").split("/")[-1]].append(outcome)

    def submitter() -> None:
        while time.monotonic() < stop_at:
            with lock:
                if not posts:
                    return
                item = posts.pop(0)
            outcome = post(item.path, item.body, item.token)
            with lock:
                results["submit sheet"].append(outcome)

    threads = [threading.Thread(target=browser, args=(random.Random(i),)) for i in range(args.browsers)]
    threads += [threading.Thread(target=submitter) for _ in range(args.submitters)]
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        stop(processes)
    print(f"load for {args.seconds} s: {args.browsers} browsing threads, {args.submitters} submitting threads")
    for kind, outcomes in sorted(results.items()):
        errors = sum(status >= 500 or status == 0 for status, _ in outcomes)
        ok = [t * 1000 for status, t in outcomes if status < 400]
        print(f"{kind:<14} requests {len(outcomes):>6}  errors {errors}  p50 {statistics.median(ok):6.1f} ms"
              f"  p95 {percentile(ok, 0.95):6.1f} ms")  # fmt: skip


def task_cost(args: argparse.Namespace) -> None:
    """Time what a table costs a worker, against the bare engine call on the same tables.

    Four measures: the verification alone (claim, load the sheets, engine, write the verdict and the sheets'
    statuses) with batches of one, as when the worker keeps up, and of 50, as when it is behind a burst and
    each task takes the tables queued meanwhile; the rating alone (TrueSkill, events, history rows, ratings,
    audit); and the whole task (verification then rating) with batches of 50.
    """
    from unittest import mock

    from django.test import override_settings

    from config.celery import app

    app.conf.task_always_eager, app.conf.broker_url = False, "memory://"
    edition = games.GAMES["boomerang-australia"].default_edition()
    measures = {}
    names = ("verification, one table a task", "verification, 50 tables a task", "rating, one table a task",
             "both, 50 tables a task")  # fmt: skip
    for name in names:
        table_ids, sheets = queued_tables(args)
        start = time.perf_counter()
        for t in table_ids:
            games.verify_table(sheets[t], edition)
        bare = (time.perf_counter() - start) / len(table_ids)
        if name.startswith("verification"):
            batch = 50 if "50" in name else 1
            with override_settings(VERIFY_BATCH=batch), mock.patch("tournaments.results.services.pipeline.tables_rate"):
                cost = timed(lambda t: table_verify(table_id=t, attempt=1), table_ids)
        elif name.startswith("rating"):
            with override_settings(VERIFY_BATCH=1), mock.patch("tournaments.results.services.pipeline.tables_rate"):
                timed(lambda t: table_verify(table_id=t, attempt=1), table_ids)
            cost = timed(lambda t: tables_rate(table_ids=[t]), table_ids)
        else:
            with override_settings(VERIFY_BATCH=50):
                cost = timed(lambda t: table_verify(table_id=t, attempt=1), table_ids)
        measures[name] = (bare, *cost)
    if connection.vendor == "postgresql":
        table_ids, sheets = queued_tables(args)
        bare = timed(lambda t: games.verify_table(sheets[t], edition), table_ids)[0]
        measures["floor: one read, the engine, one durable write, in hand-written SQL"] = (
            bare,
            *timed(lambda t: verification_floor(t, edition), table_ids),
        )
        print_round_trips(table_ids[0])
    print(f"tables: {args.tables} a measure")
    for name, (bare, wall, cpu) in measures.items():
        print(f"{name}: {wall * 1000:.2f} ms a table ({cpu * 1000:.2f} ms CPU here), bare engine {bare * 1000:.2f} ms:"
              f" {wall / bare:.1f}x")  # fmt: skip
    print("target: the verification task under 3x the engine")


FLOOR_READ = """
    SELECT sheet.data FROM tournaments_seat seat JOIN LATERAL (
        SELECT data FROM tournaments_scoresheet WHERE seat_id = seat.id ORDER BY version DESC LIMIT 1
    ) sheet ON true WHERE seat.table_id = %s ORDER BY seat.position"""
FLOOR_WRITE = """
    UPDATE tournaments_tableresult SET status = %s, verdict = %s, verified_at = now(), updated_at = now()
    WHERE table_id = %s AND attempt = 1 AND status IN ('pending', 'verifying')"""


def verification_floor(table_id: int, edition: object) -> None:
    """The least any verification task pays here, whatever its code: read the table's newest sheets in one
    statement, run the engine, write the verdict in one committed statement (no claim, no history row, no
    sheet statuses, no ORM). It tells how far under the engine call the per-task target can go on this machine.
    """
    with connection.cursor() as cursor:
        cursor.execute(FLOOR_READ, [table_id])
        seats = [json.loads(data) if isinstance(data, str) else data for (data,) in cursor.fetchall()]
        verdict = games.verify_table({"game": "boomerang-australia", "seats": seats}, edition)
        status = "verified" if verdict.valid else "rejected"
        cursor.execute(FLOOR_WRITE, [status, json.dumps(verdict.to_json()), table_id])


def print_round_trips(table_id: int, count: int = 2000) -> None:
    """What PostgreSQL costs here at the least: a round trip, and a one-row UPDATE committed durably."""
    with connection.cursor() as cursor:
        for label, sql in (
            ("a bare round trip (SELECT 1)", "SELECT 1"),
            ("a one-row UPDATE and its durable commit", "UPDATE tournaments_tableresult SET updated_at = updated_at "
                                                         "WHERE table_id = %s"),
        ):  # fmt: skip
            start = time.perf_counter()
            for _ in range(count):
                cursor.execute(sql, [table_id] if "%s" in sql else None)
            print(f"{label}: {(time.perf_counter() - start) / count * 1000:.3f} ms")


def queued_tables(args: argparse.Namespace) -> tuple[list[int], dict[int, dict]]:
    """A fresh event whose tables all have their sheets and wait for verification; their table sheets."""
    event, jobs = prepared_event(args.tables, args.seed + int(time.time()))
    organiser = event.organisers.get()
    ScoreSheet.objects.bulk_create(
        [ScoreSheet(seat_id=job.seat_id, version=1, data=job.data, entered_by=organiser) for job in jobs]
    )
    analyse()
    table_ids = event_table_ids(event)
    TableResult.objects.filter(table_id__in=table_ids).update(status="pending", attempt=1)
    sheets = {t: {"game": "boomerang-australia", "seats": [s.data for s in
              ScoreSheet.objects.filter(seat__table_id=t).order_by("seat__position")]} for t in table_ids}  # fmt: skip
    return table_ids, sheets


def timed(body: Callable[[int], object], table_ids: list[int]) -> tuple[float, float]:
    """Mean wall time and mean CPU time of this process for `body` over the tables."""
    wall, cpu = time.perf_counter(), time.process_time()
    for table_id in table_ids:
        body(table_id)
    return (time.perf_counter() - wall) / len(table_ids), (time.process_time() - cpu) / len(table_ids)


def main() -> None:
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers(dest="command", required=True)
    for name in ("throughput", "load", "task-cost"):
        command = sub.add_parser(name)
        command.add_argument("--tables", type=int, default=500 if name != "task-cost" else 200)
        command.add_argument("--seed", type=int, default=int(time.time()))
        command.add_argument("--threads", type=int, default=8)
        command.add_argument("--seconds", type=int, default=60)
        command.add_argument("--browsers", type=int, default=4)
        command.add_argument("--submitters", type=int, default=4)
        command.add_argument(
            "--mode",
            choices=["seat", "pad"],
            default="seat",
            help="seat: each player posts their sheet; pad: one post of the table's score pad",
        )
        command.add_argument("--rate", type=float, default=None, help="pace the posts to this many sheets a second")
        command.add_argument("--web-workers", type=int, default=2, help="web worker processes")
        command.add_argument(
            "--server",
            choices=["uvicorn", "gunicorn"],
            default="uvicorn",
            help="uvicorn config.asgi as deployed, or gunicorn config.wsgi for a comparison",
        )
        command.add_argument(
            "--warm-up-tables", type=int, default=10, help="throughput: tables posted before measuring (0: none)"
        )
        command.add_argument("--concurrency", type=int, default=1, help="the Celery worker's pool processes")
    args = parser.parse_args()
    call_command("migrate", verbosity=0)
    {"throughput": throughput, "load": load, "task-cost": task_cost}[args.command](args)


if __name__ == "__main__":
    main()
