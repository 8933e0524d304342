"""One club's slow webhook receivers cannot slow another club's verification: deliveries have a queue and a
worker of their own (docs/deploy.md's worker layout, started here as deploy/ starts it), each attempt has one
deadline, and an organisation has at most WEBHOOK_IN_FLIGHT_PER_ORGANISATION attempts under way. Real
Celery workers, Redis and PostgreSQL (.ci/run's second pass)."""

import os
import random
import time

import pytest
from django.conf import settings

from games.simulate import legal_sheet
from tests.factories import PlayerFactory
from tests.tournaments.helpers import legal_seat_data, register_and_check_in, running_round
from tests.tournaments.integrations.test_webhooks import RawReceiver
from tests.workers import celery_worker, redis_reachable, service_env, wait_until
from tournaments.catalogue.models import SheetCheck
from tournaments.catalogue.services import sheet_check_submit
from tournaments.integrations.models import Webhook, WebhookDelivery
from tournaments.models import TableResult
from tournaments.results.services.sheets import sheet_submit
from tournaments.services.clubs import organisation_create
from tournaments.services.events import event_create, event_open_registration
from tournaments.services.rounds import event_start

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

SUBSCRIPTIONS = 10


def test_a_dripping_receiver_of_one_club_leaves_another_clubs_verdict_under_two_seconds() -> None:
    redis_reachable(os.environ["REDIS_URL"])
    drip = RawReceiver(b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok", drip=3)  # a byte every 3 s
    env = service_env(WEBHOOK_ALLOW_HTTP="true", WEBHOOK_ALLOWED_NETWORKS="127.0.0.0/8")
    owner = PlayerFactory()
    slow_club = organisation_create(by=owner.user, slug="slow", name="Slow")
    for _ in range(SUBSCRIPTIONS):
        Webhook.objects.create(organisation=slow_club, url=drip.url, events=["round.seated"], secret="s")
    slow_event = event_create(organiser=owner.user, name="Slow night", game="boomerang-australia",
                                       organisation=slow_club)  # fmt: skip
    event_open_registration(event=slow_event, by=owner.user)
    register_and_check_in(slow_event, [PlayerFactory() for _ in range(4)])
    _event, round_ = running_round()
    table = round_.tables.get()
    with (
        celery_worker("--pool=prefork", "--concurrency=2", env=env, quiet=True),
        celery_worker("-Q", settings.CELERY_WEBHOOK_QUEUE, "--pool=threads", "--concurrency=8", env=env, quiet=True),
    ):
        warm_up = sheet_check_submit(sheet=legal_sheet("boomerang-usa", 3, random.Random(3)))
        wait_until(lambda: SheetCheck.objects.get(pk=warm_up.pk).status == "verified", 60, "the workers to start")
        event_start(event=slow_event, by=owner.user)  # 10 round.seated deliveries to the drip
        wait_until(lambda: WebhookDelivery.objects.filter(sending_until__isnull=False).exists(), 30, "a delivery")
        for seat, data in zip(table.seats.order_by("position"), legal_seat_data(table, random.Random(5)), strict=True):
            sheet_submit(seat_id=seat.pk, data=data, by=seat.player.user)
        submitted = time.monotonic()
        wait_until(lambda: TableResult.objects.get(table=table).status == "verified", 30, "the other club's verdict")
        waited = time.monotonic() - submitted
        in_flight = WebhookDelivery.objects.filter(sending_until__isnull=False).count()
        wait_until(lambda: WebhookDelivery.objects.filter(attempts__gte=1).count() >= 2, 30, "attempts to end")
    drip.close()
    assert waited < 2, f"another club's table waited {waited:.1f} s for its verdict"
    assert in_flight <= settings.WEBHOOK_IN_FLIGHT_PER_ORGANISATION
    tried = WebhookDelivery.objects.filter(attempts__gte=1)
    assert all(d.response_code is None and "within 5 s" in d.response_body for d in tried)
    assert all(d.seconds < settings.WEBHOOK_DEADLINE_SECONDS + 1 for d in tried)
