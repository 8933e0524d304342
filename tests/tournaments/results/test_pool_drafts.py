"""The drafts of a pool's rated tables, read for the quality lab's candidate (issue 69, item 6): every pick of
every seat with the hand it was offered, the players as the pool names them, the cards' worth measured on
the training tables alone; and a real pool's quality report carries the candidate's figures."""

import random

import pytest
from django.test import Client

from ratings.lab import candidate
from ratings.lab.selectors import pool_drafts
from ratings.lab.services import pool_quality_refresh
from ratings.models import RatingEvent, RatingPool
from tests.factories import EventFactory, PlayerFactory
from tests.tournaments.helpers import legal_seat_data, register_and_check_in
from tournaments.results.services.sheets import table_sheets_submit
from tournaments.services.rounds import event_start, round_start

pytestmark = pytest.mark.django_db
GAME = "boomerang-australia"


def night(on_commit, seed: int) -> list[int]:
    """A night of two verified tables of four; their table ids."""
    event = EventFactory(game=GAME, rounds_planned=1)
    organiser = event.organisers.get()
    register_and_check_in(event, [PlayerFactory() for _ in range(8)])
    round_ = event_start(event=event, by=organiser)
    round_start(round_=round_, by=organiser)
    rng = random.Random(seed)
    for table in round_.tables.all():
        with on_commit(execute=True):
            table_sheets_submit(table=table, seats=legal_seat_data(table, rng), by=organiser)
    return list(round_.tables.order_by("number").values_list("pk", flat=True))


def test_every_pick_is_read_with_its_hand_and_the_worth_from_the_training_tables_only(
    django_capture_on_commit_callbacks,
) -> None:
    tables = night(django_capture_on_commit_callbacks, seed=1) + night(django_capture_on_commit_callbacks, seed=2)
    pool = RatingPool.objects.get(game=GAME)
    sources = list(pool.events.filter(kind=RatingEvent.Kind.MATCH).order_by("order_at", "id")
                   .values_list("source", flat=True))  # fmt: skip
    assert sorted(sources) == sorted(f"table:{table}" for table in tables)
    drafts = pool_drafts(game=GAME, sources=sources, training=2)
    assert drafts is not None
    assert set(drafts.picks) == set(sources)
    seated = {placing["player"] for event in pool.events.all() for placing in event.placings}
    for picks in drafts.picks.values():
        assert len(picks) == 4 * 4 * 6  # four seats, four rounds, six choices (the seventh card is no choice)
        assert {pick.player for pick in picks} <= seated
        assert len({pick.player for pick in picks}) == 4
        assert all(1 < len(pick.hand) <= 7 and 0 <= pick.taken < len(pick.hand) for pick in picks)
    only_first_two = drafts.worth
    every_table = pool_drafts(game=GAME, sources=sources, training=4)
    assert every_table is not None
    assert only_first_two
    assert only_first_two != every_table.worth
    assert pool_drafts(game="boomerang-flip", sources=sources, training=2) is None  # no draft in that game


def test_a_real_pools_quality_report_carries_the_candidate_beside_trueskill(
    django_capture_on_commit_callbacks, monkeypatch
) -> None:
    for seed in range(3):
        night(django_capture_on_commit_callbacks, seed)
    monkeypatch.setattr(candidate, "MIN_DRAFTED", 5)  # a test's six tables stand for a pool's thousands
    report = pool_quality_refresh(pool=RatingPool.objects.get(game=GAME))
    found = report.figures["candidate"]
    assert (found["tables"], found["drafted"], found["held_out"]) == (6, 6, 2)
    assert set(found["models"]) == {"trueskill", "trueskill_scaled", "trueskill_choice"}
    assert all(model["tables"] == 2 for model in found["models"].values())
    served = Client().get(f"/api/ratings/pools/{GAME}/quality/").json()["candidate"]
    assert served["models"]["trueskill_choice"] == found["models"]["trueskill_choice"]
    french = Client().get(f"/leaderboards/{GAME}/quality/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Le draft en dit-il plus ?" in french
    assert "TrueSkill plus l&#x27;habileté au choix des cartes (le candidat)" in french
    monkeypatch.setattr(candidate, "MIN_DRAFTED", 50)
    assert pool_quality_refresh(pool=RatingPool.objects.get(game=GAME)).figures["candidate"] is None
