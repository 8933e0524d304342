"""The score sheets on a checked table's page, read from the engine's own verdicts for every game."""

import random

import pytest
from django.test import Client
from django.utils import translation
from hypothesis import given, settings
from hypothesis import strategies as st

import games
from games.simulate import legal_sheet
from tests.tournaments.helpers import running_round
from tournaments.results.pages.sheet_view import seat_sheets
from tournaments.results.services.sheets import table_sheets_submit
from tournaments.verdicts import TableVerdict


def engine_verdict(game: str, players: int, seed: int) -> dict:
    return games.verify_table(legal_sheet(game, players, random.Random(seed))).to_json()


@settings(max_examples=60, deadline=None)
@given(game=st.sampled_from(sorted(games.GAMES)), data=st.data(), seed=st.integers(0, 10_000))
def test_every_sheet_adds_up_to_the_seats_total(game: str, data: st.DataObject, seed: int) -> None:
    players = data.draw(st.sampled_from(games.GAMES[game].player_counts))
    verdict = engine_verdict(game, players, seed)
    sheets = seat_sheets(TableVerdict.read(verdict))
    assert sorted((s.player, s.total, s.rank) for s in sheets) == sorted(
        (s["player"], s["total"], s["rank"]) for s in verdict["seats"]
    )
    assert [s.rank for s in sheets] == sorted(s.rank for s in sheets)
    for sheet in sheets:
        assert sum(line.total for line in sheet.lines) == sheet.total
        assert all(len(line.values) == len(sheet.columns) for line in sheet.lines)
        if sheet.columns:
            assert sum(sheet.column_totals) == sheet.total


def test_a_drafting_sheet_has_a_column_per_round_and_a_line_per_category() -> None:
    with translation.override("fr"):
        sheet = seat_sheets(TableVerdict.read(engine_verdict("boomerang-usa", 4, 1)))[0]
    assert sheet.columns == ("M1", "M2", "M3", "M4")
    assert [line.label for line in sheet.lines][:2] == ["Lancer & Rattraper", "sites"]


def test_a_forfeited_seat_has_no_sheet() -> None:
    verdict = engine_verdict("boomerang-europe", 3, 2)
    verdict["seats"][1] = {"player": verdict["seats"][1]["player"], "total": 0, "rank": 3, "forfeited": True}
    assert [s.player for s in seat_sheets(TableVerdict.read(verdict))] == [
        s["player"] for s in verdict["seats"] if "rounds" in s
    ]


@pytest.mark.django_db
def test_a_verified_tables_page_shows_each_seats_sheet(django_capture_on_commit_callbacks) -> None:
    event, round_ = running_round("boomerang-australia", players=3)
    table = round_.tables.get()
    sheet = legal_sheet(event.game, 3, random.Random(5))
    seats = [dict(seat, player=s.player.handle) for seat, s in zip(sheet["seats"], table.seats.all(), strict=True)]
    with django_capture_on_commit_callbacks(execute=True):
        table_sheets_submit(table=table, seats=seats, by=event.organisers.get())
    table.result.refresh_from_db()
    assert table.result.status == "verified"
    page = Client().get(f"/tables/{table.pk}/").content.decode()
    assert page.count('<details class="sheet">') == 3
    for seat in table.result.verdict["seats"]:
        assert f"<strong>{seat['player']}</strong> · {seat['total']} pts" in page
        assert f'href="/players/{seat["player"]}/"' in page
    assert "Throw &amp; Catch" in page
