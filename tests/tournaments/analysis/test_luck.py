"""The luck ledger (issue 69, item 3): each player's points over an event's or a season's analysed tables split
into what the deals gave (par) and what their play added (made minus par), on the standings page and in the
API; the figures are the stored analysis summed, the best play first."""

import random
from datetime import date

import pytest
from django.test import Client

from tests.factories import PlayerFactory, UserFactory
from tests.tournaments.helpers import play_round, register_and_check_in
from tournaments.analysis.models import SeatPickAccuracy
from tournaments.analysis.services.pick_accuracy import tables_pick_accuracy_refresh
from tournaments.models import Table
from tournaments.results.services.closing import event_close
from tournaments.seasons.services import season_create, season_event_add
from tournaments.services.clubs import organisation_create
from tournaments.services.events import event_create, event_open_registration
from tournaments.services.rounds import event_start, round_seat_next
from tournaments.stewarding.services import event_sanction

pytestmark = pytest.mark.django_db
GAME = "boomerang-australia"


def _two_round_night(on_commit):
    owner = PlayerFactory()
    club = organisation_create(by=owner.user, slug="owls", name="Owls")
    event = event_create(organiser=owner.user, name="Luck night", game=GAME, organisation=club, rounds_planned=2)
    event_sanction(event=event, by=UserFactory(is_superuser=True), reason="fine")
    event_open_registration(event=event, by=owner.user)
    register_and_check_in(event, [PlayerFactory() for _ in range(8)])
    play_round(event_start(event=event, by=owner.user), owner.user, random.Random(1), on_commit)
    play_round(round_seat_next(event=event, by=owner.user), owner.user, random.Random(2), on_commit)
    event_close(event=event, by=owner.user)
    tables_pick_accuracy_refresh(table_ids=list(Table.objects.filter(round__event=event).values_list("pk", flat=True)))
    return owner, club, event


def test_an_events_ledger_sums_each_players_par_and_play_over_its_tables(django_capture_on_commit_callbacks) -> None:
    _owner, _club, event = _two_round_night(django_capture_on_commit_callbacks)
    ledger = Client().get(f"/api/events/{event.pk}/luck/").json()
    assert "reference drafter" in ledger["method"]
    lines = ledger["players"]
    assert len(lines) == 8
    for line in lines:
        rows = SeatPickAccuracy.objects.filter(player__handle=line["player"], table__round__event=event)
        assert line["tables"] == rows.count() == 2
        assert line["made"] == sum(row.made for row in rows)
        assert line["par"] == sum(row.par for row in rows)
        assert line["play"] == line["made"] - line["par"]
    assert [line["play"] for line in lines] == sorted((line["play"] for line in lines), reverse=True)
    page = Client().get(f"/events/{event.pk}/standings/").content.decode()
    assert "Luck ledger" in page
    assert all(line["player"] in page for line in lines)
    assert (
        "Registre de la chance"
        in Client().get(f"/events/{event.pk}/standings/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    )


def test_a_seasons_ledger_is_its_counting_events_ledgers_summed(django_capture_on_commit_callbacks) -> None:
    owner, club, event = _two_round_night(django_capture_on_commit_callbacks)
    season = season_create(
        by=owner.user, organisation=club, name="S", game=GAME, starts_on=date(2020, 1, 1), ends_on=date(2030, 1, 1)
    )
    assert Client().get(f"/api/seasons/{season.pk}/luck/").json()["players"] == []
    season_event_add(season=season, by=owner.user, event=event)
    season_lines = Client().get(f"/api/seasons/{season.pk}/luck/").json()["players"]
    assert season_lines == Client().get(f"/api/events/{event.pk}/luck/").json()["players"]


def test_a_game_without_a_draft_has_an_empty_ledger_and_no_section() -> None:
    from tests.factories import EventFactory

    event = EventFactory(game="boomerang-hunt")
    assert Client().get(f"/api/events/{event.pk}/luck/").json()["players"] == []
    assert "Luck ledger" not in Client().get(f"/events/{event.pk}/standings/").content.decode()
