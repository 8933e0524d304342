"""Card statistics kept up to date table by table (issue 31, item 2): after verdicts, a correction and a
sanction revoked and given back, they equal computing them from scratch; the page and the API show them."""

import io
import random

import pytest
from django.core.management import call_command
from django.test import Client
from django.utils.html import escape

from tests.factories import EventFactory, PlayerFactory, UserFactory
from tests.tournaments.helpers import legal_seat_data, register_and_check_in
from tournaments.analysis.models import CardStat, TableCardTally
from tournaments.analysis.selectors.statistics import card_statistics_tables
from tournaments.analysis.services.card_stats import card_stats_rebuild
from tournaments.catalogue.selectors import edition_rules_data
from tournaments.models import TableResult
from tournaments.results.services.closing import event_close
from tournaments.results.services.sheets import table_sheets_submit
from tournaments.results.services.verification import table_reopen
from tournaments.services.rounds import event_start, round_start
from tournaments.stewarding.services import event_sanction, event_unsanction

pytestmark = pytest.mark.django_db
GAME = "boomerang-australia"


def stats() -> dict[tuple[int, str], list]:
    return {(row.players, card): line for row in CardStat.objects.filter(game=GAME) for card, line in row.lines.items()}


def played(rng: random.Random, on_commit, players: int = 8):
    event = EventFactory(game=GAME, rounds_planned=1)
    organiser = event.organisers.get()
    register_and_check_in(event, [PlayerFactory() for _ in range(players)])
    round_ = event_start(event=event, by=organiser)
    round_start(round_=round_, by=organiser)
    for table in round_.tables.all():
        with on_commit(execute=True):
            table_sheets_submit(table=table, seats=legal_seat_data(table, rng), by=organiser)
    return event, round_


def test_statistics_follow_verdicts_corrections_and_sanctions(django_capture_on_commit_callbacks) -> None:
    rng = random.Random(11)
    event, round_ = played(rng, django_capture_on_commit_callbacks, players=7)  # tables of 4 and 3
    assert TableCardTally.objects.count() == 2
    live = stats()
    assert live[4, ""][4] == 4
    assert live[3, ""][4] == 3
    call_command("card_stats_rebuild", GAME, stdout=io.StringIO())
    assert stats() == live
    # a correction: the table is re-opened and entered again with other rows
    table = round_.tables.order_by("number").first()
    organiser = event.organisers.get()
    with django_capture_on_commit_callbacks(execute=True):
        table_reopen(table=table, reason="wrong rows", by=organiser)
    assert TableCardTally.objects.count() == 1
    with django_capture_on_commit_callbacks(execute=True):
        table_sheets_submit(table=table, seats=legal_seat_data(table, rng), by=organiser)
    assert TableResult.objects.get(table=table).status == "verified"
    corrected = stats()
    assert corrected != live
    card_stats_rebuild(game=GAME)
    assert stats() == corrected
    # the sanction revoked: nothing counts; given back: the same as before
    steward = UserFactory(is_superuser=True)
    event_close(event=event, by=organiser)
    event_unsanction(event=event, by=steward, reason="a test")
    assert stats() == {}
    event_sanction(event=event, by=steward, reason="a test")
    assert stats() == corrected


def test_the_api_gives_every_card_by_its_name_with_csv_and_filters(django_capture_on_commit_callbacks) -> None:
    played(random.Random(3), django_capture_on_commit_callbacks)
    rows = Client().get(f"/api/games/{GAME}/cards/").json()["results"]
    deck = edition_rules_data(game=GAME, edition=None)
    assert sorted(row["card"] for row in rows) == sorted(card.id for card in deck.cards)
    assert {row["name"] for row in rows} == {card.name for card in deck.cards}
    assert sum(row["taken"] for row in rows) == 2 * 4 * 4 * 7  # two tables of four, four rounds, seven picks
    picks = [row["mean_pick"] for row in rows if row["mean_pick"] is not None]
    assert picks == sorted(picks)  # the default order: the earliest picks first
    sheet = Client().get(f"/api/games/{GAME}/cards/?format=csv&players=4").content.decode()
    assert sheet.splitlines()[0].startswith("card,name,taken,offered,take_rate,mean_pick")
    assert Client().get(f"/api/games/{GAME}/cards/?players=3").json()["results"][0]["taken"] == 0
    assert Client().get(f"/api/games/{GAME}/cards/?players=5").json()["field"] == "players"
    assert Client().get(f"/api/games/{GAME}/cards/?sort=nonsense").json()["field"] == "sort"
    assert Client().get("/api/games/boomerang-hunt/cards/").json()["code"] == "not_drafted"
    assert Client().get("/api/games/nope/cards/").status_code == 404


def test_the_cards_page_in_french_sorts_and_charts(django_capture_on_commit_callbacks) -> None:
    played(random.Random(4), django_capture_on_commit_callbacks)
    page = Client(headers={"accept-language": "fr"}).get(f"/games/{GAME}/cards/?sort=uplift").content.decode()
    assert "Cartes de" in page
    assert "<svg" in page
    deck = edition_rules_data(game=GAME, edition=None)
    assert all(escape(card.name) in page for card in deck.cards)
    assert Client().get("/games/boomerang-flip/cards/").status_code == 404


def test_a_rebuild_tallied_by_worker_processes_equals_the_one_kept_up_to_date(
    django_capture_on_commit_callbacks, monkeypatch
) -> None:
    from tournaments.analysis.services import card_stats

    monkeypatch.setattr(card_stats, "CHUNK", 1)  # one table a chunk: several chunks in flight at once
    played(random.Random(21), django_capture_on_commit_callbacks, players=11)  # tables of 4, 4 and 3
    live = stats()
    tallies = dict(TableCardTally.objects.values_list("table_id", "tally"))
    assert card_stats_rebuild(game=GAME, processes=2) == 3
    assert stats() == live
    assert dict(TableCardTally.objects.values_list("table_id", "tally")) == tallies


def test_the_page_counts_the_tables_from_the_kept_lines(django_capture_on_commit_callbacks) -> None:
    played(random.Random(8), django_capture_on_commit_callbacks, players=7)  # a table of 4 and one of 3
    assert card_statistics_tables(game=GAME) == TableCardTally.objects.filter(game=GAME).count() == 2
    assert "From 2 verified tables" in Client().get(f"/games/{GAME}/cards/").content.decode()


@pytest.mark.django_db(transaction=True)
def test_the_rules_lab_command_counts_what_another_reading_would_change_over_the_games_tables() -> None:
    """Issue 58, item 5: the shipped reading stays; the lab counts tables, winners and places another changes."""
    import io

    from django.core.management import call_command

    from games.readings import READINGS, reading_compare
    from tournaments.analysis.selectors.readings import game_reading_report
    from tournaments.demo.services import demo_event_run
    from tournaments.models import ScoreSheet

    event = demo_event_run(game="boomerang-australia", players=8, seed=11, rounds=3, mistake_rate=0).event
    reading = READINGS["two-activity-icons-score-one"]
    report = game_reading_report(reading=reading)
    assert report.tables == event.rounds.count() * 2  # two tables of four a round
    sheets = {}
    for sheet in ScoreSheet.objects.filter(status="verified").select_related("seat").order_by("seat__position"):
        sheets.setdefault(sheet.seat.table_id, []).append(sheet)
    import games

    deck = games.GAMES["boomerang-australia"].default_edition()
    by_hand = reading_compare(reading, deck, ({"game": "boomerang-australia", "seats": [s.data for s in seats]}
                                               for seats in sheets.values()))  # fmt: skip
    assert (by_hand.winners_changed, by_hand.places_changed) == (report.winners_changed, report.places_changed)
    out = io.StringIO()
    call_command("rules_lab", "two-activity-icons-score-one", stdout=out)
    assert f"{report.tables} counting tables; winners changed at {report.winners_changed}" in out.getvalue()
