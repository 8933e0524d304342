"""Several machines, shown on one: two web nodes and two Celery worker nodes, each in a network namespace of
its own, against one PostgreSQL and one Redis; one web node and one worker node are killed mid-run (issue 30,
item 4). Needs root (ip netns), PostgreSQL and Redis on 127.0.0.1.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/boomerang_e2e REDIS_URL=redis://127.0.0.1:6379/9 \\
        .venv/bin/python bench/multinode.py --tables 300

Each node is a namespace (`bmr-web1`, `bmr-web2`, `bmr-worker1`, `bmr-worker2`) joined to this one by a veth
pair on a private /24 (10.231.N.0): nothing leaves the machine. The nodes reach PostgreSQL and Redis through
a forwarder this script runs on each link's host address (they listen on 127.0.0.1 only), as a node would
reach a database server over a network. The nodes share nothing else: the same code and the same settings
(environment), as docs/deploy.md asks. Beat runs once, on worker2.

The client (this process) posts every player's own sheet, spread over both web nodes as a load balancer
would, and fails over to the other node when one does not answer (a request in flight on the killed node is
sent again). When 40% of the sheets are in, web1 and worker1 are killed (SIGKILL, no warning). Then: every
seat has its sheet, every table is verified and rated exactly once (one rating event a table, one change a
player), and replaying the pool from scratch gives the stored ratings.
"""

import argparse
import asyncio
import contextlib
import os
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django

django.setup()

import e2e  # noqa: E402  (the end-to-end bench's set-up and posts)
from django.db import transaction  # noqa: E402

from ratings.models import Rating, RatingChange, RatingEvent, RatingPool  # noqa: E402
from ratings.services.pools import pool_replay  # noqa: E402
from tournaments.models import Seat  # noqa: E402

NODES = {"web1": 1, "web2": 2, "worker1": 3, "worker2": 4}
SERVICES = {"postgres": 5432, "redis": 6379}


def host_address(node: str) -> str:
    return f"10.231.{NODES[node]}.1"


def node_address(node: str) -> str:
    return f"10.231.{NODES[node]}.2"


def sh(*command: str) -> None:
    subprocess.run(command, check=True)


def network_up() -> None:
    network_down()
    for node in NODES:
        namespace, outside = f"bmr-{node}", f"bmr-{node}-h"
        sh("ip", "netns", "add", namespace)
        sh("ip", "link", "add", outside, "type", "veth", "peer", "name", "eth0", "netns", namespace)
        sh("ip", "addr", "add", f"{host_address(node)}/24", "dev", outside)
        sh("ip", "link", "set", outside, "up")
        sh("ip", "netns", "exec", namespace, "ip", "addr", "add", f"{node_address(node)}/24", "dev", "eth0")
        sh("ip", "netns", "exec", namespace, "ip", "link", "set", "eth0", "up")
        sh("ip", "netns", "exec", namespace, "ip", "link", "set", "lo", "up")


def network_down() -> None:
    for node in NODES:
        subprocess.run(["ip", "link", "del", f"bmr-{node}-h"], stderr=subprocess.DEVNULL)
        subprocess.run(["ip", "netns", "del", f"bmr-{node}"], stderr=subprocess.DEVNULL)


def start_forwarders() -> None:
    """Each link's host address forwards PostgreSQL's and Redis's ports to them on 127.0.0.1."""

    async def pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while data := await reader.read(65536):
                writer.write(data)
                await writer.drain()
        except (ConnectionError, OSError):
            pass
        finally:
            writer.close()

    async def serve() -> None:
        for node in NODES:
            for port in SERVICES.values():

                async def forward(reader, writer, port=port):  # type: ignore[no-untyped-def]
                    target_reader, target_writer = await asyncio.open_connection("127.0.0.1", port)
                    await asyncio.gather(pipe(reader, target_writer), pipe(target_reader, writer))

                await asyncio.start_server(forward, host_address(node), port)
        await asyncio.Event().wait()

    threading.Thread(target=lambda: asyncio.run(serve()), daemon=True).start()
    time.sleep(0.5)


def node_environment(node: str) -> dict[str, str]:
    database = os.environ["DATABASE_URL"].replace("127.0.0.1", host_address(node))
    redis = os.environ["REDIS_URL"].replace("127.0.0.1", host_address(node))
    return {
        **os.environ, "DATABASE_URL": database, "REDIS_URL": redis, "ALLOWED_HOSTS": "*", "LOG_LEVEL": "ERROR",
        "CELERY_VISIBILITY_TIMEOUT": "20", "SWEEP_AFTER_SECONDS": "10", "THROTTLE_SUBMISSION": "100000/min",
    }  # fmt: skip


def start(node: str, *command: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        ["ip", "netns", "exec", f"bmr-{node}", *command], cwd=e2e.ROOT, env=node_environment(node),
        start_new_session=True,  # its own process group: killed whole, as a machine dies
    )  # fmt: skip


def start_nodes(processes: dict[str, subprocess.Popen[bytes]]) -> None:
    """Start every node into `processes` (so that a failure part way still stops those started)."""
    python = sys.executable
    uvicorn = str(Path(python).parent / "uvicorn")
    for node in ("web1", "web2"):  # as deploy/ serves it: ASGI (config/asgi.py)
        processes[node] = start(node, uvicorn, "config.asgi:application", "--host", node_address(node), "--port",
                                "8000", "--workers", "2", "--log-level", "error")  # fmt: skip
    for node in ("worker1", "worker2"):
        processes[node] = start(node, python, "-m", "celery", "-A", "config", "worker", "--concurrency=1",
                                "--loglevel=warning", "--without-gossip", "--without-mingle")  # fmt: skip
    processes["beat"] = start("worker2", python, "-m", "celery", "-A", "config", "beat", "--loglevel=warning",
                              "--schedule=/tmp/bmr-celerybeat-schedule")  # fmt: skip
    for node in ("web1", "web2"):
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(f"http://{node_address(node)}:8000/healthz", timeout=2)
                break
            except OSError:  # refused, timed out, or 503 (HTTPError) while the node boots
                if time.monotonic() > deadline:
                    raise RuntimeError(f"{node} did not start") from None
                time.sleep(0.3)


def kill(process: subprocess.Popen[bytes]) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    process.wait()


def post_anywhere(post: e2e.Post, alive: list[str], failovers: list[int]) -> int:
    """The load balancer's part: send to the next live web node; on no answer, to another."""
    for attempt in range(20):
        node = alive[(hash(post.path) + attempt) % len(alive)]
        request = urllib.request.Request(
            f"http://{node_address(node)}:8000{post.path}", data=e2e.json.dumps(post.body).encode(), method="POST",
            headers={"Content-Type": "application/json", "Authorization": f"Token {post.token}"},
        )  # fmt: skip
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return response.status
        except urllib.error.HTTPError as error:
            return error.code
        except OSError:  # refused, reset or timed out: the node is gone
            failovers.append(1)
            time.sleep(0.2)
    raise RuntimeError(f"no web node answered {post.path}")


def run(args: argparse.Namespace) -> None:
    event, jobs = e2e.prepared_event(args.tables, args.seed)
    posts = e2e.seat_posts(jobs)
    network_up()
    start_forwarders()
    processes: dict[str, subprocess.Popen[bytes]] = {}
    alive, failovers, statuses, lock = ["web1", "web2"], [], [], threading.Lock()
    queue, kill_at = list(posts), int(len(posts) * 0.4)

    def client() -> None:
        while True:
            with lock:
                if not queue:
                    return
                item = queue.pop(0)
                if len(posts) - len(queue) == kill_at:
                    print(f"{kill_at} sheets sent: killing web1 and worker1")
                    kill(processes["web1"])
                    kill(processes["worker1"])
                    alive.remove("web1")  # as the balancer's health check would notice; in-flight posts fail over
            statuses.append(post_anywhere(item, alive, failovers))

    try:
        start_nodes(processes)
        started = time.perf_counter()
        threads = [threading.Thread(target=client) for _ in range(args.threads)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        sent = time.perf_counter() - started
        e2e.wait_rated(event, args.tables, seconds=args.wait)
        rated = time.perf_counter() - started
    finally:
        for process in processes.values():
            kill(process)
        network_down()
    check(event, args, statuses, failovers, sent, rated)


def check(event: e2e.Event, args: argparse.Namespace, statuses: list[int], failovers: list[int], sent: float,
          rated: float) -> None:  # fmt: skip
    tables = e2e.event_table_ids(event)
    sources = [f"table:{table}" for table in tables]
    missing = Seat.objects.filter(table__round__event=event, sheets__isnull=True).count()
    rating_events = RatingEvent.objects.filter(source__in=sources)
    per_source = set(rating_events.values_list("source", flat=True))
    changes = RatingChange.objects.filter(event__in=rating_events).count()
    pool = RatingPool.objects.get(game=event.game)
    stored = {r.player_id: (r.mu, r.sigma, r.games) for r in Rating.objects.filter(pool=pool)}
    with transaction.atomic():
        pool_replay(pool=RatingPool.objects.select_for_update().get(pk=pool.pk), actor="multinode check")
    replayed = {r.player_id: (r.mu, r.sigma, r.games) for r in Rating.objects.filter(pool=pool)}
    same = stored.keys() == replayed.keys() and all(
        abs(stored[p][0] - replayed[p][0]) < 1e-9 and abs(stored[p][1] - replayed[p][1]) < 1e-9
        and stored[p][2] == replayed[p][2] for p in stored
    )  # fmt: skip
    answers = {status: statuses.count(status) for status in sorted(set(statuses))}
    print(f"{len(statuses)} sheets posted in {sent:.1f} s ({len(statuses) / sent:.0f}/s), answers {answers}")
    print(f"{len(failovers)} sent again to the other node; every table rated {rated:.1f} s after the start")
    print(f"seats without a sheet: {missing}")
    print(f"tables: {len(tables)}, rated: {len(per_source)}, rating events: {rating_events.count()}, "
          f"rating changes: {changes} (expected {4 * len(tables)})")  # fmt: skip
    print(f"replay from scratch equals the stored ratings: {same}")
    ok = not missing and len(per_source) == rating_events.count() == len(tables) and changes == 4 * len(tables)
    if not (ok and same):
        raise SystemExit("FAILED: a sheet lost, a table rated twice or not at all, or the replay differs")
    print("OK: nothing lost, nothing rated twice")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=300)
    parser.add_argument("--threads", type=int, default=8)
    parser.add_argument("--seed", type=int, default=int(time.time()) % 100000)
    parser.add_argument("--wait", type=float, default=300, help="seconds to wait for every table to be rated")
    args = parser.parse_args()
    if os.geteuid() != 0:
        raise SystemExit("needs root: it creates network namespaces")
    e2e.call_command("migrate", verbosity=0)
    run(args)


if __name__ == "__main__":
    main()
