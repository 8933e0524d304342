"""The privacy app's Celery tasks: take ids, call one service, safe to run twice. Their names stay those they had
in the module tournaments.tasks (tournaments/task_names.py), so messages queued before an upgrade still find them."""

from celery import shared_task

from tournaments.privacy.services import guest_emails_forget


@shared_task(name="tournaments.tasks.guest_emails_forget_task")
def guest_emails_forget_task() -> int:
    return guest_emails_forget()
