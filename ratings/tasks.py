from celery import shared_task
from django.utils import timezone

from ratings import services


@shared_task
def inactivity_widen_task() -> int:
    return services.inactivity_widen(now=timezone.now())
