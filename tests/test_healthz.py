"""/healthz: 200 when the database answers and the broker (if tasks use one) answers; 503 naming what does not."""

import pytest
from django.test import Client

pytestmark = [pytest.mark.django_db, pytest.mark.embedded]


def test_the_database_and_the_broker_answer(settings) -> None:
    """In-process tasks (the embedded set-up) need no broker; with REDIS_URL (CI's second pass) Redis answers."""
    answer = Client().get("/healthz")
    assert answer.status_code == 200
    expected_broker = "in-process" if settings.CELERY_TASK_ALWAYS_EAGER else "ok"
    assert answer.json() == {"database": "ok", "broker": expected_broker}


def test_a_broker_where_nothing_listens_makes_it_503(settings) -> None:
    from config.celery import app

    settings.CELERY_TASK_ALWAYS_EAGER = False
    original = app.conf.broker_url
    app.conf.broker_url = "redis://127.0.0.1:9/0"  # the discard port: nothing answers
    try:
        answer = Client().get("/healthz")
    finally:
        app.conf.broker_url = original
    assert answer.status_code == 503
    assert answer.json()["database"] == "ok"
    assert answer.json()["broker"].startswith("down")
