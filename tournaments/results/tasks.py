"""The results app's Celery tasks: take ids, call one service, safe to run twice. Their names stay those they had
in the module tournaments.tasks (tournaments/task_names.py), so messages queued before an upgrade still find them."""

from datetime import timedelta

from celery import shared_task
from django.conf import settings

from config.celery import RETRY_WHILE_MAIL_IS_AWAY, RETRY_WHILE_THE_DATABASE_IS_AWAY
from tournaments import task_names
from tournaments.results.services import pipeline
from tournaments.results.services.notifications import (
    notify_event_finished,
    notify_event_moved,
    notify_event_rated,
    notify_registration_review,
    notify_room_message,
    notify_round_seated,
    notify_table_rejected,
)
from tournaments.results.services.recap import event_recap_refresh
from tournaments.results.services.verification import (
    event_tables_reverify,
    game_tables_reverify,
    table_sweep,
    table_verify,
)


@shared_task(name="tournaments.tasks.table_verify_task", **RETRY_WHILE_THE_DATABASE_IS_AWAY)
def table_verify_task(table_id: int, attempt: int) -> None:
    table_verify(table_id=table_id, attempt=attempt)


@shared_task(name="tournaments.tasks.tables_rate_task", **RETRY_WHILE_THE_DATABASE_IS_AWAY)
def tables_rate_task(table_ids: list[int]) -> None:
    pipeline.tables_rate_and_tally(table_ids=table_ids)


@shared_task(name="tournaments.tasks.table_sweep_task")
def table_sweep_task() -> int:
    return table_sweep(older_than=timedelta(seconds=settings.SWEEP_AFTER_SECONDS))


@shared_task(name="tournaments.tasks.notify_round_seated_task", **RETRY_WHILE_MAIL_IS_AWAY)
def notify_round_seated_task(round_id: int) -> int:
    return notify_round_seated(round_id=round_id)


@shared_task(name="tournaments.tasks.notify_table_rejected_task", **RETRY_WHILE_MAIL_IS_AWAY)
def notify_table_rejected_task(table_id: int) -> int:
    return notify_table_rejected(table_id=table_id)


@shared_task(name=task_names.NOTIFY_MESSAGE, **RETRY_WHILE_MAIL_IS_AWAY)
def notify_room_message_task(message_id: int, user_ids: list[int]) -> int:
    return notify_room_message(message_id=message_id, user_ids=user_ids)


@shared_task(name=task_names.NOTIFY_REVIEW, **RETRY_WHILE_MAIL_IS_AWAY)
def notify_registration_review_task(registration_id: int, status: str) -> int:
    return notify_registration_review(registration_id=registration_id, status=status)


@shared_task(name="tournaments.tasks.notify_event_finished_task", **RETRY_WHILE_MAIL_IS_AWAY)
def notify_event_finished_task(event_id: int) -> int:
    return notify_event_finished(event_id=event_id)


@shared_task(name="tournaments.tasks.notify_event_moved_task", **RETRY_WHILE_MAIL_IS_AWAY)
def notify_event_moved_task(event_id: int, before: dict[str, str]) -> int:
    return notify_event_moved(event_id=event_id, before=before)


@shared_task(name="tournaments.tasks.notify_event_rated_task", **RETRY_WHILE_MAIL_IS_AWAY)
def notify_event_rated_task(event_id: int) -> int:
    return notify_event_rated(event_id=event_id)


@shared_task(name="tournaments.tasks.game_reverify_task", **RETRY_WHILE_THE_DATABASE_IS_AWAY)
def game_reverify_task(game: str) -> int:
    """Every judged table of the game, verified again against its new edition (catalogue/services.py)."""
    return game_tables_reverify(game=game)


@shared_task(name="tournaments.tasks.event_reverify_task", **RETRY_WHILE_THE_DATABASE_IS_AWAY)
def event_reverify_task(event_id: int) -> int:
    """Every judged table of the event, verified again (its organiser chose the game's edition of now)."""
    return event_tables_reverify(event_id=event_id)


@shared_task(name=task_names.EVENT_RECAP, **RETRY_WHILE_THE_DATABASE_IS_AWAY)
def event_recap_refresh_task(event_id: int) -> bool:
    return event_recap_refresh(event_id=event_id) is not None
