"""The open data's Celery task: the beat runs it on the first of each month; safe to run twice."""

from celery import shared_task

from tournaments.opendata.services import open_data_make


@shared_task(name="tournaments.opendata.tasks.open_data_make_task")
def open_data_make_task() -> int:
    return open_data_make()
