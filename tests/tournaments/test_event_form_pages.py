"""An organiser runs a night from the pages alone: creates and edits the event (the services' checks, in the
form), previews round 1's tables, duplicates it for next month, swaps two players before a round starts."""

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.test import Client

from tests.factories import PlayerFactory
from tests.tournaments.helpers import register_and_check_in
from tournaments.models import Event, Organisation, Seat
from tournaments.services.clubs import organisation_create
from tournaments.services.events import event_create, event_open_registration
from tournaments.services.registrations import registration_create
from tournaments.services.rounds import event_start, round_start

pytestmark = pytest.mark.django_db


def form(**changes: object) -> dict[str, object]:
    values = {
        "name": "Thursday night", "organisation": "owls", "game": "boomerang-australia",
        "starts_on": "2026-12-03", "starts_time": "19:30", "timezone": "Europe/Paris", "venue": "Café du coin",
        "description": "",
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
    organisation_create(by=player.user, slug="owls", name="Owls")
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
    assert "Mars/Olympus is not one of the available choices" in bad_zone.content.decode()
    bad_breaks = owner.post("/events/new/", form(tie_breaks="luck"))
    assert bad_breaks.status_code == 200
    assert "luck is not one of the available choices" in bad_breaks.content.decode()
    half_a_start = owner.post("/events/new/", form(starts_time=""))
    assert "Give the date and the time." in half_a_start.content.decode()
    assert not Event.objects.exists()


def test_another_clubs_organiser_cannot_choose_this_club(owner: Client) -> None:
    stranger = PlayerFactory()
    organisation_create(by=stranger.user, slug="hawks", name="Hawks")
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
    assert 'value="2026-12-03"' in page  # shown in the event's own zone
    assert 'value="19:30"' in page
    saved = owner.post(f"/events/{event.pk}/edit/", form(name="Friday night", organisation=""))
    assert saved.status_code == 302, saved.context["form"].errors
    assert Event.objects.get().name == "Friday night"
    event_open_registration(event=event, by=owner.user)  # type: ignore[attr-defined]
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
    event_open_registration(event=event, by=owner.user)  # type: ignore[attr-defined]
    register_and_check_in(event, [PlayerFactory() for _ in range(8)])
    round_ = event_start(event=event, by=owner.user)  # type: ignore[attr-defined]
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
    round_start(round_=round_, by=owner.user)  # type: ignore[attr-defined]
    owner.post(f"/events/{event.pk}/rounds/1/swap/", {"seat_a": a.pk, "seat_b": b.pk})
    a.refresh_from_db()
    assert a.player_id == players[1]  # refused once the round runs


def test_a_night_fits_one_screen_in_the_pages_language_and_the_rest_is_folded(owner: Client) -> None:
    """The first screen asks the common night (name, club, game, date, time, venue, places); the date is
    written as the page's language writes it; the time zone defaults to the club's; tie-breaks are words."""
    Event.objects.create(name="Earlier", game="boomerang-australia", organisation=Organisation.objects.get(slug="owls"),
                         timezone="America/Montreal")  # fmt: skip
    page = owner.get("/events/new/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    folded = page.index('<details class="more"')
    for name in ("name", "organisation", "game", "starts_on", "starts_time", "venue", "capacity"):
        assert page.index(f'id="id_{name}"') < folded, name
    for name in ("timezone", "rounds_planned", "tie_breaks_0", "points_4"):
        assert page.index(f'id="id_{name}"') > folded, name
    assert 'placeholder="31/12/2026"' in page  # the French way of writing a date
    assert '<option value="America/Montreal" selected>' in page
    assert "la somme des scores" in page or "score" in page  # tie-breaks as words, not code names
    assert "game_tie_break," not in page
    created = owner.post("/events/new/", form(starts_on="03/12/2026", timezone="America/Montreal",
                                              tie_breaks=["opponents_points", "game_score"]),
                         HTTP_ACCEPT_LANGUAGE="fr")  # fmt: skip
    assert created.status_code == 302
    event = Event.objects.get(name="Thursday night")
    assert event.starts_at == datetime(2026, 12, 3, 19, 30, tzinfo=ZoneInfo("America/Montreal"))
    assert event.tie_breaks == ["opponents_points", "game_score"]


def test_registration_moments_are_written_as_the_page_writes_them_in_the_events_zone(owner: Client) -> None:
    created = owner.post("/events/new/", form(registration_opens="01/12/2026 18:00", timezone="Europe/Paris"),
                         HTTP_ACCEPT_LANGUAGE="fr")  # fmt: skip
    assert created.status_code == 302
    event = Event.objects.get()
    assert event.registration_opens == datetime(2026, 12, 1, 18, 0, tzinfo=ZoneInfo("Europe/Paris"))
    page = owner.get(f"/events/{event.pk}/edit/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert 'value="01/12/2026 18:00"' in page


def test_an_event_with_players_registered_moves_from_the_page_its_fixed_rules_untouched(owner: Client) -> None:
    """The rules shown fixed are not sent back: an Australia night made through the API (whose default points
    name a table of 5 it never seats) moves its time and venue from the page once a player registered."""
    club = Organisation.objects.get(slug="owls")
    event = event_create(organiser=owner.user, organisation=club, name="Night", game="boomerang-australia")  # type: ignore[attr-defined]
    event_open_registration(event=event, by=owner.user)  # type: ignore[attr-defined]
    registration_create(event=event, player=PlayerFactory())
    page = owner.get(f"/events/{event.pk}/edit/").content.decode()
    assert "Fixed: players registered for these rules." in page
    moved = {key: value for key, value in form(venue="The library", starts_time="20:00").items()
             if key in ("name", "starts_on", "starts_time", "venue", "capacity", "timezone", "description",
                        "registration_opens", "registration_closes", "late_entry_until_round", "avoid_pairs",
                        "pinned_tables")}  # fmt: skip
    assert owner.post(f"/events/{event.pk}/edit/", moved).status_code == 302
    event.refresh_from_db()
    assert (event.venue, event.starts_at.astimezone(ZoneInfo("Europe/Paris")).hour) == ("The library", 20)
    assert event.points_by_table_size["5"] == [4, 3, 2, 1, 0]


@pytest.mark.parametrize(("typed", "hour", "minute"), [("20h", 20, 0), ("20 h 15", 20, 15), ("9h05", 9, 5)])
def test_a_time_typed_as_french_writes_it_is_taken(owner: Client, typed: str, hour: int, minute: int) -> None:
    """Issue 54: "20h" or "20 h 15" was refused as an invalid time."""
    created = owner.post("/events/new/", form(name=f"Night {typed}", starts_time=typed), HTTP_ACCEPT_LANGUAGE="fr")
    assert created.status_code == 302, created.context["form"].errors
    starts = Event.objects.get(name=f"Night {typed}").starts_at.astimezone(ZoneInfo("Europe/Paris"))
    assert (starts.hour, starts.minute) == (hour, minute)


@pytest.mark.parametrize(
    ("typed", "hour", "minute"),
    [("8pm", 20, 0), ("8:30 pm", 20, 30), ("8.15PM", 20, 15), ("12am", 0, 0), ("12 p.m.", 12, 0)],
)
def test_a_time_typed_as_english_says_it_is_taken(owner: Client, typed: str, hour: int, minute: int) -> None:
    """Issue 66, item 11: "8pm" was refused in the English event form."""
    created = owner.post("/events/new/", form(name=f"Night {typed}", starts_time=typed), HTTP_ACCEPT_LANGUAGE="en")
    assert created.status_code == 302, created.context["form"].errors
    starts = Event.objects.get(name=f"Night {typed}").starts_at.astimezone(ZoneInfo("Europe/Paris"))
    assert (starts.hour, starts.minute) == (hour, minute)


def test_a_time_past_twelve_with_pm_is_refused(owner: Client) -> None:
    refused = owner.post("/events/new/", form(name="Night 13pm", starts_time="13pm"), HTTP_ACCEPT_LANGUAGE="en")
    assert refused.status_code == 200
    assert "starts_time" in refused.context["form"].errors
