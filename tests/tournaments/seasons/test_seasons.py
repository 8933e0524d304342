"""Seasons: points per place scaled by field and tier, ties splitting the places they cover, the best N of M
counted, recomputed from stored results (a revoked event drops out at once), API, CSV and page."""

import itertools
import random
from datetime import UTC, date, datetime
from fractions import Fraction

import pytest
from django.test import Client
from hypothesis import given
from hypothesis import strategies as st

from config.errors import DomainError, NotAllowed
from tests.factories import PlayerFactory, UserFactory
from tests.tournaments.helpers import play_round, register_and_check_in
from tournaments.models import Event
from tournaments.results.services.closing import event_close
from tournaments.results.services.forfeits import registration_drop
from tournaments.seasons.points import EventResult, event_points, place_points, season_standings
from tournaments.seasons.services import season_create, season_event_add, season_update
from tournaments.services.clubs import organisation_create, staff_set
from tournaments.services.events import event_create, event_open_registration
from tournaments.services.rounds import event_start, round_seat_next
from tournaments.stewarding.services import event_sanction, event_unsanction

GAME = "boomerang-australia"


def test_the_default_scheme_scales_by_field_size_and_tier() -> None:
    assert [place_points(p, 4, 1) for p in (1, 2, 3, 4)] == [100, 75, 50, 25]
    assert place_points(1, 10, 4) == 400
    assert place_points(3, 10, 2) == 2 * 80


def test_halves_round_up_as_people_count() -> None:
    assert [place_points(p, 8, 1) for p in range(1, 9)] == [100, 88, 75, 63, 50, 38, 25, 13]
    untied = event_points(EventResult(1, 1, {f"p{i}": i for i in range(1, 9)}))  # the inline path too
    assert [untied[f"p{i}"] for i in range(1, 9)] == [100, 88, 75, 63, 50, 38, 25, 13]


def test_tied_players_split_the_points_of_the_places_they_cover() -> None:
    points = event_points(EventResult(1, 1, {"a": 1, "b": 2, "c": 2, "d": 4}))
    assert points == {"a": 100, "b": Fraction(75 + 50, 2), "c": Fraction(125, 2), "d": 25}


def test_an_organisers_table_gives_points_per_place_and_zero_past_its_end() -> None:
    points = event_points(EventResult(1, 2, {"a": 1, "b": 2, "c": 3}), table=[10, 6])
    assert points == {"a": 20, "b": 12, "c": 0}


def test_the_best_n_count_and_fewer_events_than_n_all_count() -> None:
    results = [EventResult(e, 1, places) for e, places in enumerate([{"a": 1, "b": 2}, {"a": 2, "b": 1}, {"a": 1}], 1)]
    rows = {row.player: row for row in season_standings(results, best_of=2)}
    assert rows["a"].points == 100 + 100  # two wins counted, the second place dropped
    assert [e.counted for e in rows["a"].events] == [True, False, True]
    assert rows["b"].points == 50 + 100  # two events, both count
    assert [row.player for row in season_standings(results, best_of=2)] == ["a", "b"]


@given(
    st.lists(st.dictionaries(st.sampled_from("abcdef"), st.integers(1, 6), min_size=1), min_size=1, max_size=6),
    st.integers(1, 4),
)
def test_counted_points_are_the_best_n_and_places_follow_points(events, best_of) -> None:
    results = [EventResult(i, 1, places) for i, places in enumerate(events)]
    rows = season_standings(results, best_of)
    for row in rows:
        counted = sorted((e.points for e in row.events if e.counted), reverse=True)
        assert counted == sorted((e.points for e in row.events), reverse=True)[:best_of]
        assert row.points == sum(counted)
    assert [row.points for row in rows] == sorted((row.points for row in rows), reverse=True)
    assert all(a.place <= b.place for a, b in itertools.pairwise(rows))


def _finished(club, owner, players, seed: int, on_commit) -> Event:
    event = event_create(organiser=owner, name=f"Night {seed}", game=GAME, organisation=club, rounds_planned=1)
    event_open_registration(event=event, by=owner)
    register_and_check_in(event, players)
    round_ = event_start(event=event, by=owner)
    play_round(round_, owner, random.Random(seed), on_commit)
    event_close(event=event, by=owner)
    return Event.objects.get(pk=event.pk)


@pytest.mark.django_db
def test_a_season_through_the_api_its_standings_and_a_revoked_event_dropping_out(
    django_capture_on_commit_callbacks,
) -> None:
    owner = PlayerFactory()
    club = organisation_create(by=owner.user, slug="owls", name="Owls")
    players = [PlayerFactory() for _ in range(4)]
    events = [_finished(club, owner.user, players, seed, django_capture_on_commit_callbacks) for seed in (1, 2)]
    steward = UserFactory(is_superuser=True)
    for event in events:
        event_sanction(event=event, by=steward, reason="club night")
    api = Client()
    api.force_login(owner.user)
    body = {"organisation": "owls", "name": "Winter league", "game": GAME, "starts_on": "2026-01-01",
            "ends_on": "2026-12-31", "best_of": 1}  # fmt: skip
    assert Client().post("/api/seasons/", body, content_type="application/json").status_code in (401, 403)
    created = api.post("/api/seasons/", body, content_type="application/json")
    assert created.status_code == 201, created.content
    season_id = created.json()["id"]
    for event, tier in zip(events, (1, 2), strict=True):
        added = api.post(
            f"/api/seasons/{season_id}/events/", {"event": event.pk, "tier": tier}, content_type="application/json"
        )
        assert added.status_code == 201, added.content
    again = api.post(f"/api/seasons/{season_id}/events/", {"event": events[0].pk}, content_type="application/json")
    assert (again.status_code, again.json()["code"]) == (409, "already_in_season")
    rows = Client().get(f"/api/seasons/{season_id}/standings/").json()["results"]
    assert len(rows) == 4
    assert set(rows[0]) == {"player", "place", "points", "events_played", "counted"}
    assert all(row["events_played"] == 2 and len(row["counted"]) == 1 for row in rows)  # best of one
    assert rows[0]["points"] == 200  # the winner of the tier-2 night: best of one
    assert rows[0]["counted"] == [{"event": events[1].pk, "points": 200}]
    pinned = Client(headers={"api-version": "2026-11-26"}).get(f"/api/seasons/{season_id}/standings/").json()
    assert [set(row) for row in pinned["results"]] == [{"player", "place", "points", "events"}] * 4  # as it was
    assert all(len(row["events"]) == 2 and sum(e["counted"] for e in row["events"]) == 1 for row in pinned["results"])
    season_read = Client().get(f"/api/seasons/{season_id}/").json()
    assert season_read["events_count"] == 2
    assert "events" not in season_read
    listed = Client().get(f"/api/seasons/{season_id}/events/?page_size=1").json()
    assert (listed["count"], listed["results"]) == (2, [{"event": events[0].pk, "tier": 1}])
    old_read = Client(headers={"api-version": "2026-11-26"}).get(f"/api/seasons/{season_id}/").json()
    assert old_read["events"] == [{"event": events[0].pk, "tier": 1}, {"event": events[1].pk, "tier": 2}]
    cells = Client().get(f"/seasons/{season_id}/").content.decode()
    assert cells.count('<s title="not counted">') == 4  # each player's other night, struck through
    assert '<td class="num">200</td>' in cells
    french = Client(headers={"accept-language": "fr"}).get(f"/seasons/{season_id}/").content.decode()
    assert french.count('<s title="non compté">') == 4
    event_unsanction(event=events[1], by=steward, reason="doubt")
    after = Client().get(f"/api/seasons/{season_id}/standings/").json()["results"]
    assert all(row["events_played"] == 1 for row in after)
    assert after[0]["points"] == 100
    page = Client().get(f"/seasons/{season_id}/").content.decode()
    assert "Winter league" in page
    assert rows[0]["player"] in page
    csv = Client().get(f"/api/seasons/{season_id}/standings/?format=csv")
    assert csv.status_code == 200
    lines = b"".join(csv.streaming_content).decode().splitlines()
    assert lines[0] == f"place,player,points,Night 1 #{events[0].pk},not_counted"  # one column per event
    assert lines[1].startswith(f"1,{after[0]['player']},100.0,100.0,")
    assert len(lines) == 5


@pytest.mark.django_db
def test_an_event_of_another_game_or_outside_the_dates_cannot_join() -> None:
    owner = PlayerFactory()
    club = organisation_create(by=owner.user, slug="owls", name="Owls")
    season = season_create(
        by=owner.user, organisation=club, name="S", game=GAME, starts_on=date(2026, 1, 1), ends_on=date(2026, 3, 31)
    )
    hunt = event_create(organiser=owner.user, name="Hunt", game="boomerang-hunt", organisation=club)
    with pytest.raises(DomainError, match="the season is played at"):
        season_event_add(season=season, by=owner.user, event=hunt)
    stranger = PlayerFactory()
    with pytest.raises(NotAllowed, match="only the staff of"):
        season_create(
            by=stranger.user,
            organisation=club,
            name="S",
            game=GAME,
            starts_on=date(2026, 1, 1),
            ends_on=date(2026, 1, 2),
        )


@pytest.mark.django_db
def test_a_player_who_drops_mid_event_scores_the_place_they_reached(django_capture_on_commit_callbacks) -> None:
    from tournaments.models import Registration
    from tournaments.seasons import selectors as seasons_selectors
    from tournaments.selectors.events import event_standings

    owner = PlayerFactory()
    club = organisation_create(by=owner.user, slug="owls", name="Owls")
    event = event_create(organiser=owner.user, name="Two rounds", game=GAME, organisation=club, rounds_planned=2)
    event_sanction(event=event, by=UserFactory(is_superuser=True), reason="fine")
    event_open_registration(event=event, by=owner.user)
    players = [PlayerFactory() for _ in range(5)]
    register_and_check_in(event, players)
    round_ = event_start(event=event, by=owner.user)
    play_round(round_, owner.user, random.Random(1), django_capture_on_commit_callbacks)
    leaver = Registration.objects.get(event=event, player=players[0])
    registration_drop(registration=leaver, by=players[0].user)
    round_two = round_seat_next(event=event, by=owner.user)
    play_round(round_two, owner.user, random.Random(2), django_capture_on_commit_callbacks)
    event_close(event=event, by=owner.user)
    season = season_create(
        by=owner.user, organisation=club, name="S", game=GAME, starts_on=date(2020, 1, 1), ends_on=date(2030, 1, 1)
    )
    season_event_add(season=season, by=owner.user, event=event)
    standings = event_standings(event=event)
    assert next(r for r in standings if r.handle == players[0].handle).dropped
    places = {r.handle: r.rank for r in standings}
    row = next(r for r in seasons_selectors.season_standings(season=season) if r.player == players[0].handle)
    assert row.events[0].points == event_points(EventResult(event.pk, 1, places))[players[0].handle]
    assert row.events[0].points > 0  # the place they reached scores, however low
    page = Client().get(f"/players/{players[0].handle}/").content.decode()
    assert f'href="/seasons/{season.pk}/"' in page


def _rows(*pairs: tuple[str, int]) -> list:
    from tournaments.seasons.points import SeasonRow

    return [SeasonRow(player, place, Fraction(100 - place)) for player, place in pairs]


def test_qualifier_slots_skip_the_taken_and_the_declined_and_ties_for_the_last_slot_all_qualify() -> None:
    from tournaments.seasons.points import qualifiers

    rows = _rows(("a", 1), ("b", 2), ("c", 3), ("d", 3), ("e", 5))
    assert qualifiers(rows, 2, set(), set()) == ["a", "b"]
    assert qualifiers(rows, 2, {"a"}, set()) == ["b", "c", "d"]  # c and d tie for the last slot
    assert qualifiers(rows, 2, set(), {"b"}) == ["a", "c", "d"]
    assert qualifiers(rows, 0, set(), set()) == []


@pytest.mark.django_db
def test_a_player_qualifies_once_in_a_circuit_and_a_decline_moves_the_next_one_up(
    django_capture_on_commit_callbacks,
) -> None:
    from tournaments.seasons import selectors as seasons_selectors
    from tournaments.seasons.selectors import season_qualified

    owner = PlayerFactory()
    club = organisation_create(by=owner.user, slug="owls", name="Owls")
    players = [PlayerFactory() for _ in range(4)]
    event = _finished(club, owner.user, players, 7, django_capture_on_commit_callbacks)
    event_sanction(event=event, by=UserFactory(is_superuser=True), reason="fine")
    seasons = []
    for name, ends in (("Spring", date(2030, 6, 30)), ("Autumn", date(2030, 12, 31))):
        season = season_create(
            by=owner.user, organisation=club, name=name, game=GAME, starts_on=date(2020, 1, 1), ends_on=ends,
            qualifiers=1, circuit="National",
        )  # fmt: skip
        season_event_add(season=season, by=owner.user, event=event)
        seasons.append(season)
    order = [row.player for row in seasons_selectors.season_standings(season=seasons[0])]
    assert season_qualified(season=seasons[0]) == [order[0]]
    assert season_qualified(season=seasons[1]) == [order[1]]  # the winner already qualified in spring
    api = Client()
    api.force_login(PlayerFactory().user)
    refused = api.post(f"/api/seasons/{seasons[0].pk}/decline/", {"player": order[0]}, content_type="application/json")
    assert refused.status_code == 403  # only the player or the season's staff
    winner = next(p for p in players if p.handle == order[0])
    api.force_login(winner.user)
    declined = api.post(f"/api/seasons/{seasons[0].pk}/decline/", {"player": order[0]}, content_type="application/json")
    assert declined.json()["qualified"] == [order[1]]
    assert season_qualified(season=seasons[1]) == [order[0]]  # now free to qualify in autumn


@pytest.mark.django_db
def test_a_draft_event_joins_a_season_without_finished_events_and_another_clubs_event_needs_its_staff() -> None:
    owner, other_owner = PlayerFactory(), PlayerFactory()
    club = organisation_create(by=owner.user, slug="owls", name="Owls")
    rival = organisation_create(by=other_owner.user, slug="larks", name="Larks")
    season = season_create(
        by=owner.user, organisation=club, name="S", game=GAME, starts_on=date(2026, 1, 1), ends_on=date(2026, 12, 31)
    )
    draft = event_create(organiser=owner.user, name="Draft night", game=GAME, organisation=club)
    assert season_event_add(season=season, by=owner.user, event=draft).tier == 1  # was a 500
    theirs = event_create(organiser=other_owner.user, name="Their night", game=GAME, organisation=rival)
    with pytest.raises(NotAllowed):
        season_event_add(season=season, by=owner.user, event=theirs)
    staff_set(organisation=rival, by=other_owner.user, player=owner, role="organiser")
    assert season_event_add(season=season, by=owner.user, event=theirs).event_id == theirs.pk


@pytest.mark.django_db
def test_a_club_name_with_a_line_break_is_refused_and_an_older_one_still_gives_its_calendar() -> None:
    from tournaments.models import Organisation

    owner = PlayerFactory()
    with pytest.raises(DomainError) as refused:
        organisation_create(by=owner.user, slug="owls", name="Owls\nClub")
    assert refused.value.field == "name"
    club = organisation_create(by=owner.user, slug="owls", name="Owls")
    Organisation.objects.filter(pk=club.pk).update(name="Owls\r\nClub")
    event_create(organiser=owner.user, name="Night", game=GAME, organisation=club)
    answer = Client().get("/clubs/owls/events.ics")
    assert answer.status_code == 200
    assert "X-WR-CALNAME:Owls Club" in answer.content.decode()


@pytest.mark.django_db
def test_the_season_page_is_bounded_by_pages_of_players_and_of_event_columns(
    django_capture_on_commit_callbacks, monkeypatch
) -> None:
    from tournaments.seasons import reads as season_reads

    monkeypatch.setattr(season_reads, "SEASON_ROWS", 3)
    monkeypatch.setattr(season_reads, "SEASON_COLUMNS", 1)
    owner = PlayerFactory()
    club = organisation_create(by=owner.user, slug="owls", name="Owls")
    players = [PlayerFactory() for _ in range(4)]
    events = [_finished(club, owner.user, players, seed, django_capture_on_commit_callbacks) for seed in (1, 2)]
    steward = UserFactory(is_superuser=True)
    season = season_create(
        by=owner.user, organisation=club, name="S", game=GAME, starts_on=date(2026, 1, 1), ends_on=date(2026, 12, 31)
    )
    for event in events:
        event_sanction(event=event, by=steward, reason="club night")
        season_event_add(season=season, by=owner.user, event=event)
    first = Client().get(f"/seasons/{season.pk}/").content.decode()
    assert first.count('<a class="handle"') == 3  # players 1-3 of 4
    assert first.count('<td class="num"></td>') + first.count('<td class="num">') > 0
    assert "Page 1 of 2" in first
    assert f'href="{"/events/"}{events[1].pk}/"' not in first.split("<tbody>")[0]  # one column: the first event
    second = Client().get(f"/seasons/{season.pk}/?page=2&events=2").content.decode()
    assert second.count('<a class="handle"') == 1
    assert f"/events/{events[1].pk}/" in second.split("<tbody>")[0]
    assert ">2</a></th>" in second  # the column keeps its number in the whole season
    assert Client().get(f"/seasons/{season.pk}/?page=99999999999&events=x").status_code == 200


@pytest.mark.django_db(transaction=True)
def test_demo_players_are_marked_on_the_pages_and_their_events_never_join_a_season() -> None:
    from tournaments.demo.services import demo_event_run

    event = demo_event_run(game=GAME, players=4, seed=9, rounds=1, rated=True).event
    handle = event.registrations.select_related("player").first().player.handle
    assert "A player of the demo" in Client().get(f"/players/{handle}/").content.decode()
    board = Client().get(f"/leaderboards/{GAME}/").content.decode()
    assert board.count('<span class="badge">demo</span>') == 4
    owner = event.organisers.get()
    season = season_create(
        by=owner, organisation=event.organisation, name="S", game=GAME, starts_on=date(2000, 1, 1),
        ends_on=date(2100, 1, 1),
    )  # fmt: skip
    with pytest.raises(DomainError) as refused:
        season_event_add(season=season, by=owner, event=event)
    assert refused.value.code == "demo_event"


@pytest.mark.django_db
def test_staff_create_a_season_and_add_events_from_the_pages_and_a_steward_publishes_a_list(
    django_capture_on_commit_callbacks,
) -> None:
    from tournaments.models import RatingBody
    from tournaments.seasons.models import Season

    owner, stranger, steward = PlayerFactory(), PlayerFactory(), PlayerFactory()
    club = organisation_create(by=owner.user, slug="owls", name="Owls")
    federation = organisation_create(by=steward.user, slug="fed", name="Fed", kind="federation")
    RatingBody.objects.create(game="", organisation=federation)
    players = [PlayerFactory() for _ in range(4)]
    night = _finished(club, owner.user, players, 1, django_capture_on_commit_callbacks)
    event_sanction(event=night, by=steward.user, reason="fine")
    staff, outsider = Client(), Client()
    staff.force_login(owner.user)
    outsider.force_login(stranger.user)
    assert "A new season" in staff.get("/clubs/owls/").content.decode()
    assert outsider.get("/clubs/owls/seasons/new/").status_code == 403
    form = {"name": "Winter league", "game": GAME, "starts_on": "2026-01-01", "ends_on": "2026-12-31",
            "best_of": 3, "qualifiers": 2}  # fmt: skip
    created = staff.post("/clubs/owls/seasons/new/", form)
    season = Season.objects.get(name="Winter league")
    assert created.status_code == 302
    assert created["Location"] == f"/seasons/{season.pk}/"
    page = staff.get(f"/seasons/{season.pk}/").content.decode()
    assert f'<option value="{night.pk}">' in page
    assert "Add an event" not in Client().get(f"/seasons/{season.pk}/").content.decode()  # visitors: no form
    for bad in ({"event": "x1", "tier": 1}, {"event": night.pk, "tier": "two"}, {"tier": 1}):
        refused = staff.post(f"/seasons/{season.pk}/events/", bad, follow=True).content.decode()
        assert "Choose one of the club" in refused  # said in words, and no event taken by mistake
    assert not season.season_events.exists()
    staff.post(f"/seasons/{season.pk}/events/", {"event": night.pk, "tier": 2})
    assert season.season_events.get().tier == 2
    assert outsider.post(f"/seasons/{season.pk}/events/", {"event": night.pk, "tier": 1}).status_code == 302
    assert season.season_events.count() == 1  # refused with a message: not their club
    standings = Client().get(f"/seasons/{season.pk}/").content.decode()
    assert players[0].handle in standings or players[1].handle in standings
    bad = staff.post("/clubs/owls/seasons/new/", {**form, "ends_on": "2025-01-01"})
    assert bad.status_code == 200
    assert Season.objects.count() == 1
    judge = Client()
    judge.force_login(steward.user)
    assert 'href="/stewards/"' in judge.get("/").content.decode()  # the menu leads stewards to their queue
    assert 'href="/stewards/"' not in staff.get("/").content.decode()
    assert "Publish an official list" in judge.get(f"/leaderboards/{GAME}/").content.decode()
    assert outsider.get(f"/leaderboards/{GAME}/lists/new/").status_code == 403
    rules = {"name": "2026-12", "min_games": 1, "leave_out_provisional": ""}
    preview = judge.post(f"/leaderboards/{GAME}/lists/new/", rules).content.decode()
    assert "Under these rules the list holds 4 players of the 4 with a rating." in preview
    empty = judge.post(f"/leaderboards/{GAME}/lists/new/", {**rules, "min_games": 50}).content.decode()
    assert "The list would be empty" in empty  # issue 54: the defaults once froze an empty list unawares
    published = judge.post(f"/leaderboards/{GAME}/lists/new/", {**rules, "step": "publish"})
    assert published.status_code == 302
    listed = judge.get(published["Location"]).content.decode()
    assert "Players with fewer than 1 rated game are left out." in listed
    assert listed.count('<a class="handle"') == 4


@pytest.mark.django_db
def test_staff_edit_a_season_from_its_page_and_dates_leaving_out_an_event_are_refused(
    django_capture_on_commit_callbacks,
) -> None:
    from tests.tournaments.seasons.test_season_standings import finished, scratch, stored
    from tournaments.seasons.models import Season

    owner = PlayerFactory().user
    club = organisation_create(by=owner, slug="owls", name="Owls")
    rng = random.Random(5)
    events = [finished(club, owner, [PlayerFactory() for _ in range(4)], rng, django_capture_on_commit_callbacks)
              for _ in range(3)]  # fmt: skip
    season = season_create(by=owner, organisation=club, name="League", game="boomerang-australia",
                                    starts_on=date(2020, 1, 1), ends_on=date(2035, 1, 1), best_of=3)  # fmt: skip
    for event in events:
        season_event_add(season=season, by=owner, event=event)
    staff = Client()
    staff.force_login(owner)
    assert "Edit the season" in staff.get(f"/seasons/{season.pk}/").content.decode()
    page = staff.get(f"/seasons/{season.pk}/edit/")
    assert page.status_code == 200
    assert 'value="League"' in page.content.decode()
    form = {"name": "Winter league", "starts_on": "2020-01-01", "ends_on": "2035-01-01", "best_of": 1, "qualifiers": 2}
    assert staff.post(f"/seasons/{season.pk}/edit/", form).status_code == 302
    season = Season.objects.get(pk=season.pk)
    assert (season.name, season.best_of, season.qualifiers) == ("Winter league", 1, 2)
    assert stored(season) == scratch(season)  # one event counts now: stored again
    Event.objects.filter(pk=events[0].pk).update(starts_at=datetime(2026, 6, 1, 20, tzinfo=UTC))
    narrow = {**form, "starts_on": "2027-01-01", "ends_on": "2035-01-01"}
    refused = staff.post(f"/seasons/{season.pk}/edit/", narrow)
    assert refused.status_code == 200
    assert "is played outside these dates" in refused.content.decode()
    stranger = Client()
    stranger.force_login(PlayerFactory().user)
    assert stranger.get(f"/seasons/{season.pk}/edit/").status_code == 403
    with pytest.raises(NotAllowed):
        season_update(season=season, by=stranger_user(stranger), name="Mine", starts_on=date(2020, 1, 1),
                               ends_on=date(2035, 1, 1), best_of=1, qualifiers=0)  # fmt: skip


def stranger_user(client: Client):
    from django.contrib.auth import get_user_model

    return get_user_model().objects.get(pk=client.session["_auth_user_id"])


@pytest.mark.django_db
def test_a_seasons_page_costs_the_same_queries_at_3_events_or_60() -> None:
    """The page reads one page of columns and counts the rest in the database: flat in the season's events."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from tests.factories import EventFactory
    from tournaments.seasons.models import SeasonEvent
    from tournaments.seasons.reads import SEASON_COLUMNS, season_page

    owner = PlayerFactory().user
    club = organisation_create(by=owner, slug="flat", name="Flat club")
    season = season_create(by=owner, organisation=club, name="Long", game="boomerang-australia",
                           starts_on=date(2020, 1, 1), ends_on=date(2035, 1, 1))  # fmt: skip
    queries = []
    for events in (3, 60):
        while season.season_events.count() < events:
            status = "finished" if season.season_events.count() % 3 else "registration"
            SeasonEvent.objects.create(season=season, event=EventFactory(organisation=club, status=status))
        with CaptureQueriesContext(connection) as captured:
            page = season_page(season_id=season.pk)
        queries.append(len(captured))
    assert queries[0] == queries[1], queries
    assert len(page.columns) == SEASON_COLUMNS
    assert len(page.coming) + page.more_coming == 20  # one event in three is still to come


@pytest.mark.django_db
def test_the_season_page_says_a_finished_night_waits_for_a_steward(django_capture_on_commit_callbacks) -> None:
    """Issue 66, item 8: the season page said "No event of this season has finished yet." while a finished
    night waited for a steward's sanction."""
    from datetime import date

    from django.test import Client

    owner = PlayerFactory()
    club = organisation_create(by=owner.user, slug="owls", name="Owls")
    event = _finished(club, owner.user, [PlayerFactory() for _ in range(4)], 3, django_capture_on_commit_callbacks)
    season = season_create(organisation=club, by=owner.user, name="Winter", game=GAME, starts_on=date(2026, 1, 1),
                           ends_on=date(2026, 12, 31))  # fmt: skip
    season_event_add(season=season, by=owner.user, event=event)
    page = Client().get(f"/seasons/{season.pk}/").content.decode()
    assert "1 finished event waits for a steward's sanction: it counts once sanctioned." in page
    assert "No event of this season has finished yet." not in page
    french = Client().get(f"/seasons/{season.pk}/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "attend l’homologation par un commissaire" in french
