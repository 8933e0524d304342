"""The live streams under load (issue 45, docs/stream.md). Needs PostgreSQL and Redis.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/boomerang_stream REDIS_URL=redis://127.0.0.1:6379/10 \\
        .venv/bin/python bench/stream.py --clients 1000 --seconds 30

Two web nodes (two `uvicorn config.asgi:application` processes on two ports, as two machines behind a proxy)
serve one event's stream to N clients (asyncio sockets, half on each node) while this process writes the
event's changes (`announce`, committed, at --rate a second, each carrying its commit time) and a
browsing load reads the event's pages and API on both nodes. Printed: each node's memory before and after
the clients connected (per idle stream), the delivery latency from the commit to each client (p50, p95,
target p95 < 1 s), the browsing requests' p95, and, with node B killed (SIGKILL) halfway and started again,
whether every client got every message exactly once (its clients reconnect with Last-Event-ID).
"""

import argparse
import asyncio
import json
import os
import resource
import signal
import statistics
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("THROTTLE_READ_ANON", "100000000/min")
os.environ.setdefault("THROTTLE_PAGE_ANON", "100000000/min")

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import transaction  # noqa: E402

from bench.calibrate import calibration_ns  # noqa: E402
from tests.factories import EventFactory  # noqa: E402
from tournaments.announcements import Announcement, announce  # noqa: E402

PORTS = (8101, 8102)


def start_node(port: int) -> subprocess.Popen[bytes]:
    env = {**os.environ, "ALLOWED_HOSTS": "127.0.0.1,localhost", "LOG_LEVEL": "ERROR"}
    return subprocess.Popen(
        [str(Path(sys.executable).parent / "uvicorn"), "config.asgi:application", "--port", str(port),
         "--log-level", "error", "--timeout-graceful-shutdown", "1"],
        cwd=ROOT, env=env,
    )  # fmt: skip


def wait_up(port: int) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2)
            return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"node on {port} did not start")


def rss_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status") as status:
        line = next(line for line in status if line.startswith("VmRSS:"))
    return int(line.split()[1]) / 1024


class Client:
    """One stream: reconnects with Last-Event-ID when its node goes away; records each message's latency."""

    def __init__(self, port: int, event_id: int) -> None:
        self.port, self.event_id = port, event_id
        self.last_id: int | None = None
        self.received: list[int] = []
        self.latencies: list[float] = []
        self.connected = asyncio.Event()

    async def run(self, stop: asyncio.Event) -> None:
        while not stop.is_set():
            try:
                await self._once(stop)
            except (OSError, asyncio.IncompleteReadError):
                await asyncio.sleep(0.5)  # the node is away: try again, as a browser does after `retry`

    async def _once(self, stop: asyncio.Event) -> None:
        reader, writer = await asyncio.open_connection("127.0.0.1", self.port)
        resume = f"Last-Event-ID: {self.last_id}\r\n" if self.last_id is not None else ""
        writer.write(f"GET /api/events/{self.event_id}/stream/ HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                     f"Accept: text/event-stream\r\n{resume}\r\n".encode())  # fmt: skip
        await writer.drain()
        await reader.readuntil(b"\r\n\r\n")
        self.connected.set()
        buffer = b""
        try:
            while not stop.is_set():
                try:
                    chunk = await asyncio.wait_for(reader.read(65536), 1.0)
                except TimeoutError:
                    continue  # idle: look at `stop` again
                if not chunk:
                    raise asyncio.IncompleteReadError(b"", None)
                buffer += chunk
                *blocks, buffer = buffer.split(b"\n\n")
                now = time.time()
                for block in blocks:
                    fields = dict(line.split(": ", 1) for line in block.decode().split("\n") if ": " in line)
                    if "data" in fields and "id" in fields:
                        self.last_id = int(fields["id"])
                        self.received.append(self.last_id)
                        self.latencies.append(now - json.loads(fields["data"])["committed_at"])
        finally:
            writer.close()


def browse(stop: threading.Event, event_id: int, timings: list[float]) -> None:
    """Pages and API reads on both nodes, one after another: the e2e browsing load."""
    paths = [f"/events/{event_id}/", f"/events/{event_id}/standings/", "/api/events/", f"/api/events/{event_id}/"]
    n = 0
    while not stop.is_set():
        port, path = PORTS[n % 2], paths[n % len(paths)]
        began = time.perf_counter()
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=10).read()
            timings.append(time.perf_counter() - began)
        except OSError:
            pass  # node B restarting
        n += 1


def write(stop: threading.Event, event_id: int, rate: float, sent: list[int]) -> None:
    from tournaments.live.models import StreamMessage

    while not stop.is_set():
        with transaction.atomic():  # the commit follows at once: the latency counts it
            told = {"event": event_id, "committed_at": time.time()}  # through the outbox, as the pipeline tells it
            announce([Announcement("standings.changed", told, event_id=event_id)])
        sent.append(StreamMessage.objects.filter(event_id=event_id).latest("pk").pk)
        time.sleep(1 / rate)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--clients", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--rate", type=float, default=5.0, help="messages a second")
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, args.clients * 3)), hard))
    call_command("migrate", verbosity=0)
    call_command("flush", interactive=False, verbosity=0)  # the bench's own database: a fresh one each run
    event = EventFactory()
    nodes = {port: start_node(port) for port in PORTS}
    for port in PORTS:
        wait_up(port)
    before = {port: rss_mb(node.pid) for port, node in nodes.items()}
    asyncio.run(run(args, event.pk, nodes, before))


async def run(args: argparse.Namespace, event_id: int, nodes: dict, before: dict[int, float]) -> None:
    stop = asyncio.Event()
    clients = [Client(PORTS[i % 2], event_id) for i in range(args.clients)]
    tasks = [asyncio.create_task(client.run(stop)) for client in clients]
    await asyncio.wait_for(asyncio.gather(*(client.connected.wait() for client in clients)), 60)
    await asyncio.sleep(2)
    after = {port: rss_mb(node.pid) for port, node in nodes.items()}
    per_stream = statistics.fmean((after[p] - before[p]) * 1024 / (args.clients / 2) for p in PORTS)
    halt, sent, timings = threading.Event(), [], []
    threads = [threading.Thread(target=write, args=(halt, event_id, args.rate, sent)),
               threading.Thread(target=browse, args=(halt, event_id, timings))]  # fmt: skip
    for thread in threads:
        thread.start()
    await asyncio.sleep(args.seconds / 2)
    nodes[PORTS[1]].send_signal(signal.SIGKILL)  # node B dies mid-run; its clients resume on its restart
    nodes[PORTS[1]].wait()
    await asyncio.sleep(1)
    nodes[PORTS[1]] = start_node(PORTS[1])
    await asyncio.to_thread(wait_up, PORTS[1])
    await asyncio.sleep(args.seconds / 2)
    halt.set()
    for thread in threads:
        thread.join()
    await asyncio.sleep(3)  # the last messages arrive
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    for node in nodes.values():
        node.terminate()
        node.wait()
    latencies = sorted(latency for client in clients if client.port == PORTS[0] for latency in client.latencies)
    resumed = sorted(latency for client in clients if client.port == PORTS[1] for latency in client.latencies)
    complete = sum(sorted(set(client.received)) == sorted(sent) and len(client.received) == len(set(client.received))
                   for client in clients)  # fmt: skip
    print(f"{args.clients} streams on 2 nodes; {len(sent)} messages at {args.rate}/s over {args.seconds:.0f} s, "
          f"node B killed and restarted halfway")  # fmt: skip
    print(f"memory per idle stream: {per_stream:.1f} KB (node RSS {before} MB before, {after} MB after)")
    print(f"delivery from the commit, node A (up all along): p50 {latencies[len(latencies) // 2] * 1000:.0f} ms, "
          f"p95 {latencies[int(len(latencies) * 0.95)] * 1000:.0f} ms over {len(latencies)} deliveries "
          f"(target p95 < 1000 ms)")  # fmt: skip
    print(
        f"node B's clients (their node killed, restarted; what they missed came on resuming): "
        f"p50 {resumed[len(resumed) // 2] * 1000:.0f} ms, p95 {resumed[int(len(resumed) * 0.95)] * 1000:.0f} ms"
    )
    print(f"every message exactly once: {complete} of {args.clients} clients")
    if timings:
        timings.sort()
        print(f"browsing meanwhile: {len(timings)} requests, p95 {timings[int(len(timings) * 0.95)] * 1000:.0f} ms")
    print(f"calibration: an empty Python call {calibration_ns():.0f} ns")


if __name__ == "__main__":
    main()
