"""Attendance mishaps of a café night, through the API (issue 14): byes, drops mid-round, no-shows,
check-in close and the waitlist, late entry, a random seed, a final table, unrated events."""

import random
from datetime import timedelta

import pytest
from rest_framework.test import APIClient

from ratings.models import Rating, RatingEvent
from tests.factories import EventFactory, PlayerFactory
from tests.tournaments.helpers import legal_seat_data, register_and_check_in
from tournaments.models import Event, Registration, Round, Seat, TableResult
from tournaments.results.services.closing import event_close
from tournaments.results.services.verification import table_sweep
from tournaments.selectors.events import bye_points
from tournaments.services.registrations import registration_check_in, registration_create

pytestmark = pytest.mark.django_db(transaction=True)  # tasks run in-process on commit, as in production


def as_user(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def start(event: Event) -> Round:
    organiser = event.organisers.get()
    round_ = Round.objects.get(pk=as_user(organiser).post(f"/api/events/{event.pk}/start/").json()["id"])
    assert as_user(organiser).post(f"/api/rounds/{round_.pk}/start/").status_code == 200
    return round_


def play(round_: Round, rng: random.Random) -> None:
    """Every table still open gets legal sheets for its seats still playing, by the organiser's pad."""
    organiser = round_.event.organisers.get()
    for table in round_.tables.all():
        if TableResult.objects.get(table=table).status in TableResult.COUNTS:
            continue
        seats = list(table.seats.order_by("position"))
        data = [d for seat, d in zip(seats, legal_seat_data(table, rng), strict=True) if not seat.forfeited]
        answer = as_user(organiser).post(f"/api/tables/{table.pk}/sheets/", {"seats": data}, format="json")
        assert answer.status_code in (200, 202), answer.json()


def next_round(event: Event) -> Round:
    answer = as_user(event.organisers.get()).post(f"/api/events/{event.pk}/next-round/")
    assert answer.status_code == 201, answer.json()
    round_ = Round.objects.get(pk=answer.json()["id"])
    as_user(event.organisers.get()).post(f"/api/rounds/{round_.pk}/start/")
    return round_


def test_an_odd_flip_field_gets_one_bye_a_round_and_nobody_a_second_before_everyone_had_one(
    real_edition_stand_in,
) -> None:
    real_edition_stand_in("boomerang-flip")  # rated (the bye's absence from the ratings checked) once real
    event = EventFactory(game="boomerang-flip", rounds_planned=5, capacity=8)
    register_and_check_in(event, [PlayerFactory() for _ in range(5)])
    rng, round_, seen = random.Random(1), start(event), []
    for number in range(1, 6):
        shown = APIClient().get(f"/api/events/{event.pk}/rounds/").json()["results"][number - 1]
        assert len(shown["byes"]) == 1
        seen.append(shown["byes"][0])
        play(round_, rng)
        if number < 5:
            round_ = next_round(event)
    assert sorted(seen) == sorted(event.registrations.values_list("player__handle", flat=True))  # 5 different
    rows = {row["player"]: row for row in APIClient().get(f"/api/events/{event.pk}/standings/").json()["results"]}
    assert all(row["byes"] == 1 for row in rows.values())
    assert all(row["tables"] == 4 for row in rows.values())
    assert event_close(event=event, by=event.organisers.get()).status == "finished"
    assert set(Rating.objects.values_list("games", flat=True)) == {4}  # a bye is never rated


def test_a_bye_is_worth_the_events_bye_points_or_a_win_in_flip() -> None:
    default = EventFactory(game="boomerang-flip")
    assert bye_points(default) == 4  # the default scheme's win
    assert bye_points(EventFactory(game="boomerang-australia")) == 1.75  # mean of 4, 2, 1, 0
    assert bye_points(EventFactory(game="boomerang-flip", bye_points=2)) == 2


def test_a_player_dropping_mid_round_forfeits_and_the_table_finishes_with_the_others() -> None:
    event = EventFactory(rounds_planned=2)
    players = [PlayerFactory() for _ in range(4)]
    register_and_check_in(event, players)
    round_ = start(event)
    table = round_.tables.get()
    leaving = table.seats.get(position=2).player
    registration = Registration.objects.get(event=event, player=leaving)
    assert as_user(leaving.user).post(f"/api/registrations/{registration.pk}/drop/").status_code == 200
    assert Seat.objects.get(table=table, player=leaving).forfeited
    play(round_, random.Random(2))
    result = TableResult.objects.get(table=table)
    assert result.status == "verified", result.verdict["problems"]
    last = result.verdict["seats"][-1]
    assert (last["player"], last["rank"], last["total"], last["forfeited"]) == (leaving.handle, 4, 0, True)
    assert Round.objects.get(pk=round_.pk).status == "finished"
    standings = APIClient().get(f"/api/events/{event.pk}/standings/").json()["results"]
    assert (standings[-1]["player"], standings[-1]["points"], standings[-1]["dropped"]) == (leaving.handle, 0, True)
    rated = [p["name"] for event_ in RatingEvent.objects.all() for p in event_.placings]
    assert leaving.handle not in rated  # a forfeit is not rated
    assert Rating.objects.count() == 3
    round_two = next_round(event)
    assert leaving.handle not in [s.player.handle for t in round_two.tables.all() for s in t.seats.all()]


def test_in_a_two_player_game_the_opponent_of_a_player_who_drops_wins_at_once() -> None:
    event = EventFactory(game="boomerang-flip", rounds_planned=2)
    register_and_check_in(event, [PlayerFactory() for _ in range(2)])
    round_ = start(event)
    table = round_.tables.get()
    leaving, staying = (seat.player for seat in table.seats.order_by("position"))
    registration = Registration.objects.get(event=event, player=leaving)
    as_user(leaving.user).post(f"/api/registrations/{registration.pk}/drop/")
    result = TableResult.objects.get(table=table)
    assert result.status == "verified"
    assert [(s["player"], s["rank"]) for s in result.verdict["seats"]] == [(staying.handle, 1), (leaving.handle, 2)]
    assert Round.objects.get(pk=round_.pk).status == "finished"
    assert not Rating.objects.exists()  # a forfeit is not a match
    assert table_sweep(older_than=timedelta(0)) == 0  # and the sweep does not keep sending it


def test_an_organiser_forfeits_a_no_show_seat_and_reinstates_a_dropped_player() -> None:
    event = EventFactory(rounds_planned=2)
    register_and_check_in(event, [PlayerFactory() for _ in range(5)])  # a table of 3 and one of... 5 = 3 + 2
    round_ = start(event)
    organiser = as_user(event.organisers.get())
    seat = round_.tables.order_by("number").first().seats.order_by("position").last()
    assert as_user(PlayerFactory().user).post(f"/api/seats/{seat.pk}/forfeit/").status_code == 403
    answer = organiser.post(f"/api/seats/{seat.pk}/forfeit/")
    assert answer.status_code == 200
    assert [s["forfeited"] for s in answer.json()["seats"]][-1] is True
    play(round_, random.Random(3))
    assert Round.objects.get(pk=round_.pk).status == "finished"
    registration = Registration.objects.get(event=event, player=seat.player)
    organiser.post(f"/api/registrations/{registration.pk}/drop/")
    assert organiser.post(f"/api/registrations/{registration.pk}/reinstate/").json()["status"] == "checked_in"
    round_two = next_round(event)
    assert seat.player_id in [s.player_id for t in round_two.tables.all() for s in t.seats.all()]


def test_closing_check_in_marks_no_shows_and_promotes_the_waitlist_in_order() -> None:
    event = EventFactory(capacity=3)
    players = [PlayerFactory() for _ in range(5)]
    registrations = [registration_create(event=event, player=p) for p in players]
    for registration in registrations[:2]:
        registration_check_in(registration=registration, by=registration.player.user)
    absent = as_user(event.organisers.get()).post(f"/api/events/{event.pk}/close-check-in/").json()
    assert [r["player"] for r in absent] == [players[2].handle]
    statuses = [Registration.objects.get(pk=r.pk).status for r in registrations]
    assert statuses == ["checked_in", "checked_in", "no_show", "registered", "waitlisted"]


def test_a_late_entry_is_seated_from_the_next_round_and_scores_zero_for_the_missed_one() -> None:
    event = EventFactory(rounds_planned=3, late_entry_until_round=2)
    register_and_check_in(event, [PlayerFactory() for _ in range(4)])
    round_ = start(event)
    late = PlayerFactory()
    answer = as_user(late.user).post(f"/api/events/{event.pk}/registrations/", {}, format="json")
    assert answer.status_code == 201, answer.json()
    as_user(late.user).post(f"/api/registrations/{answer.json()['id']}/check-in/")
    play(round_, random.Random(4))
    round_two = next_round(event)
    assert late.pk in [s.player_id for t in round_two.tables.all() for s in t.seats.all()]
    closed = as_user(PlayerFactory().user).post(f"/api/events/{event.pk}/registrations/", {}, format="json")
    assert (closed.status_code, closed.json()["code"]) == (409, "registration_closed")  # round 2 seated
    play(round_two, random.Random(5))
    rows = {row["player"]: row for row in APIClient().get(f"/api/events/{event.pk}/standings/").json()["results"]}
    assert rows[late.handle]["tables"] == 1  # round 1 missed: nothing scored for it


def test_an_event_created_without_a_seed_gets_a_random_one_stored() -> None:
    client = as_user(PlayerFactory().user)
    seeds = {client.post("/api/events/", {"name": f"E{i}", "game": "boomerang-flip"}, format="json").json()["seed"]
             for i in range(3)}  # fmt: skip
    assert len(seeds) == 3
    assert 0 not in seeds


def test_a_final_table_decides_places_one_to_four() -> None:
    event = EventFactory(rounds_planned=2, final_table_size=4, capacity=16)
    register_and_check_in(event, [PlayerFactory() for _ in range(8)])
    rng, round_ = random.Random(6), start(event)
    play(round_, rng)
    round_ = next_round(event)
    play(round_, rng)
    before = [row["player"] for row in APIClient().get(f"/api/events/{event.pk}/standings/").json()["results"]]
    final = next_round(event)
    assert final.is_final
    finalists = [s.player.handle for s in final.tables.get().seats.order_by("position")]
    assert finalists == before[:4]
    play(final, rng)
    assert event_close(event=event, by=event.organisers.get()).status == "finished"
    verdict = TableResult.objects.get(table=final.tables.get()).verdict
    by_final = {s["player"]: s["rank"] for s in verdict["seats"]}
    rows = APIClient().get(f"/api/events/{event.pk}/standings/").json()["results"]
    assert [(row["player"], row["rank"]) for row in rows[:4]] == sorted(by_final.items(), key=lambda item: item[1])
    assert rows[4]["rank"] == 5  # the others follow the finalists
    refused = as_user(event.organisers.get()).post(f"/api/events/{event.pk}/next-round/")
    assert refused.status_code == 409


def test_an_unrated_event_leaves_the_ratings_alone() -> None:
    event = EventFactory(rated=False)
    register_and_check_in(event, [PlayerFactory() for _ in range(4)])
    play(start(event), random.Random(7))
    assert TableResult.objects.get(table__round__event=event).status == "verified"
    assert not RatingEvent.objects.exists()
    assert table_sweep(older_than=timedelta(0)) == 0  # not sent for rating again and again


def test_an_events_family_pairs_never_meet_and_a_pinned_player_keeps_table_one() -> None:
    event = EventFactory(rounds_planned=3, capacity=16)
    players = [PlayerFactory() for _ in range(8)]
    register_and_check_in(event, players)
    a, b, pinned = players[0].handle, players[1].handle, players[7].handle
    answer = as_user(event.organisers.get()).patch(
        f"/api/events/{event.pk}/", {"avoid_pairs": [[a, b]], "pinned_tables": {pinned: 1}}, format="json"
    )
    assert answer.status_code == 200  # set once the players are known: they change until the event starts
    event.refresh_from_db()
    assert (event.avoid_pairs, event.pinned_tables) == ([[a, b]], {pinned: 1})
    rng, round_ = random.Random(9), start(event)
    for _ in range(2):
        play(round_, rng)
        round_ = next_round(event)
        tables = [{s.player.handle for s in t.seats.all()} for t in round_.tables.order_by("number")]
        assert not any({a, b} <= table for table in tables)
        assert pinned in tables[0]


def test_players_check_themselves_in_from_the_events_day_organisers_at_any_time(settings) -> None:
    from datetime import timedelta

    from django.utils import timezone

    from config.errors import Conflict
    from tests.factories import EventFactory, PlayerFactory
    from tournaments.services.registrations import registration_check_in, registration_create

    event = EventFactory(starts_at=timezone.now() + timedelta(days=10), timezone="Europe/Paris")
    early, helped = PlayerFactory(), PlayerFactory()
    mine = registration_create(event=event, player=early)
    with pytest.raises(Conflict) as refused:
        registration_check_in(registration=mine, by=early.user)
    assert refused.value.code == "check_in_not_open"
    theirs = registration_create(event=event, player=helped)
    assert registration_check_in(registration=theirs, by=event.organisers.get()).status == "checked_in"
    settings.CHECK_IN_DAYS_BEFORE = 10
    assert registration_check_in(registration=mine, by=early.user).status == "checked_in"
