"""A whole event through the services: seat, play, verify, correct, override, standings."""

import random

import pytest

from config.errors import Conflict, DomainError, NotAllowed
from games import GAMES
from tests.factories import EventFactory, PlayerFactory
from tests.tournaments.helpers import legal_seat_data, play_round, register_and_check_in
from tournaments.models import Event, Round, ScoreSheet, TableResult
from tournaments.results.services.closing import event_close
from tournaments.results.services.forfeits import registration_drop
from tournaments.results.services.sheets import sheet_submit
from tournaments.results.services.verification import table_override
from tournaments.selectors.events import event_standings
from tournaments.services.rounds import event_start, round_seat_next, round_start, seat_swap

pytestmark = [pytest.mark.django_db, pytest.mark.embedded]


def started_event(game: str, players: int, rounds: int = 2) -> tuple[Event, Round]:
    event = EventFactory(game=game, rounds_planned=rounds)
    register_and_check_in(event, [PlayerFactory() for _ in range(players)])
    return event, event_start(event=event, by=event.organisers.get())


@pytest.mark.parametrize(
    ("game", "players"), [(g, {"boomerang-flip": 4, "boomerang-hunt": 9}.get(g, 7)) for g in GAMES]
)
def test_a_whole_event_runs_for_every_game(game: str, players: int, django_capture_on_commit_callbacks) -> None:
    event, round_ = started_event(game, players)
    organiser, rng = event.organisers.get(), random.Random(3)
    play_round(round_, organiser, rng, django_capture_on_commit_callbacks)
    round_.refresh_from_db()
    assert round_.status == "finished"
    second = round_seat_next(event=event, by=organiser)
    assert sorted(s.player.handle for t in second.tables.all() for s in t.seats.all()) == sorted(
        r.player.handle for r in event.registrations.all()
    )
    play_round(second, organiser, rng, django_capture_on_commit_callbacks)
    event.refresh_from_db()
    assert event.status == "running"  # the last table is in: the organiser closes the event
    event = event_close(event=event, by=organiser)
    assert event.status == "finished"
    standings = event_standings(event=event)
    assert len(standings) == players
    assert standings[0].rank == 1
    assert all(row.tables == 2 for row in standings)
    assert sorted((row.points for row in standings), reverse=True) == [row.points for row in standings]


def test_round_one_seating_is_reproducible_from_the_stored_seed() -> None:
    from tournaments.seating import first_round

    event, round_ = started_event("boomerang-australia", 8)
    seated = tuple(
        tuple(s.player.handle for s in t.seats.order_by("position")) for t in round_.tables.order_by("number")
    )
    handles = sorted(r.player.handle for r in event.registrations.all())
    assert seated == first_round(handles, (4, 3, 2), event.seed).tables
    assert seated != first_round(handles, (4, 3, 2), event.seed + 1).tables


def test_a_mistaken_sheet_rejects_the_table_until_it_is_corrected(django_capture_on_commit_callbacks) -> None:
    event, round_ = started_event("boomerang-australia", 4)
    round_start(round_=round_, by=event.organisers.get())
    table = round_.tables.get()
    seats, data = list(table.seats.order_by("position")), legal_seat_data(table, random.Random(9))
    data[1]["rounds"][2]["claimed"]["animals"] += 3
    for seat, seat_data in zip(seats, data, strict=True):
        with django_capture_on_commit_callbacks(execute=True):
            sheet_submit(seat_id=seat.pk, data=seat_data, by=seat.player.user)
    result = TableResult.objects.get(table=table)
    assert result.status == "rejected"
    wrong = ScoreSheet.objects.get(seat=seats[1], version=1)
    assert (wrong.status, [p["code"] for p in wrong.problems]) == ("rejected", ["score_mismatch"])
    assert ScoreSheet.objects.get(seat=seats[0]).status == "verified"
    data[1]["rounds"][2]["claimed"]["animals"] -= 3
    with django_capture_on_commit_callbacks(execute=True):
        sheet_submit(seat_id=seats[1].pk, data=data[1], by=seats[1].player.user)
    result.refresh_from_db()
    assert result.status == "verified"
    assert list(seats[1].sheets.values_list("version", "status")) == [(2, "verified"), (1, "superseded")]


def test_the_organiser_can_accept_a_rejected_table_with_a_reason(django_capture_on_commit_callbacks) -> None:
    event, round_ = started_event("boomerang-australia", 4, rounds=1)
    organiser = event.organisers.get()
    round_start(round_=round_, by=organiser)
    table = round_.tables.get()
    data = legal_seat_data(table, random.Random(4))
    data[0]["claimed_total"] += 1
    for seat, seat_data in zip(table.seats.order_by("position"), data, strict=True):
        with django_capture_on_commit_callbacks(execute=True):
            sheet_submit(seat_id=seat.pk, data=seat_data, by=seat.player.user)
    with pytest.raises(DomainError, match="needs a reason"):
        table_override(table=table, reason=" ", by=organiser)
    result = table_override(table=table, reason="the player added the total on paper correctly", by=organiser)
    assert (result.status, result.override_by) == ("overridden", organiser)
    assert event_close(event=event, by=organiser).status == "finished"


def test_submissions_are_refused_for_another_seat_a_round_not_running_and_malformed_data() -> None:
    event, round_ = started_event("boomerang-australia", 4)
    table = round_.tables.get()
    seats = list(table.seats.order_by("position"))
    data = legal_seat_data(table, random.Random(1))
    with pytest.raises(Conflict, match="not running"):
        sheet_submit(seat_id=seats[0].pk, data=data[0], by=seats[0].player.user)
    round_start(round_=round_, by=event.organisers.get())
    with pytest.raises(NotAllowed, match="own seat"):
        sheet_submit(seat_id=seats[0].pk, data=data[0], by=seats[1].player.user)
    with pytest.raises(DomainError) as error:
        sheet_submit(seat_id=seats[0].pk, data={"rounds": "four"}, by=seats[0].player.user)
    assert error.value.field == "data.rounds"
    with pytest.raises(DomainError, match="not 'someone'"):
        sheet_submit(seat_id=seats[0].pk, data={**data[0], "player": "someone"}, by=seats[0].player.user)


def test_seats_can_be_swapped_before_the_round_starts_only() -> None:
    event, round_ = started_event("boomerang-australia", 8)
    organiser = event.organisers.get()
    first, second = (t.seats.get(position=1) for t in round_.tables.order_by("number"))
    a_player, b_player = first.player, second.player
    first, second = seat_swap(seat_a=first, seat_b=second, by=organiser)
    assert (first.player, second.player) == (b_player, a_player)
    round_start(round_=round_, by=organiser)
    with pytest.raises(Conflict, match="before the round starts"):
        seat_swap(seat_a=first, seat_b=second, by=organiser)


def test_a_dropped_player_is_not_seated_again(django_capture_on_commit_callbacks) -> None:
    event, round_ = started_event("boomerang-australia", 8)
    organiser = event.organisers.get()
    play_round(round_, organiser, random.Random(2), django_capture_on_commit_callbacks)
    leaving = event.registrations.first()
    registration_drop(registration=leaving, by=leaving.player.user)
    second = round_seat_next(event=event, by=organiser)
    seated = {s.player_id for t in second.tables.all() for s in t.seats.all()}
    assert leaving.player_id not in seated
    assert len(seated) == 7
    assert next(r for r in event_standings(event=event) if r.handle == leaving.player.handle).dropped


def test_standings_share_points_between_tied_players_and_order_by_tie_breaks() -> None:
    from tournaments.standings import StandingRow, TableOutcome, table_add
    from tournaments.verdicts import TableVerdict

    rows: dict[str, StandingRow] = {}
    seats = [
        {"player": "a", "total": 80, "rank": 1, "tie_breaks": {"throw_catch": 9}},
        {"player": "b", "total": 80, "rank": 1, "tie_breaks": {"throw_catch": 9}},
        {"player": "c", "total": 70, "rank": 3, "tie_breaks": {"throw_catch": 5}},
        {"player": "d", "total": 60, "rank": 4, "tie_breaks": {"throw_catch": 2}},
    ]
    table_add(rows, TableOutcome.from_verdict(TableVerdict.read({"seats": seats})), {"4": [4, 2, 1, 0]})
    assert [float(rows[p].points) for p in "abcd"] == [3.0, 3.0, 1.0, 0.0]


def test_an_event_closes_only_after_a_finished_round_and_only_by_its_organiser(
    django_capture_on_commit_callbacks,
) -> None:
    """Never before a round is finished nor while one is being played (a night may end early after any
    finished round: tests/tournaments/test_night_ends_early.py)."""
    from config.errors import Conflict, NotAllowed
    from tests.factories import PlayerFactory
    from tournaments.services.rounds import round_start

    event, round_ = started_event("boomerang-australia", 4)
    organiser = event.organisers.get()
    with pytest.raises(Conflict, match="being played"):  # nothing finished yet
        event_close(event=event, by=organiser)
    play_round(round_, organiser, random.Random(3), django_capture_on_commit_callbacks)
    second = round_seat_next(event=event, by=organiser)
    round_start(round_=second, by=organiser)
    with pytest.raises(Conflict, match="being played"):  # round 2 is under way
        event_close(event=event, by=organiser)
    rng = random.Random(4)
    for table in second.tables.all():
        for seat, data in zip(table.seats.order_by("position"), legal_seat_data(table, rng), strict=True):
            with django_capture_on_commit_callbacks(execute=True):
                sheet_submit(seat_id=seat.pk, data=data, by=seat.player.user)
    with pytest.raises(NotAllowed):
        event_close(event=event, by=PlayerFactory().user)
    assert event_close(event=event, by=organiser).status == "finished"
    assert event.history.filter(status="finished").exists()  # the close has its history row
