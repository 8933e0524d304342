"""An organiser runs a night from the pages alone: creates and edits the event (the services' checks, in the
form), previews round 1's tables, duplicates it for next month, swaps two players before a round starts."""

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.test import Client

from tests.factories import PlayerFactory
from tests.tournaments.helpers import register_and_check_in
from tournaments import services
from tournaments.models import Event, Seat

pytestmark = pytest.mark.django_db


def form(**changes: object) -> dict[str, object]:
    values = {
        "name": "Thursday night", "organisation": "owls", "game": "boomerang-australia",
        "starts_at": "2026-12-03T19:30", "timezone": "Europe/Paris", "venue": "Café du coin", "description": "",
        "rounds_planned": 3, "capacity": 12, "registration_opens": "", "registration_closes": "", "rated": "on",
        "draft_direction": "alternate",
        "late_entry_until_round": 0, "final_table_size": 0, "bye_points": "", "tie_breaks": "game_score",
        "avoid_pairs": "", "pinned_tables": "", "seed": "",
        "points_2": "4, 0", "points_3": "4, 2, 0", "points_4": "5, 3, 1, 0", "points_5": "4, 3, 2, 1, 0",
    }  # fmt: skip
    return {**values, **changes}


@pytest.fixture
def owner() -> Client:
    player = PlayerFactory()
    services.organisation_create(by=player.user, slug="owls", name="Owls")
    client = Client()
    client.force_login(player.user)
    client.user = player.user  # type: ignore[attr-defined]
    return client


def test_someone_who_runs_no_club_is_asked_to_create_one_first() -> None:
    client = Client()
    client.force_login(PlayerFactory().user)
    assert client.get("/events/new/")["Location"] == "/clubs/new/"


def test_the_event_is_created_from_the_page_with_its_times_in_its_own_zone(owner: Client) -> None:
    assert owner.get("/events/new/").status_code == 200
    created = owner.post("/events/new/", form())
    assert created.status_code == 302, created.context["form"].errors
    event = Event.objects.get(name="Thursday night")
    assert event.starts_at == datetime(2026, 12, 3, 19, 30, tzinfo=ZoneInfo("Europe/Paris"))
    assert event.points_by_table_size["4"] == [5, 3, 1, 0]
    assert (event.organisation.slug, event.status, event.sanction) == ("owls", "draft", "waiting")
    assert event.draft_direction == "alternate"


def test_the_form_refuses_with_the_services_words_at_the_field(owner: Client) -> None:
    bad_points = owner.post("/events/new/", form(points_4="5, 3, 1"))
    assert bad_points.status_code == 200
    assert "a table of 4 needs a list of 4 points" in bad_points.content.decode()  # the API's own words
    bad_zone = owner.post("/events/new/", form(timezone="Mars/Olympus"))
    assert "Not a time zone" in bad_zone.content.decode()
    bad_breaks = owner.post("/events/new/", form(tie_breaks="luck"))
    assert bad_breaks.status_code == 200
    assert not Event.objects.exists()


def test_another_clubs_organiser_cannot_choose_this_club(owner: Client) -> None:
    stranger = PlayerFactory()
    services.organisation_create(by=stranger.user, slug="hawks", name="Hawks")
    client = Client()
    client.force_login(stranger.user)
    answer = client.post("/events/new/", form())  # "owls" is not among their clubs
    assert answer.status_code == 200
    assert not Event.objects.exists()


def test_a_draft_is_edited_an_open_event_too_and_a_started_one_is_not(owner: Client) -> None:
    owner.post("/events/new/", form())
    event = Event.objects.get()
    page = owner.get(f"/events/{event.pk}/edit/").content.decode()
    assert 'value="Thursday night"' in page
    assert 'value="2026-12-03T19:30"' in page  # shown in the event's own zone
    saved = owner.post(f"/events/{event.pk}/edit/", form(name="Friday night", organisation=""))
    assert saved.status_code == 302, saved.context["form"].errors
    assert Event.objects.get().name == "Friday night"
    services.event_open_registration(event=event, by=owner.user)  # type: ignore[attr-defined]
    assert owner.get(f"/events/{event.pk}/edit/").status_code == 200  # until it starts (issue 42)
    assert Client().get(f"/events/{event.pk}/edit/").status_code == 302  # to log in
    Event.objects.filter(pk=event.pk).update(status="running")
    assert owner.get(f"/events/{event.pk}/edit/").status_code == 302


def test_round_ones_tables_are_previewed_for_n_players(owner: Client) -> None:
    page = owner.get("/events/new/?players=11").content.decode()
    assert "11 players: 3 tables (4, 4, 3)" in page


def test_duplicating_makes_next_months_draft_in_one_tap(owner: Client) -> None:
    owner.post("/events/new/", form())
    event = Event.objects.get()
    copied = owner.post(f"/events/{event.pk}/duplicate/")
    copy = Event.objects.exclude(pk=event.pk).get()
    assert copied["Location"] == f"/events/{copy.pk}/"
    assert copy.starts_at == event.starts_at + timedelta(days=28)
    assert (copy.name, copy.organisation, copy.status, copy.points_by_table_size) == (
        event.name, event.organisation, "draft", event.points_by_table_size,
    )  # fmt: skip
    stranger = Client()
    stranger.force_login(PlayerFactory().user)
    stranger.post(f"/events/{event.pk}/duplicate/")
    assert Event.objects.count() == 2


def test_an_organiser_swaps_two_players_before_the_round_starts(owner: Client, settings) -> None:
    settings.CHECK_IN_DAYS_BEFORE = 3650  # the form's night is in the future: its players check in ahead
    owner.post("/events/new/", form(capacity=8))
    event = Event.objects.get()
    services.event_open_registration(event=event, by=owner.user)  # type: ignore[attr-defined]
    register_and_check_in(event, [PlayerFactory() for _ in range(8)])
    round_ = services.event_start(event=event, by=owner.user)  # type: ignore[attr-defined]
    page = owner.get(f"/events/{event.pk}/rounds/1/").content.decode()
    assert "Swap two players" in page
    a, b = (
        Seat.objects.filter(table__round=round_, table__number=1, position=1).get(),
        Seat.objects.filter(table__round=round_, table__number=2, position=1).get(),
    )
    players = a.player_id, b.player_id
    owner.post(f"/events/{event.pk}/rounds/1/swap/", {"seat_a": a.pk, "seat_b": b.pk})
    a.refresh_from_db()
    b.refresh_from_db()
    assert (a.player_id, b.player_id) == players[::-1]
    assert "Swap two players" not in Client().get(f"/events/{event.pk}/rounds/1/").content.decode()
    services.round_start(round_=round_, by=owner.user)  # type: ignore[attr-defined]
    owner.post(f"/events/{event.pk}/rounds/1/swap/", {"seat_a": a.pk, "seat_b": b.pk})
    a.refresh_from_db()
    assert a.player_id == players[1]  # refused once the round runs
