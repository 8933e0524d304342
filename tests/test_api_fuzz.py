"""Schemathesis against the service's own OpenAPI schema: no 500, and every answer matches the schema."""

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from rest_framework.authtoken.models import Token
from schemathesis.checks import negative_data_rejection, positive_data_acceptance

from config import versioning
from config.wsgi import application
from tests.factories import EventFactory, PlayerFactory

# The live streams are left out: a fuzzer reads each answer to its end and a stream has none (a heartbeat every
# 15 s). tests/tournaments/test_stream.py reads them as clients do, their refusals too.
schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", application).exclude(path_regex=r"/stream/$")


@pytest.fixture(autouse=True)
def _keep_the_test_connection():
    """Calling the WSGI app fires request_finished, which would close the test's transaction connection
    (Django's test client disconnects the same handler)."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.fixture
def player_token(db) -> str:
    player = PlayerFactory()
    EventFactory(organisers=[player.user])
    return Token.objects.create(user=player.user).key


@schema.parametrize()
@settings(max_examples=12, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@pytest.mark.django_db
def test_no_request_gets_a_500_and_every_answer_matches_the_schema(case, player_token: str) -> None:
    # Left out: schema-valid bodies that domain rules refuse on purpose (a wrong password, a full event), and
    # DRF's usual leniency (an empty form field read as null, a repeated filter parameter). Kept: no 500,
    # documented status codes and content types, and answers that match the schema. The schema describes the
    # current API version, so the version header the fuzzer may pick is the current one.
    case.call_and_validate(
        headers={"Authorization": f"Token {player_token}", versioning.HEADER: versioning.CURRENT},
        excluded_checks=[positive_data_acceptance, negative_data_rejection],
    )
