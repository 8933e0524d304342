"""The Celery application; broker and limits come from Django settings (CELERY_*)."""

import logging
import os
from typing import Any

from celery import Celery
from celery.signals import task_prerun
from celery.worker.consumer import Consumer
from django.conf import settings
from django.db import OperationalError as DatabaseAway
from django.db import close_old_connections, transaction
from kombu.exceptions import OperationalError

from config.background import run_off_the_request
from config.broker import use_for_redis_urls

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")


class SingleMindedConsumer(Consumer):  # type: ignore[misc]
    """The worker's consumer without gossip, mingle and the event heartbeat, however the worker is started
    (`--without-gossip --without-mingle --without-heartbeat` in one place no start command can forget).

    They share worker state this service does not use (clock sync, revoked ids, monitoring events: every
    task here is idempotent and claims its work in the database), and each keeps a pub/sub channel open on
    the broker: more channels for a Redis outage to break (config/broker.py).
    """

    def __init__(self, *args: Any, worker_options: dict[str, Any] | None = None, **kwargs: Any) -> None:
        options = {**(worker_options or {}), "without_gossip": True, "without_mingle": True, "without_heartbeat": True}
        super().__init__(*args, worker_options=options, **kwargs)


use_for_redis_urls()
app = Celery("boomerang")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.conf.worker_consumer = "config.celery:SingleMindedConsumer"
app.autodiscover_tasks()


def drop_unusable_connections(task: Any = None, **_kwargs: object) -> None:
    """What Django does before each request: close connections that failed or outlived CONN_MAX_AGE.

    Not for a task run in-process (eagerly), which runs inside its caller's transaction.
    """
    if task is not None and not getattr(task.request, "is_eager", False):
        close_old_connections()


task_prerun.connect(drop_unusable_connections)


def dispatch(task_name: str, *args: object, time_limit: float | None = None) -> bool:
    """Send a task, known by its name (so services need not import the tasks that call them), surviving a
    broker outage: the work stays recorded and the periodic sweep sends it later. `time_limit`: this run's
    soft limit in seconds, in place of CELERY_TASK_SOFT_TIME_LIMIT (the hard one HARD_AFTER_SOFT later)."""
    if _off_the_request(task_name):
        run_off_the_request(app.tasks[task_name], args)
        return True
    task = app.tasks[task_name]
    try:
        if time_limit is None:
            task.delay(*args)
        else:
            task.apply_async(args=args, soft_time_limit=time_limit, time_limit=time_limit + HARD_AFTER_SOFT)
    except (OperationalError, ConnectionError, OSError) as error:
        logging.getLogger(__name__).warning("broker unavailable, %s%r left for the sweep: %s", task_name, args, error)
        return False
    return True


HARD_AFTER_SOFT = 30  # seconds between a task's soft time limit (it may clean up) and its hard one


def dispatch_later(task_name: str, countdown: float, *args: object) -> bool:
    """Send a task to run in `countdown` seconds (a retry with backoff), surviving a broker outage as
    `dispatch` does."""
    if _off_the_request(task_name):
        run_off_the_request(app.tasks[task_name], args, countdown)
        return True
    try:
        app.tasks[task_name].apply_async(args=args, countdown=countdown)
    except (OperationalError, ConnectionError, OSError) as error:
        logging.getLogger(__name__).warning("broker unavailable, %s%r left for the sweep: %s", task_name, args, error)
        return False
    return True


def _off_the_request(task_name: str) -> bool:
    """In-process, a task of TASKS_OFF_THE_REQUEST runs on a background thread (config/background.py)."""
    return tasks_run_here() and task_name in settings.TASKS_OFF_THE_REQUEST


def tasks_run_here() -> bool:
    """Whether a task runs in this process when sent (no broker: the newcomer's set-up, and most tests)."""
    return bool(app.conf.task_always_eager)


def enqueue_on_commit(task_name: str, *args: object, countdown: float = 0) -> None:
    """Send a task once the current transaction commits, so the worker reads what it was sent for (and a
    rolled-back write sends nothing); `countdown`: to run that many seconds later. The one way services queue
    work."""
    if countdown:
        transaction.on_commit(lambda: dispatch_later(task_name, countdown, *args))
    else:
        transaction.on_commit(lambda: dispatch(task_name, *args))


# A database that is briefly away (a failover, a restart) is retried with backoff; anything else is a bug.
RETRY_WHILE_THE_DATABASE_IS_AWAY = {"autoretry_for": (DatabaseAway,), "retry_backoff": True, "max_retries": 5}
# A mail server that is away is retried with backoff too; the result it reports is already stored.
RETRY_WHILE_MAIL_IS_AWAY = {**RETRY_WHILE_THE_DATABASE_IS_AWAY, "autoretry_for": (DatabaseAway, OSError)}
