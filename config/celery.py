"""The Celery application; broker and limits come from Django settings (CELERY_*)."""

import logging
import os

from celery import Celery
from kombu.exceptions import OperationalError

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("boomerang")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


def dispatch(task, *args: object) -> bool:  # type: ignore[no-untyped-def]
    """Send a task, surviving a broker outage: the work stays recorded and the periodic sweep sends it later."""
    try:
        task.delay(*args)
    except (OperationalError, ConnectionError, OSError) as error:
        logging.getLogger(__name__).warning("broker unavailable, %s%r left for the sweep: %s", task.name, args, error)
        return False
    return True
