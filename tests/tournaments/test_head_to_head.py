"""Head-to-head (issue 57, item 6): two players' shared tables and who finished ahead, by game, on a page and
in the API, counted from the verdicts."""

import random

import pytest
from django.test import Client

from tests.factories import EventFactory, PlayerFactory
from tests.tournaments.helpers import play_round, register_and_check_in
from tournaments.models import TableResult
from tournaments.services.rounds import event_start, round_seat_next
from tournaments.verdicts import TableVerdict

pytestmark = pytest.mark.django_db


def test_head_to_head_counts_who_finished_ahead_at_the_tables_shared(django_capture_on_commit_callbacks) -> None:
    event = EventFactory(game="boomerang-australia", rounds_planned=3)
    organiser = event.organisers.get()
    players = [PlayerFactory() for _ in range(4)]  # one table a round: they share every table
    register_and_check_in(event, players)
    rng = random.Random(6)
    round_ = event_start(event=event, by=organiser)
    for number in range(3):
        play_round(round_, organiser, rng, django_capture_on_commit_callbacks)
        if number < 2:
            round_ = round_seat_next(event=event, by=organiser)
    ann, bob = players[0], players[1]
    expected = [0, 0, 0]
    for result in TableResult.objects.filter(table__round__event=event):
        rank = {seat.player: seat.rank for seat in TableVerdict.read(result.verdict).seats}
        a, b = rank[ann.handle], rank[bob.handle]
        expected[0 if a < b else 1 if a > b else 2] += 1
    answer = Client().get(f"/api/players/{ann.handle}/versus/{bob.handle}/").json()
    line = answer["games"][0]
    assert (line["tables"], line["first_ahead"], line["second_ahead"], line["level"]) == (3, *expected)
    assert len(answer["tables"]) == 3
    page = Client().get(f"/players/{ann.handle}/versus/{bob.handle}/").content.decode()
    assert f"{ann.handle} against {bob.handle}" in page
    assert Client().get(f"/api/players/{ann.handle}/versus/nobody-here/").status_code == 404
    signed_in = Client()
    signed_in.force_login(ann.user)
    linked = signed_in.get(f"/players/{bob.handle}/").content.decode()
    assert f'href="/players/{ann.handle}/versus/{bob.handle}/"' in linked  # from the other player's page
