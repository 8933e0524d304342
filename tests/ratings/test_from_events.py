"""Verified tables move ratings; corrections and overrides replay them; every game has its pool."""

import csv
import io
import random

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import GAMES
from ratings.models import Rating, RatingEvent, RatingPool
from tests.factories import EventFactory, PlayerFactory
from tests.tournaments.helpers import legal_seat_data, play_round, register_and_check_in
from tournaments.results.services.sheets import sheet_submit
from tournaments.results.services.verification import table_override
from tournaments.services.rounds import event_start

pytestmark = [pytest.mark.django_db, pytest.mark.embedded]


def test_every_game_has_a_rating_pool_with_trueskills_defaults() -> None:
    pools = {pool.game: pool for pool in RatingPool.objects.all()}
    assert set(pools) == set(GAMES)
    assert (pools["boomerang-flip"].mu, pools["boomerang-flip"].draw_probability) == (25.0, 0.10)


@pytest.mark.parametrize("game", list(GAMES))
def test_a_verified_table_rates_its_players_once(
    game: str, django_capture_on_commit_callbacks, real_edition_stand_in
) -> None:
    real_edition_stand_in(game)  # rated once the game's edition is the printed one
    event = EventFactory(game=game, rounds_planned=1)
    register_and_check_in(event, [PlayerFactory() for _ in range(4 if game != "boomerang-hunt" else 5)])
    round_ = event_start(event=event, by=event.organisers.get())
    play_round(round_, event.organisers.get(), random.Random(5), django_capture_on_commit_callbacks)
    tables = round_.tables.count()
    assert RatingEvent.objects.filter(pool__game=game).count() == tables
    ratings = Rating.objects.filter(pool__game=game)
    assert ratings.count() == sum(t.seats.count() for t in round_.tables.all())
    assert all(r.games == 1 for r in ratings)


def test_a_correction_of_a_verified_table_rerates_it(django_capture_on_commit_callbacks) -> None:
    event, round_ = rated_table(django_capture_on_commit_callbacks)
    organiser = event.organisers.get()
    table = round_.tables.get()
    before = {r.name: r.mu for r in Rating.objects.all()}
    seats = list(table.seats.order_by("position"))
    other_game = legal_seat_data(table, random.Random(99))
    for seat, data in zip(seats, other_game, strict=True):
        with django_capture_on_commit_callbacks(execute=True):
            sheet_submit(seat_id=seat.pk, data=data, by=organiser)
    assert RatingEvent.objects.count() == 1
    assert {r.name: r.mu for r in Rating.objects.all()} != before
    assert all(r.games == 1 for r in Rating.objects.all())


def test_a_table_that_is_rejected_after_a_correction_is_unrated(django_capture_on_commit_callbacks) -> None:
    event, round_ = rated_table(django_capture_on_commit_callbacks)
    organiser = event.organisers.get()
    seat = round_.tables.get().seats.first()
    data = dict(seat.sheets.first().data, claimed_total=0)
    with django_capture_on_commit_callbacks(execute=True):
        sheet_submit(seat_id=seat.pk, data=data, by=organiser)
    assert RatingEvent.objects.count() == 0
    assert not Rating.objects.exists()  # nobody has a rated game left: nobody has a rating


def rated_table(on_commit):
    """A one-round, four-player Australia event played and rated."""
    event = EventFactory(rounds_planned=1)
    register_and_check_in(event, [PlayerFactory() for _ in range(4)])
    round_ = event_start(event=event, by=event.organisers.get())
    play_round(round_, event.organisers.get(), random.Random(5), on_commit)
    return event, round_


@pytest.fixture
def rated_pool(django_capture_on_commit_callbacks):
    event = EventFactory(rounds_planned=1)
    register_and_check_in(event, [PlayerFactory() for _ in range(12)])
    round_ = event_start(event=event, by=event.organisers.get())
    play_round(round_, event.organisers.get(), random.Random(8), django_capture_on_commit_callbacks)
    return RatingPool.objects.get(game="boomerang-australia")


def test_the_leaderboard_orders_by_conservative_rating_and_flags_provisional_players(api_client, rated_pool) -> None:
    page = api_client.get("/api/ratings/pools/boomerang-australia/leaderboard/").data
    values = [row["conservative"] for row in page["results"]]
    assert page["count"] == 12
    assert values == sorted(values, reverse=True)
    assert all(row["provisional"] for row in page["results"])
    assert api_client.get("/api/ratings/pools/boomerang-australia/leaderboard/?established=true").data["count"] == 0


def test_the_leaderboard_exports_csv_and_refuses_a_bad_filter(api_client, rated_pool) -> None:
    exported = api_client.get("/api/ratings/pools/boomerang-australia/leaderboard/?format=csv")
    assert len(list(csv.DictReader(io.StringIO(exported.content.decode())))) == 12
    bad = api_client.get("/api/ratings/pools/boomerang-australia/leaderboard/?active_days=0")
    assert bad.status_code == 400
    assert (bad.data["code"], bad.data["field"]) == ("min_value", "active_days")
    assert "active_days" in bad.data["errors"]


def test_a_players_history_explains_each_change(api_client, rated_pool) -> None:
    rating = Rating.objects.filter(pool=rated_pool).first()
    handle = rating.player.player.handle
    old_path = api_client.get(f"/api/ratings/pools/boomerang-australia/players/{rating.player_id}/")
    assert (old_path.status_code, old_path["Location"]) == (
        301,
        f"/api/ratings/pools/boomerang-australia/players/{handle}/",
    )
    data = api_client.get(f"/api/ratings/pools/boomerang-australia/players/{handle}/").data
    assert data["rating"]["name"] == rating.name
    assert [h["source"].split(":")[0] for h in data["history"]] == ["table"]
    assert data["history"][0]["mu_after"] == pytest.approx(rating.mu)


def test_the_leaderboard_uses_a_fixed_number_of_queries(api_client, rated_pool) -> None:
    with CaptureQueriesContext(connection) as queries:
        api_client.get("/api/ratings/pools/boomerang-australia/leaderboard/")
    assert len(queries) == 3


def test_the_ratings_admin_lists_the_leaderboard(admin_client, rated_pool) -> None:
    for model in ["ratingpool", "rating", "ratingevent"]:
        assert admin_client.get(f"/admin/ratings/{model}/").status_code == 200


def test_the_audit_says_who_made_ratings_move(django_capture_on_commit_callbacks) -> None:
    from ratings.models import RatingAudit

    event, round_ = rated_table(django_capture_on_commit_callbacks)
    organiser = event.organisers.get()
    table = round_.tables.get()
    last_player = table.seats.order_by("position").last().player
    recorded = RatingAudit.objects.get()
    assert (recorded.action, recorded.source, recorded.actor) == ("recorded", f"table:{table.pk}", last_player.handle)
    seat = table.seats.first()
    with django_capture_on_commit_callbacks(execute=True):
        sheet_submit(seat_id=seat.pk, data=dict(seat.sheets.first().data, claimed_total=0), by=organiser)
    removed = RatingAudit.objects.order_by("-id").first()
    assert (removed.action, removed.actor, removed.events_replayed) == ("removed", organiser.username, 0)
    with django_capture_on_commit_callbacks(execute=True):
        table_override(table=table, reason="total checked on paper", by=organiser)
    accepted = RatingAudit.objects.order_by("-id").first()
    assert accepted.action == "recorded"
    assert accepted.actor == f"{organiser.username} (override: total checked on paper)"


def test_the_audit_counts_what_a_replay_recomputed() -> None:
    from datetime import timedelta

    from django.utils import timezone

    from ratings.models import RatingAudit
    from ratings.services.pools import Placing, match_record
    from tests.factories import UserFactory

    users = [UserFactory() for _ in range(4)]
    at = timezone.now()
    for i, minutes in enumerate([10, 20, 5]):  # the third arrives for an earlier slot
        placings = [Placing(u.pk, u.username, r + 1) for r, u in enumerate(users)]
        match_record(game="boomerang-usa", source=f"t{i}", order_at=at + timedelta(minutes=minutes),
                             placings=placings, actor="ann")  # fmt: skip
    assert list(RatingAudit.objects.order_by("id").values_list("action", "events_replayed")) == [
        ("recorded", 1),
        ("recorded", 1),
        ("rerated", 3),
    ]
