"""A championship round ending, as users live it (issue 43): the busiest realistic moment of the service.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/boomerang_champ REDIS_URL=redis://127.0.0.1:6379/10 \\
        .venv/bin/python bench/championship.py --tables 500 --minutes 2 --spectators 300

500 four-player tables (2,000 players) finish a round within two minutes: each table's sheets arrive at a
moment drawn uniformly over the window, half of the tables through the score pad (one POST a table), half
with every player posting their own seat (four POSTs, a few seconds apart). Meanwhile 300 spectators each
read the standings, the TV view or the leaderboard every 10 seconds on average (30 page reads a second).
The web server as deployed (`--server uvicorn`: config/asgi.py, 3 workers; `--server gunicorn` for the
comparison) and one Celery worker (concurrency 2) serve it, with PostgreSQL, Redis and this client
on the same machine. Printed: the p50 and p95 time from a table's last sheet to its rating (server clock),
each page's p50 and p95, the non-2xx answers, and the calibration (an empty Python call's ns).

Targets: last sheet to rated p95 under 2 s; every page's p95 under 100 ms. `--hog N` keeps N busy processes
on the machine meanwhile (a node short of CPU: issue 65); the POSTs are sent as our clients send them, again
after Retry-After when refused 503 `overloaded`, and the refusals are counted.
"""

import argparse
import heapq
import os
import random
import statistics
import subprocess
import sys
import threading
import time
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.calibrate import calibration_ns  # noqa: E402
from bench.e2e import (  # noqa: E402
    CUT,
    SeatJob,
    analyse,
    event_table_ids,
    get,
    pad_posts,
    percentile,
    post,
    prepared_event,
    seat_posts,
    stop,
    tree_cpu_seconds,
)
from ratings.models import RatingEvent  # noqa: E402
from tournaments.models import ScoreSheet  # noqa: E402

SEAT_GAP_SECONDS = 3.0  # the four players of a table post their own sheets within a few seconds


def start_servers(web_workers: int, server: str) -> list[subprocess.Popen[bytes]]:
    from bench.e2e import start_servers as e2e_start

    return e2e_start(argparse.Namespace(web_workers=web_workers, concurrency=2, server=server))


def schedule(jobs: list[SeatJob], seconds: float, rng: random.Random) -> list[tuple[float, str, str, dict]]:
    """(when, path, token, body) of every POST: each table finishes at a moment of the window, by pad or seats."""
    tables: dict[int, list[SeatJob]] = defaultdict(list)
    for job in jobs:
        tables[job.table_id].append(job)
    planned = []
    for n, (_table_id, seats) in enumerate(sorted(tables.items())):
        finish = rng.uniform(0, seconds)
        if n % 2:
            [pad] = pad_posts(seats)
            planned.append((finish, pad.path, pad.token, pad.body))
        else:
            for k, item in enumerate(seat_posts(seats)):
                planned.append((finish - SEAT_GAP_SECONDS * (len(seats) - 1 - k) / len(seats), item.path, item.token,
                                item.body))  # fmt: skip
    return sorted((max(when, 0.0), path, token, body) for when, path, token, body in planned)


def players_post(planned: list[tuple[float, str, str, dict]], threads: int, causes: Counter) -> list[int]:
    """Send each POST at its moment (from `threads` threads); the statuses. Every non-2xx answer's cause,
    refusals sent again included, is counted in `causes`."""
    start, lock, statuses, queue, refused = time.perf_counter(), threading.Lock(), [], list(planned), []
    heapq.heapify(queue)

    def worker() -> None:
        while True:
            with lock:
                if not queue:
                    return
                when, path, token, body = heapq.heappop(queue)
            time.sleep(max(0.0, start + when - time.perf_counter()))
            status, _ = post(path, body, token, refused, causes)
            with lock:
                statuses.append(status)

    pool = [threading.Thread(target=worker) for _ in range(threads)]
    for thread in pool:
        thread.start()
    for thread in pool:
        thread.join()
    print(f"refusals sent again (503 overloaded, 429), as our clients do: {len(refused)}")
    return statuses


def spectators_read(pages: dict[str, str], per_second: float, until: threading.Event, threads: int) -> dict:
    """Page reads arriving at `per_second` on average (Poisson), spread over the pages; times by page."""
    times: dict[str, list[float]] = defaultdict(list)
    failures: dict[str, int] = defaultdict(int)
    lock, rng = threading.Lock(), random.Random(7)
    names = list(pages)

    def reader() -> None:
        while not until.is_set():
            time.sleep(rng.expovariate(per_second / threads))
            name = rng.choice(names)
            status, seconds = get(pages[name])
            with lock:
                times[name].append(seconds * 1000)
                if not 200 <= status < 300:
                    failures[name] += 1

    pool = [threading.Thread(target=reader, daemon=True) for _ in range(threads)]
    for thread in pool:
        thread.start()
    return {"times": times, "failures": failures, "threads": pool}


def wait_rated(table_ids: list[int], seconds: float = 300) -> int:
    """Wait until every table is rated, or `seconds`; how many are."""
    deadline, sources = time.monotonic() + seconds, [f"table:{t}" for t in table_ids]
    while (rated := RatingEvent.objects.filter(source__in=sources).count()) < len(sources):
        if time.monotonic() > deadline:
            break
        time.sleep(0.5)
    return rated


class Watch:
    """The web server's workers seen during the run (a pid not there at the start is a restart: a worker
    killed and replaced) and the hogs' share of the machine's cores."""

    def __init__(self, web: subprocess.Popen[bytes], hogs: list[subprocess.Popen[bytes]]) -> None:
        self.web, self.hogs, self.started = web, hogs, time.monotonic()
        self.first, self.seen, self.until = self._workers(), set(), threading.Event()
        self.thread = threading.Thread(target=self._look, daemon=True)
        self.thread.start()

    def _workers(self) -> set[int]:
        try:
            return {int(pid) for pid in Path(f"/proc/{self.web.pid}/task/{self.web.pid}/children").read_text().split()}
        except OSError:
            return set()

    def _look(self) -> None:
        while not self.until.wait(0.25):
            self.seen |= self._workers()

    def stop(self) -> tuple[int, float]:
        """(workers restarted, the hogs' share of the cores)."""
        self.until.set()
        self.thread.join()
        hog_seconds = sum(tree_cpu_seconds(hog.pid) for hog in self.hogs)
        share = hog_seconds / ((time.monotonic() - self.started) * (os.cpu_count() or 1))
        return len(self.seen - self.first), share


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=500)
    parser.add_argument("--minutes", type=float, default=2.0)
    parser.add_argument("--spectators", type=int, default=300)
    parser.add_argument("--seed", type=int, default=int(time.time()) % 100000)
    parser.add_argument("--web-workers", type=int, default=3)
    parser.add_argument("--server", choices=["uvicorn", "gunicorn", "both"], default="uvicorn",
                        help="both: uvicorn, then gunicorn, in one run (a round each, its own seed)")  # fmt: skip
    parser.add_argument("--hog", type=int, default=0, help="busy processes kept running beside (a node short of CPU)")
    parser.add_argument("--hog-nice", type=int, default=0,
                        help="the busy processes' niceness: 0 competes as equals; 10 is other work the deployed "
                             "units outweigh (deploy/*.service's CPUWeight, docs/deploy.md)")  # fmt: skip
    args = parser.parse_args()
    if not os.environ.get("REDIS_URL", "").startswith("redis") or "postgres" not in os.environ.get("DATABASE_URL", ""):
        sys.exit("needs DATABASE_URL (PostgreSQL) and REDIS_URL, as the docstring shows")
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    servers = ["uvicorn", "gunicorn"] if args.server == "both" else [args.server]
    for n, server in enumerate(servers):
        one_round(args, server, args.seed + n)


def one_round(args: argparse.Namespace, server: str, seed: int) -> None:
    event, jobs = prepared_event(args.tables, seed)
    analyse()
    table_ids = event_table_ids(event)
    planned = schedule(jobs, args.minutes * 60, random.Random(seed))
    from django.urls import reverse

    from tournaments.codes import tv_code

    pages = {"standings": f"/events/{event.pk}/standings/", "tv": reverse("tv-shared", args=[event.pk, tv_code(event)]),
             "leaderboard": "/leaderboards/boomerang-australia/"}  # fmt: skip
    # 300 spectators are 300 addresses: here they share one, so the per-address page limit is lifted.
    os.environ["THROTTLE_PAGE_ANON"] = os.environ["THROTTLE_READ_ANON"] = "1000000/min"
    processes = start_servers(args.web_workers, server)
    hogs = [subprocess.Popen(["nice", "-n", str(args.hog_nice), sys.executable, "-c", "while True: pass"])
            for _ in range(args.hog)]  # fmt: skip
    watch, causes = Watch(processes[0], hogs), Counter()
    cpu_before = [tree_cpu_seconds(process.pid) for process in processes]
    try:
        for path in pages.values():  # each worker's first reads of the pages are not counted
            for _ in range(args.web_workers * 2):
                get(path)
        until = threading.Event()
        readers = spectators_read(pages, args.spectators / 10, until, threads=24)
        started = time.perf_counter()
        statuses = players_post(planned, threads=16, causes=causes)
        posted = time.perf_counter() - started
        rated = wait_rated(table_ids)
        until.set()
        for thread in readers["threads"]:
            thread.join(timeout=35)
        restarts, hog_share = watch.stop()
        cpu = [tree_cpu_seconds(process.pid) - before for process, before in zip(processes, cpu_before, strict=True)]
    finally:
        for hog in hogs:
            hog.kill()
        stop(processes)
    print(f"calibration: an empty Python call {calibration_ns():.0f} ns; server {server}, hog {args.hog} "
          f"at nice {args.hog_nice} (took {hog_share:.0%} of the cores), seed {seed}")  # fmt: skip
    requests = len(statuses) + sum(len(times) for times in readers["times"].values())
    print(f"CPU over the round: web {cpu[0]:.0f} s ({cpu[0] * 1000 / max(requests, 1):.1f} ms a request, "
          f"{requests} requests), verification worker {cpu[1]:.0f} s ({cpu[1] * 1000 / len(table_ids):.1f} ms "
          "a table)")  # fmt: skip
    print(f"tables rated: {rated} of {len(table_ids)}; web workers restarted: {restarts}; "
          f"non-2xx answers by cause, refusals sent again included: {dict(causes) or 'none'}")  # fmt: skip
    report(args, table_ids, statuses, posted, readers)


def report(args: argparse.Namespace, table_ids: list[int], statuses: list[int], posted: float, readers: dict) -> None:
    latencies = []
    for table_id in table_ids:
        sheets = ScoreSheet.objects.filter(seat__table_id=table_id).values_list("entered_at", flat=True)
        rating = RatingEvent.objects.filter(source=f"table:{table_id}").values_list("created_at", flat=True).first()
        if sheets and rating:
            latencies.append((rating - max(sheets)).total_seconds() * 1000)
    failed = sum(not 200 <= s < 300 for s in statuses)
    cut = statuses.count(CUT)
    print(f"{args.tables} tables ({args.tables * 4} sheets) in {len(statuses)} POSTs over {posted:.0f} s "
          f"(window {args.minutes * 60:.0f} s); final answers not 2xx: {failed}, cut in flight: {cut}")  # fmt: skip
    if latencies:
        p50, p95 = statistics.median(latencies), percentile(latencies, 0.95)
        print(f"last sheet -> rated: p50 {p50:.0f} ms, p95 {p95:.0f} ms, max {max(latencies):.0f} ms "
              "(target p95 < 2000 ms)")  # fmt: skip
    for name, times in sorted(readers["times"].items()):
        p50, p95 = statistics.median(times), percentile(times, 0.95)
        failed = readers["failures"][name]
        print(f"page {name}: {len(times)} reads, p50 {p50:.0f} ms, p95 {p95:.0f} ms, not 2xx (cut included) {failed} "
              f"(target < 100 ms; with the hog < 1000 ms)")  # fmt: skip


if __name__ == "__main__":
    main()
