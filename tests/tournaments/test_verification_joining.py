"""With workers, a table queued while a verification task waits to start joins that task instead of sending
its own (tournaments/services/verification.py, TASK_WAITING): a burst costs a task a batch. The mark lives in
a real Redis (the cache the web and the workers share); the tasks sent are recorded here and run by hand, as
a worker would run them, so each step of the protocol can be checked."""

import random
import shutil
from collections.abc import Iterator
from types import SimpleNamespace

import pytest
from django.core.cache import cache
from django.test import override_settings

from config.celery import app as celery_app
from tests.tournaments.helpers import legal_seat_data, running_round
from tests.workers import free_port, redis_server
from tournaments import services, task_names
from tournaments.models import Round, TableResult
from tournaments.services import verification

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(shutil.which("redis-server") is None, reason="needs the redis-server binary"),
]

Sent = list[tuple[int, int]]


@pytest.fixture
def sent(monkeypatch) -> Iterator[Sent]:
    """Workers' set-up: tasks are not run in-process, the cache is a Redis; each verification task sent is
    recorded as (table id, attempt) instead of reaching a broker."""
    port = free_port()
    recorded: Sent = []

    def record(name: str, *args: int) -> bool:
        assert name == task_names.TABLE_VERIFY
        recorded.append((args[0], args[1]))
        return True

    monkeypatch.setitem(celery_app.conf, "task_always_eager", False)
    monkeypatch.setattr(verification, "dispatch", record)
    redis_cache = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache",
                               "LOCATION": f"redis://127.0.0.1:{port}/0"}}  # fmt: skip
    with redis_server(port), override_settings(CACHES=redis_cache):
        yield recorded
        cache.clear()


def complete(round_: Round, number: int, rng: random.Random) -> int:
    """Every seat of table `number` submits its sheet; the table's id."""
    table = round_.tables.get(number=number)
    for seat, data in zip(table.seats.order_by("position"), legal_seat_data(table, rng), strict=True):
        services.sheet_submit(seat_id=seat.pk, data=data, by=seat.player.user)
    return table.pk


def statuses(table_ids: list[int]) -> list[str]:
    found = dict(TableResult.objects.filter(table_id__in=table_ids).values_list("table_id", "status"))
    return [found[t] for t in table_ids]


def run(task: tuple[int, int]) -> None:
    services.table_verify(table_id=task[0], attempt=task[1])


def test_tables_queued_while_a_task_waits_join_it_and_one_queued_after_it_started_sends_its_own(sent) -> None:
    rng = random.Random(1)
    _event, round_ = running_round(players=16)
    first_three = [complete(round_, number, rng) for number in (1, 2, 3)]
    assert sent == [(first_three[0], 1)]  # one task for the three
    assert statuses(first_three) == ["pending"] * 3
    run(sent[0])
    assert statuses(first_three) == ["verified"] * 3
    fourth = complete(round_, 4, rng)
    assert sent[1:] == [(fourth, 1)]  # the task had started: the mark was gone
    run(sent[1])
    assert statuses([fourth]) == ["verified"]


def test_a_task_not_sent_leaves_no_mark_so_the_next_table_sends_one(sent, monkeypatch) -> None:
    rng = random.Random(2)
    _event, round_ = running_round(players=8)
    monkeypatch.setattr(verification, "dispatch", lambda *args: False)  # the broker is down
    first = complete(round_, 1, rng)
    monkeypatch.setattr(verification, "dispatch", lambda name, *args: sent.append(args) or True)
    second = complete(round_, 2, rng)
    assert sent == [(second, 1)]
    run(sent[0])
    assert statuses([first, second]) == ["verified", "verified"]  # the task claims what the lost send left


def test_a_full_batch_sends_a_task_for_the_tables_it_left_queued(sent, settings) -> None:
    settings.VERIFY_BATCH = 2
    rng = random.Random(3)
    _event, round_ = running_round(players=12)
    tables = [complete(round_, number, rng) for number in (1, 2, 3)]
    assert sent == [(tables[0], 1)]
    run(sent[0])
    assert statuses(tables) == ["verified", "verified", "pending"]
    assert sent[1:] == [(tables[2], 1)]
    run(sent[1])
    assert statuses(tables) == ["verified"] * 3


def test_a_waiting_task_whose_own_table_was_taken_still_claims_the_tables_that_joined_it(sent) -> None:
    rng = random.Random(4)
    _event, round_ = running_round(players=8)
    first, second = complete(round_, 1, rng), complete(round_, 2, rng)
    assert sent == [(first, 1)]
    TableResult.objects.filter(table_id=first).update(attempt=2)  # queued again since: this attempt is stale
    run(sent[0])
    assert statuses([first, second]) == ["pending", "verified"]  # the first is for attempt 2's own task


def test_a_table_finishing_while_the_started_task_waits_joins_it(sent, monkeypatch, settings) -> None:
    settings.VERIFY_LINGER_MS = 50
    rng = random.Random(5)
    _event, round_ = running_round(players=8)
    first = complete(round_, 1, rng)
    assert sent == [(first, 1)]
    waits: list[float] = []
    joined: list[int] = []

    def meanwhile(seconds: float) -> None:
        waits.append(seconds)
        joined.append(complete(round_, 2, rng))  # the second table's last sheet arrives during the wait

    monkeypatch.setattr(verification, "time", SimpleNamespace(sleep=meanwhile))
    run(sent[0])
    assert waits == [0.05]
    assert sent == [(first, 1)]  # the second table sent no task of its own: it joined the waiting one
    assert statuses([first, *joined]) == ["verified", "verified"]


def test_with_no_wait_the_task_claims_at_once(sent, monkeypatch, settings) -> None:
    settings.VERIFY_LINGER_MS = 0
    rng = random.Random(6)
    _event, round_ = running_round(players=4)
    first = complete(round_, 1, rng)
    waits: list[float] = []
    monkeypatch.setattr(verification, "time", SimpleNamespace(sleep=waits.append))
    run(sent[0])
    assert waits == []
    assert statuses([first]) == ["verified"]


def test_a_task_finding_enough_tables_queued_claims_them_at_once(sent, monkeypatch, settings) -> None:
    settings.VERIFY_LINGER_MS = 50
    rng = random.Random(7)
    _event, round_ = running_round(players=4 * verification.QUEUED_ENOUGH)
    tables = [complete(round_, number, rng) for number in range(1, verification.QUEUED_ENOUGH + 1)]
    assert sent == [(tables[0], 1)]  # they all joined the first table's task
    waits: list[float] = []
    monkeypatch.setattr(verification, "time", SimpleNamespace(sleep=waits.append))
    run(sent[0])
    assert waits == []  # a batch this large gains little from waiting: its verdicts are not delayed
    assert statuses(tables) == ["verified"] * verification.QUEUED_ENOUGH
