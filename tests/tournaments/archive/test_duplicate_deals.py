"""Duplicate deals (issue 31, item 4): an event option for the drafting games; every table of a size in a round
is dealt the same hands from the event's secret seed, printed on its slip; sheets that fit the deal are
verified, rows from any other deal are refused (deal_mismatch naming the player, round and card); the
`duplicate` tie-break compares the players dealt the same hands; archives carry the deal."""

import random
from fractions import Fraction

import pytest
from django.test import Client
from rest_framework.test import APIClient

from games.simulate import drafting_sheet
from tests.factories import EventFactory, PlayerFactory, UserFactory
from tests.tournaments.helpers import legal_seat_data, register_and_check_in
from tournaments.archive.services import event_export, event_import
from tournaments.catalogue.selectors import edition_rules_data, table_deal
from tournaments.demo.services import demo_event_run
from tournaments.models import Event, TableResult
from tournaments.results.services.sheets import table_sheets_submit
from tournaments.services.rounds import event_start, round_start
from tournaments.standings import SeatOutcome, TableOutcome, duplicate_scores

pytestmark = pytest.mark.django_db
GAME = "boomerang-australia"


def seated(players: int = 8, **options) -> tuple[Event, object]:
    event = EventFactory(game=GAME, rounds_planned=2, duplicate_deals=True, **options)
    organiser = event.organisers.get()
    register_and_check_in(event, [PlayerFactory() for _ in range(players)])
    round_ = event_start(event=event, by=organiser)
    round_start(round_=round_, by=organiser)
    return event, round_


def deal_of(table) -> object:
    deck = edition_rules_data(game=GAME, edition=None)
    event = table.round.event
    return table_deal(event=event, round_number=table.round.number, players=table.seats.count(), deck=deck)


def test_the_api_takes_the_option_for_drafting_games_only() -> None:
    user = UserFactory()
    client = APIClient()
    client.force_authenticate(user)
    made = client.post(
        "/api/events/", {"name": "Duplicate night", "game": GAME, "duplicate_deals": True}, format="json"
    )
    assert made.status_code == 201, made.content
    assert made.json()["duplicate_deals"] is True
    assert "deal_seed" not in made.json()  # the secret stays on the server
    hunt = client.post(
        "/api/events/", {"name": "Hunt", "game": "boomerang-hunt", "duplicate_deals": True}, format="json"
    )
    assert hunt.status_code == 400
    assert hunt.json()["field"] == "duplicate_deals"
    no_deal = client.post("/api/events/", {"name": "x", "game": GAME, "tie_breaks": ["duplicate"]}, format="json")
    assert no_deal.status_code == 400
    assert no_deal.json()["field"] == "tie_breaks"


def test_every_table_of_a_size_gets_the_same_deal_and_another_event_another() -> None:
    _event, round_ = seated(8)
    first, second = (deal_of(table) for table in round_.tables.order_by("number"))
    assert first == second
    _other, other_round = seated(8)
    assert deal_of(other_round.tables.first()).hands != first.hands


def test_sheets_from_the_deal_are_verified_and_rows_from_another_deal_are_refused(
    django_capture_on_commit_callbacks,
) -> None:
    event, round_ = seated(8)
    organiser = event.organisers.get()
    good, bad = round_.tables.order_by("number")
    with django_capture_on_commit_callbacks(execute=True):
        table_sheets_submit(table=good, seats=legal_seat_data(good, random.Random(1)), by=organiser)
    assert TableResult.objects.get(table=good).status == "verified"
    deck = edition_rules_data(game=GAME, edition=None)
    handles = [seat.player.handle for seat in bad.seats.order_by("position")]
    # an honest-looking sheet, correctly added up, drafted from a shuffle of its own: not the printed deal
    sheet = drafting_sheet(GAME, deck, 4, random.Random(2))
    seats = [{**seat, "player": handle} for seat, handle in zip(sheet["seats"], handles, strict=True)]
    with django_capture_on_commit_callbacks(execute=True):
        table_sheets_submit(table=bad, seats=seats, by=organiser)
    result = TableResult.objects.get(table=bad)
    assert result.status == "rejected"
    mismatches = [p for p in result.verdict["problems"] if p["code"] == "deal_mismatch"]
    assert mismatches
    assert mismatches[0]["round"] == 1
    assert mismatches[0]["player"] in handles
    assert "printed deal did not give seat" in mismatches[0]["message"]


def test_the_slips_print_each_seats_hands(client: Client) -> None:
    event, round_ = seated(8)
    client.force_login(event.organisers.get())
    page = client.get(f"/events/{event.pk}/rounds/{round_.number}/slips/").content.decode()
    table = round_.tables.order_by("number").first()
    deal = deal_of(table)
    for position, seat in enumerate(table.seats.order_by("position")):
        assert seat.player.handle in page
        for hands in deal.hands:
            assert f'<td class="cards-dealt">{"".join(sorted(hands[position]))}</td>' in page
    assert "Duplicate deal" in page


def test_the_slips_of_an_event_without_duplicate_deals_print_no_deal(client: Client) -> None:
    event = EventFactory(game=GAME, rounds_planned=1)
    register_and_check_in(event, [PlayerFactory() for _ in range(4)])
    round_ = event_start(event=event, by=event.organisers.get())
    client.force_login(event.organisers.get())
    assert "Duplicate deal" not in client.get(f"/events/{event.pk}/rounds/{round_.number}/slips/").content.decode()


def test_duplicate_matchpoints_compare_only_the_same_seat_of_the_same_deal() -> None:
    a = TableOutcome((SeatOutcome("ann", 1, 50), SeatOutcome("bob", 2, 40)), deal=(1, 2))
    b = TableOutcome((SeatOutcome("cid", 1, 45), SeatOutcome("dan", 2, 40)), deal=(1, 2))
    c = TableOutcome((SeatOutcome("eve", 1, 30), SeatOutcome("fay", 2, 20)), deal=(1, 2))
    other_round = TableOutcome((SeatOutcome("gus", 1, 99), SeatOutcome("hal", 2, 1)), deal=(2, 2))
    scores = duplicate_scores([a, b, c, other_round])
    assert scores["ann"] == 1  # beat cid (45) and eve (30), who held her hands
    assert scores["cid"] == Fraction(1, 2)
    assert scores["eve"] == 0
    assert scores["bob"] == Fraction(3, 4)  # tied dan (40), beat fay (20): (1/2 + 1) / 2
    assert scores["dan"] == Fraction(3, 4)
    assert "gus" not in scores  # alone with his deal: nobody to compare with
    assert duplicate_scores([TableOutcome(a.seats), TableOutcome(b.seats)]) == {}  # no deal, no comparison


def test_the_duplicate_tie_break_is_in_the_standings(django_capture_on_commit_callbacks) -> None:
    event, round_ = seated(8, tie_breaks=["duplicate", "game_score"])
    organiser = event.organisers.get()
    rng = random.Random(5)
    for table in round_.tables.all():
        with django_capture_on_commit_callbacks(execute=True):
            table_sheets_submit(table=table, seats=legal_seat_data(table, rng), by=organiser)
    rows = Client().get(f"/api/events/{event.pk}/standings/").json()["results"]
    assert len(rows) == 8
    by_seat = sorted(rows, key=lambda row: row["player"])
    assert all(0 <= row["duplicate"] <= 1 for row in by_seat)
    assert sum(row["duplicate"] for row in rows) == pytest.approx(4.0)  # each pair of the same seat shares 1
    page = Client().get(f"/events/{event.pk}/standings/").content.decode()
    assert "Duplicate" in page


@pytest.mark.django_db(transaction=True)
def test_an_archive_of_a_duplicate_deal_event_imports_with_its_deal() -> None:
    event = demo_event_run(game=GAME, players=4, seed=8, rounds=1, mistake_rate=0, duplicate_deals=True).event
    assert TableResult.objects.filter(table__round__event=event, status="verified").count() == 1
    archive = event_export(event=event)
    assert archive["event"]["duplicate_deals"] is True
    assert archive["event"]["deal_seed"] == event.deal_seed
    event.delete()
    imported = event_import(archive=archive, by=UserFactory(is_superuser=True))
    assert imported.deal_seed == archive["event"]["deal_seed"]
    archive["event"]["deal_seed"] += 1  # another seed: the archived rows no longer fit its deal
    with pytest.raises(Exception, match="deal_mismatch"):
        event_import(archive=archive, by=UserFactory(is_superuser=True))


def test_a_duplicate_ranking_stands_beside_the_standings(client: Client, django_capture_on_commit_callbacks) -> None:
    """Issue 58, item 2: the players who held the same seat of the same deal compared directly."""
    from tournaments.selectors.events import event_standings
    from tournaments.standings import duplicate_ranking

    event, round_ = seated(8)
    organiser = event.organisers.get()
    for table in round_.tables.order_by("number"):
        with django_capture_on_commit_callbacks(execute=True):
            table_sheets_submit(table=table, seats=legal_seat_data(table, random.Random(table.number)), by=organiser)
    ranking = duplicate_ranking(event_standings(event=event))
    assert [row.duplicate for _rank, row in ranking] == sorted((row.duplicate for _r, row in ranking), reverse=True)
    assert ranking[0][0] == 1
    assert any(row.duplicate for _rank, row in ranking)  # the two tables played the same hands: compared
    page = client.get(f"/events/{event.pk}/standings/").content.decode()
    assert "Duplicate ranking" in page
    assert ranking[0][1].handle in page.split("Duplicate ranking", 1)[1]


def test_an_organiser_may_rank_the_event_by_duplicate_matchpoints(
    client: Client, django_capture_on_commit_callbacks
) -> None:
    """Issue 69, item 3: a duplicate ranking offered as an event's standing (duplicate deals only): matchpoints
    first, then the points; the places, and what follows them, come from it."""
    from tournaments.selectors.events import event_standings

    api = APIClient()
    api.force_authenticate(UserFactory())
    refused = api.post("/api/events/", {"name": "x", "game": GAME, "ranked_by": "duplicate"}, format="json")
    assert (refused.status_code, refused.json()["code"], refused.json()["field"]) == (
        400,
        "invalid_ranking",
        "ranked_by",
    )
    event, round_ = seated(8, ranked_by="duplicate")
    organiser = event.organisers.get()
    for table in round_.tables.order_by("number"):
        with django_capture_on_commit_callbacks(execute=True):
            table_sheets_submit(table=table, seats=legal_seat_data(table, random.Random(table.number)), by=organiser)
    rows = event_standings(event=event)
    keys = [(row.duplicate, row.points) for row in rows]
    assert keys == sorted(keys, reverse=True)  # matchpoints first, then the points
    assert [row.rank for row in rows] == sorted(row.rank for row in rows)
    by_points = event_standings(event=type(event).objects.filter(pk=event.pk).update(ranked_by="points") and
                                type(event).objects.get(pk=event.pk))  # fmt: skip
    assert [(row.points) for row in by_points] == sorted((row.points for row in by_points), reverse=True)
    shown = api.get(f"/api/events/{event.pk}/").json()
    assert shown["ranked_by"] == "points"
    made = APIClient()
    made.force_authenticate(organiser)
    fresh = made.post("/api/events/", {"name": "Dup night", "game": GAME, "duplicate_deals": True,
                                       "ranked_by": "duplicate"}, format="json")  # fmt: skip
    assert (fresh.status_code, fresh.json()["ranked_by"]) == (201, "duplicate")
