"""With no broker (the embedded default: tasks run in-process), a few tasks must still not run inside the
request that sent them: a webhook's receiver may take its whole deadline, five times over with retries.
They run here instead, on a small pool of the web process's threads, a countdown honoured by a timer.

What is lost: a task waiting here when the process stops. Each such task's work is recorded in the database
first (a delivery row), and its sweep sends it again, so nothing is lost for good."""

import logging
import threading
from concurrent.futures import ThreadPoolExecutor

from django.db import connections

THREADS = 4
_pool = ThreadPoolExecutor(max_workers=THREADS, thread_name_prefix="off-the-request")
_waiting: set[threading.Timer] = set()


def run_off_the_request(task: object, args: tuple[object, ...], countdown: float = 0) -> None:
    """Run a Celery task (in-process, as `apply` does) on a background thread, `countdown` seconds from now."""

    def run() -> None:
        try:
            task.apply(args=args)  # type: ignore[attr-defined]
        except Exception:
            logging.getLogger(__name__).exception("background task %s%r failed", task, args)
        finally:
            connections.close_all()  # this thread's connections: a pooled thread lives on

    if countdown > 0:

        def due() -> None:
            _waiting.discard(timer)
            _pool.submit(run)

        timer = threading.Timer(countdown, due)
        timer.daemon = True
        _waiting.add(timer)
        timer.start()
    else:
        _pool.submit(run)


def forget_waiting() -> int:
    """Cancel the tasks still waiting for their countdown (a test's end: its rows are gone); returns how many."""
    timers = list(_waiting)
    for timer in timers:
        timer.cancel()
        _waiting.discard(timer)
    return len(timers)
