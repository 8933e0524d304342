"""Pick accuracy stored by Celery after each verdict (issue 31, item 3): each seat of a verified drafting table
gets the engine's figures; a re-opened table's stop showing; the table page, the player's page and the API
show them, in English and French; the refresh command stores the tables verified before."""

import io
import random

import pytest
from django.core.management import call_command
from django.test import Client
from django.utils.html import escape

import games
from games.drafting_sheet import parse_seat
from games.pick_accuracy import table_accuracy
from games.rebuild import rebuild
from tests.factories import EventFactory, PlayerFactory
from tests.tournaments.helpers import legal_seat_data, register_and_check_in
from tournaments.analysis.models import SeatPickAccuracy
from tournaments.analysis.selectors.statistics import table_pick_accuracy
from tournaments.analysis.services.pick_accuracy import tables_pick_accuracy_refresh
from tournaments.models import ScoreSheet
from tournaments.results.services.sheets import table_sheets_submit
from tournaments.results.services.verification import table_reopen, table_sweep
from tournaments.services.rounds import event_start, round_start

pytestmark = pytest.mark.django_db
GAME = "boomerang-europe"


def played(on_commit, players: int = 4, seed: int = 3):
    event = EventFactory(game=GAME, rounds_planned=1)
    organiser = event.organisers.get()
    register_and_check_in(event, [PlayerFactory() for _ in range(players)])
    round_ = event_start(event=event, by=organiser)
    round_start(round_=round_, by=organiser)
    rng = random.Random(seed)
    for table in round_.tables.all():
        with on_commit(execute=True):
            table_sheets_submit(table=table, seats=legal_seat_data(table, rng), by=organiser)
    return event, round_.tables.order_by("number").first()


def engine_figures(table) -> dict[str, tuple[int, int, int]]:
    """What the engine gives for the table's stored sheets, seat by seat."""
    rules = games.GAMES[GAME].drafting
    data = [sheet.data for sheet in ScoreSheet.objects.filter(seat__table=table).order_by("seat__position", "-version")]
    seats = [parse_seat(rules, raw, "") for raw in data]
    rows = [[list(seat.rounds[r].cards) for seat in seats] for r in range(4)]
    accuracy = table_accuracy(rules, games.GAMES[GAME].default_edition(), seats, rebuild(rows, "left"))
    return {
        seat.player: (sum(len(r.picks) for r in rounds), sum(r.best_picks for r in rounds),
                      sum(r.points_lost for r in rounds))
        for seat, rounds in zip(seats, accuracy, strict=True)
    }  # fmt: skip


def test_each_seat_of_a_verified_table_gets_the_engines_figures(django_capture_on_commit_callbacks) -> None:
    _event, table = played(django_capture_on_commit_callbacks)
    stored = {
        row.player.handle: (row.choices, row.best_picks, row.points_lost)
        for row in SeatPickAccuracy.objects.filter(table=table).select_related("player")
    }
    assert stored == engine_figures(table)
    assert all(choices == 24 for choices, _best, _lost in stored.values())  # 6 choices a round, 4 rounds


def test_running_the_refresh_twice_keeps_one_row_a_seat(django_capture_on_commit_callbacks) -> None:
    _event, table = played(django_capture_on_commit_callbacks)
    before = list(SeatPickAccuracy.objects.filter(table=table).values_list("player_id", "rounds"))
    tables_pick_accuracy_refresh(table_ids=[table.pk])
    tables_pick_accuracy_refresh(table_ids=[table.pk])
    assert sorted(SeatPickAccuracy.objects.filter(table=table).values_list("player_id", "rounds")) == sorted(before)


def test_a_reopened_table_loses_its_figures_until_it_counts_again(django_capture_on_commit_callbacks) -> None:
    event, table = played(django_capture_on_commit_callbacks)
    with django_capture_on_commit_callbacks(execute=True):
        table_reopen(table=table, reason="a wrong row", by=event.organisers.get())
    assert not SeatPickAccuracy.objects.filter(table=table).exists()
    assert table_pick_accuracy(table=table) == []
    with django_capture_on_commit_callbacks(execute=True):
        table_sheets_submit(table=table, seats=legal_seat_data(table, random.Random(9)), by=event.organisers.get())
    assert SeatPickAccuracy.objects.filter(table=table).count() == 4


def test_the_table_page_says_round_by_round_how_many_picks_were_the_best(
    client: Client, django_capture_on_commit_callbacks
) -> None:
    _event, table = played(django_capture_on_commit_callbacks)
    page = client.get(f"/tables/{table.pk}/").content.decode()
    assert "Pick accuracy" in page
    seats = table_pick_accuracy(table=table)
    first = seats[0].rounds[0]
    verb = "was" if first.best_picks == 1 else "were"
    assert f"Round 1: {first.best_picks} of 6 picks {verb} the best available" in page
    costly = next(line for seat in seats for line in seat.rounds if line.costliest_card)
    assert escape(f"taking {costly.costliest_card} cost {costly.costliest_cost} point") in page
    french = client.get(f"/tables/{table.pk}/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Justesse des choix" in french
    assert "Manche 1 :" in french


def test_the_players_page_and_the_api_give_their_accuracy(client: Client, django_capture_on_commit_callbacks) -> None:
    _event, table = played(django_capture_on_commit_callbacks)
    row = SeatPickAccuracy.objects.filter(table=table).select_related("player").first()
    handle = row.player.handle
    page = client.get(f"/players/{handle}/").content.decode()
    assert f"of {row.choices} picks were the best available" in page
    answer = client.get(f"/api/players/{handle}/pick-accuracy/").json()["results"]
    assert [(line["table"], line["choices"], line["best_picks"], line["points_lost"]) for line in answer] == [
        (table.number, row.choices, row.best_picks, row.points_lost)
    ]
    assert len(answer[0]["rounds"]) == 4
    sheet = client.get(f"/api/players/{handle}/pick-accuracy/?format=csv").content.decode()
    assert sheet.splitlines()[0].startswith("event,event_name,game,round,table,choices,best_picks,points_lost")
    assert client.get("/api/players/nobody-at-all/pick-accuracy/").status_code == 404
    refused = client.get(f"/api/players/{handle}/pick-accuracy/?game=boomerang-hunt")
    assert refused.status_code == 400
    assert refused.json()["field"] == "game"
    assert client.get(f"/api/players/{handle}/pick-accuracy/?game={GAME}").json()["results"][0]["table"] == table.number


def test_the_refresh_command_stores_tables_verified_before(django_capture_on_commit_callbacks) -> None:
    _event, table = played(django_capture_on_commit_callbacks)
    SeatPickAccuracy.objects.all().delete()
    out = io.StringIO()
    call_command("pick_accuracy_refresh", GAME, stdout=out)
    assert "1 tables, 4 seats stored" in out.getvalue()
    assert SeatPickAccuracy.objects.filter(table=table).count() == 4


def test_the_sweep_sends_again_the_pick_accuracy_a_lost_task_never_stored(
    django_capture_on_commit_callbacks,
) -> None:
    from datetime import timedelta

    from django.utils import timezone

    from tournaments.models import TableResult

    _event, table = played(django_capture_on_commit_callbacks)
    SeatPickAccuracy.objects.filter(table=table).delete()  # the broker lost the task
    TableResult.objects.filter(table=table).update(verified_at=timezone.now() - timedelta(minutes=10))
    table_sweep(older_than=timedelta(minutes=5))
    assert SeatPickAccuracy.objects.filter(table=table).count() == 4
    SeatPickAccuracy.objects.filter(table=table).delete()
    TableResult.objects.filter(table=table).update(verified_at=timezone.now() - timedelta(days=3))
    table_sweep(older_than=timedelta(minutes=5))  # past the window: left to the refresh command
    assert not SeatPickAccuracy.objects.filter(table=table).exists()
