"""A federation's levy (issue 57, item 5): its staff set an amount a player with a minimum an event (each change
kept with who and why); the statement lists each sanctioned event of its games in the period with its players
and its levy, totals by club, in JSON, CSV and on a page; an unsanctioned event is not levied."""

import csv
import io
from datetime import UTC, datetime
from decimal import Decimal

import pytest
from django.test import Client
from rest_framework.test import APIClient

from tests.factories import EventFactory, OrganisationFactory, PlayerFactory
from tournaments.finance.models import LevyRule
from tournaments.models import RatingBody, Round, Seat, Staff, Table

pytestmark = pytest.mark.django_db
GAME = "boomerang-australia"


def played(club, players: int, sanction: str = "sanctioned", day: int = 5):
    event = EventFactory(game=GAME, organisation=club, status="finished", sanction=sanction,
                         starts_at=datetime(2026, 3, day, 19, tzinfo=UTC))  # fmt: skip
    round_ = Round.objects.create(event=event, number=1, status="finished")
    everyone = [PlayerFactory() for _ in range(players)]
    for number, start in enumerate(range(0, players, 4), start=1):
        table = Table.objects.create(round=round_, number=number)
        for position, player in enumerate(everyone[start : start + 4], start=1):
            Seat.objects.create(table=table, player=player, position=position)
    return event, everyone


def test_a_levy_statement_lists_a_sanctioned_events_players() -> None:
    federation = OrganisationFactory(kind="federation", slug="fed")
    RatingBody.objects.create(game=GAME, organisation=federation)
    treasurer = PlayerFactory().user
    Staff.objects.create(organisation=federation, user=treasurer, role="organiser")
    owls, larks = OrganisationFactory(slug="owls"), OrganisationFactory(slug="larks")
    big, big_players = played(owls, 28)
    small, _ = played(larks, 8, day=6)
    unsanctioned, _ = played(owls, 12, sanction="refused", day=7)
    api = APIClient()
    api.force_authenticate(treasurer)
    bad = api.post("/api/organisations/fed/levy-rule/", {"per_player": "1.001", "minimum": "20", "currency": "USD",
                                                          "reason": "WESPA's"}, format="json")  # fmt: skip
    assert (bad.status_code, bad.json()["field"]) == (400, "per_player")
    set_rule = api.post("/api/organisations/fed/levy-rule/",
                        {"per_player": "1.00", "minimum": "20.00", "currency": "usd", "reason": "as WESPA"},
                        format="json")  # fmt: skip
    assert set_rule.status_code == 200
    assert set_rule.json()["changed_by"] == treasurer.username
    answer = api.get("/api/organisations/fed/levy/?from=2026-03-01&to=2026-03-31").json()["results"]
    assert [line["event"] for line in answer] == [big.pk, small.pk]  # the refused event owes nothing
    first = answer[0]
    assert first["players"] == sorted((p.handle for p in big_players), key=str.casefold)
    assert (first["player_count"], Decimal(first["levy"]), first["currency"]) == (28, Decimal("28.00"), "USD")
    assert Decimal(answer[1]["levy"]) == Decimal("20.00")  # 8 players: the minimum
    sheet = list(csv.DictReader(io.StringIO(api.get("/api/organisations/fed/levy.csv?from=2026-03-01&to=2026-03-31")
                                             .content.decode())))  # fmt: skip
    assert [(row["club"], row["player_count"], row["levy"]) for row in sheet] == [("owls", "28", "28.00"),
                                                                                  ("larks", "8", "20.00")]  # fmt: skip
    assert LevyRule.history.count() == 1
    outsider = APIClient()
    outsider.force_authenticate(PlayerFactory().user)
    assert outsider.get("/api/organisations/fed/levy/?from=2026-03-01&to=2026-03-31").status_code == 403
    assert api.get("/api/organisations/fed/levy/?from=March&to=2026-03-31").json()["field"] == "from"
    page = Client()
    page.force_login(treasurer)
    shown = page.get("/clubs/fed/levy/?from=2026-03-01&to=2026-03-31").content.decode()
    assert big.name in shown
    assert "48.00 USD" in shown
    assert unsanctioned.name not in shown
    assert "1 event, 28 players, 28.00 USD" in shown
