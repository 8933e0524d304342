"""Hints for stewards from the rebuilt draft (issue 46, item 4): a table with a planted feeder shows, in the
stewards' queue, who fed whom with the picks as evidence; a player whose every pick was the best, unlike
their history, is shown too; an honest table shows neither."""

import random

import pytest
from django.test import Client

from games.simulate import with_claims
from tests.factories import EventFactory, PlayerFactory, UserFactory
from tests.games.test_feeding import planted
from tests.tournaments.helpers import legal_seat_data, register_and_check_in
from tournaments.analysis.selectors.draft_hints import event_draft_hints
from tournaments.models import Sanction, Table
from tournaments.results.services.sheets import table_sheets_submit
from tournaments.services.rounds import event_start, round_start

pytestmark = pytest.mark.django_db
GAME = "boomerang-australia"


def played_table(on_commit, *, feeder: bool, seed: int = 2):
    event = EventFactory(game=GAME, rounds_planned=1, sanction=Sanction.WAITING)
    register_and_check_in(event, [PlayerFactory() for _ in range(4)])
    organiser = event.organisers.get()
    round_ = event_start(event=event, by=organiser)
    round_start(round_=round_, by=organiser)
    table = round_.tables.get()
    sheet = {"game": GAME, "seats": legal_seat_data(table, random.Random(seed))}
    if feeder:
        sheet = with_claims(planted(sheet, feeder=0))
    with on_commit(execute=True):
        table_sheets_submit(table=Table.objects.get(pk=table.pk), seats=sheet["seats"], by=organiser)
    assert table.result.__class__.objects.get(table=table).status == "verified"
    return event, [seat["player"] for seat in sheet["seats"]]


def test_a_planted_feeder_is_a_hint_in_the_stewards_queue(django_capture_on_commit_callbacks) -> None:
    event, players = played_table(django_capture_on_commit_callbacks, feeder=True)
    feeding, _perfect = event_draft_hints(event=event)
    assert [(h.feeder, h.fed) for h in feeding] == [(players[0], players[1])]
    hint = feeding[0]
    assert hint.picks >= 3
    assert hint.points > 0
    assert len(hint.evidence) == hint.picks
    steward = Client()
    steward.force_login(UserFactory(is_superuser=True))
    queue = steward.get("/stewards/").content.decode()
    assert f"{players[0]} passed the card that would have scored most to {players[1]}" in queue
    assert "a hint, not a proof" in queue


def test_an_honest_table_gives_no_hint(django_capture_on_commit_callbacks) -> None:
    event, _players = played_table(django_capture_on_commit_callbacks, feeder=False)
    assert event_draft_hints(event=event) == ([], [])


def perfected(sheet: dict, seat: int) -> dict:
    """The same table, but `seat` takes at each pick the card that scores most (the others get what is left):
    every pick the best, as a sheet written after the game could be."""
    import copy

    from tests.games.test_feeding import figures

    sheet = copy.deepcopy(sheet)
    for _ in range(200):
        _players, _drafts, accuracy = figures(sheet)
        costly = [(r.round, c) for r in accuracy[seat] for c in r.picks if c.cost]
        if not costly:
            return sheet
        number, choice = costly[0]
        rows = [s["rounds"][number - 1]["cards"] for s in sheet["seats"]]
        holder = next((s, j) for s, row in enumerate(rows) for j, card in enumerate(row) if card == choice.best_card)
        k = choice.pick - 1
        rows[seat][k], rows[holder[0]][holder[1]] = choice.best_card, rows[seat][k]
    raise AssertionError("the picks did not settle")


def test_every_pick_the_best_unlike_the_players_history_is_a_hint(django_capture_on_commit_callbacks) -> None:
    before, players = played_table(django_capture_on_commit_callbacks, feeder=False, seed=5)  # their history
    steady = before.registrations.get(player__handle=players[0]).player
    event = EventFactory(game=GAME, rounds_planned=1, sanction=Sanction.WAITING)
    register_and_check_in(event, [steady, *[PlayerFactory() for _ in range(3)]])
    organiser = event.organisers.get()
    round_ = event_start(event=event, by=organiser)
    round_start(round_=round_, by=organiser)
    table = round_.tables.get()
    sheet = {"game": GAME, "seats": legal_seat_data(table, random.Random(9))}
    seat = next(i for i, s in enumerate(sheet["seats"]) if s["player"] == steady.handle)
    sheet = with_claims(perfected(sheet, seat))
    with django_capture_on_commit_callbacks(execute=True):
        table_sheets_submit(table=Table.objects.get(pk=table.pk), seats=sheet["seats"], by=organiser)
    _feeding, perfect = event_draft_hints(event=event)
    assert [(h.player, h.perfect_rounds) for h in perfect] == [(steady.handle, 4)]
    assert perfect[0].history is not None
    assert perfect[0].history < 0.8
