from celery import shared_task
from django.utils import timezone

from ratings.services.lists import lists_publish_monthly
from ratings.services.pools import inactivity_widen


@shared_task
def inactivity_widen_task() -> int:
    return inactivity_widen(now=timezone.now())


@shared_task
def lists_publish_monthly_task() -> int:
    """On the first of a month (Celery beat), every pool's official list of the month just ended."""
    return lists_publish_monthly(now=timezone.now())
