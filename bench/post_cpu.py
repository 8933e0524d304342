"""The sheet POST and its floor (bench/floor) in one process, no HTTP server, no worker: CPU per POST of each
and their ratio, away from the contention of bench/e2e.py's run (issue 30, item 1). Needs PostgreSQL and
Redis (with no Redis, verification would run inside the POST):

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/boomerang_e2e REDIS_URL=redis://127.0.0.1:6379/9 \\
        .venv/bin/python bench/post_cpu.py --tables 400 [--profile /tmp/sheet.prof]

The same bodies as bench/e2e.py's, through Django's WSGI handler (every middleware, the token
authentication, the throttle); the first 20 posts of each kind warm the process and are not counted.
Verification is only queued: no worker takes the tasks (bench/e2e.py measures that part). The two kinds
are measured in turn, 20 POSTs at a time, so that the machine's drift over a run weighs on both alike. `--profile`
writes cProfile's statistics of the sheet POSTs (CPU time) to the file named. `--idempotency-key` sends each
sheet POST with a key of its own, as the pad and every page form do. Each kind's line says its queries a
POST; `BENCH_SHOW_SQL=1` prints the first POST's statements.
"""

import argparse
import cProfile
import io
import json
import os
import sys
import time
import uuid
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ["DJANGO_SETTINGS_MODULE"] = "bench.floor.settings"

from django.core.handlers.wsgi import WSGIHandler  # noqa: E402
from django.db import connection  # noqa: E402

from bench.calibrate import calibration_ns  # noqa: E402
from bench.e2e import Post, floor, prepared_event, seat_posts  # noqa: E402  (sets Django up)

WARM_UP = 20
BLOCK = 20


def environ(post: Post, keyed: bool = False) -> dict:
    raw = json.dumps(post.body).encode()
    key = {"HTTP_IDEMPOTENCY_KEY": str(uuid.uuid4())} if keyed else {}
    return key | {
        "REQUEST_METHOD": "POST", "PATH_INFO": post.path, "SCRIPT_NAME": "", "QUERY_STRING": "",
        "SERVER_NAME": "127.0.0.1", "SERVER_PORT": "8765", "SERVER_PROTOCOL": "HTTP/1.1",
        "CONTENT_TYPE": "application/json", "CONTENT_LENGTH": str(len(raw)), "HTTP_HOST": "127.0.0.1:8765",
        "HTTP_AUTHORIZATION": f"Token {post.token}", "REMOTE_ADDR": "127.0.0.1", "wsgi.input": io.BytesIO(raw),
        "wsgi.url_scheme": "http", "wsgi.errors": sys.stderr, "wsgi.multithread": False,
        "wsgi.multiprocess": True, "wsgi.run_once": False, "wsgi.version": (1, 0),
    }  # fmt: skip


class Kind:
    """One kind of POST (the sheet's or the floor's): its requests, and what they cost when measured."""

    def __init__(self, posts: list[Post], keyed: bool, profile: cProfile.Profile | None = None) -> None:
        self.posts, self.keyed, self.profile = posts, keyed, profile
        self.seconds, self.queries, self.measured = 0.0, 0, 0
        self.statuses: Counter = Counter()

    def send(self, handler: WSGIHandler, post: Post) -> None:
        def start_response(status: str, headers: list, exc_info: object = None) -> None:
            self.statuses[status[:3]] += 1

        answer = handler(environ(post, self.keyed), start_response)
        b"".join(answer)
        answer.close()  # type: ignore[attr-defined]

    def measure(self, handler: WSGIHandler, posts: list[Post]) -> None:
        """Send `posts`, adding their CPU time and statements to this kind's."""

        def counted(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
            self.queries += 1
            if os.environ.get("BENCH_SHOW_SQL") and self.queries <= 14:
                print(f"  {self.queries:>2} {sql[:230]}")
            return execute(sql, params, many, context)

        start = time.process_time()
        if self.profile:
            self.profile.enable()
        with connection.execute_wrapper(counted):
            for post in posts:
                self.send(handler, post)
        if self.profile:
            self.profile.disable()
        self.seconds += time.process_time() - start
        self.measured += len(posts)

    def ms_a_post(self) -> float:
        return self.seconds / self.measured * 1000

    def answers(self) -> dict:
        return dict(self.statuses) | {"queries a POST": round(self.queries / self.measured, 2)}


def alternated(handler: WSGIHandler, kinds: list[Kind]) -> None:
    """Warm each kind up, then measure them in turn, BLOCK posts at a time: the machine's speed drifts over a
    run, and the ratio must compare the two kinds under the same conditions."""
    for kind in kinds:
        for post in kind.posts[:WARM_UP]:
            kind.send(handler, post)
    for start in range(WARM_UP, max(len(kind.posts) for kind in kinds), BLOCK):
        for kind in kinds:
            kind.measure(handler, kind.posts[start : start + BLOCK])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=400)
    parser.add_argument("--seed", type=int, default=int(time.time()))
    parser.add_argument("--profile", help="write cProfile's statistics of the sheet POSTs to this file")
    parser.add_argument("--idempotency-key", action="store_true", help="each sheet POST with a key of its own")
    args = parser.parse_args()
    if not os.environ.get("REDIS_URL"):
        sys.exit("needs REDIS_URL: without it verification runs inside the POST")
    with connection.cursor() as cursor:
        cursor.execute(floor.CREATE)
    _event, jobs = prepared_event(args.tables, args.seed)
    posts = seat_posts(jobs)
    floor_posts = [Post("/bench/floor/", post.token, post.body, 1) for post in posts]
    connection.close()
    handler = WSGIHandler()
    profile = cProfile.Profile(time.process_time) if args.profile else None
    sheet, bare = Kind(posts, args.idempotency_key, profile), Kind(floor_posts, keyed=False)
    alternated(handler, [sheet, bare])
    if profile and args.profile:
        profile.dump_stats(args.profile)
    print(f"{sheet.measured} POSTs of each kind after {WARM_UP} to warm up, {BLOCK} of each in turn; answers: "
          f"sheet {sheet.answers()}, floor {bare.answers()}")  # fmt: skip
    note = (" (profiled)" if profile else "") + (" with an Idempotency-Key" if args.idempotency_key else "")
    print(
        f"CPU per POST in one process: sheet {sheet.ms_a_post():.2f} ms{note}, floor {bare.ms_a_post():.2f} ms;"
        f" ratio {sheet.ms_a_post() / bare.ms_a_post():.2f}; calibration {calibration_ns():.1f} ns"
    )


if __name__ == "__main__":
    main()
