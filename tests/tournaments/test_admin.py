"""The admin lists every model with data, and its actions go through the services."""

import pytest

from tests.factories import EventFactory, PlayerFactory
from tests.tournaments.helpers import register_and_check_in
from tournaments.models import Round
from tournaments.services.events import event_open_registration
from tournaments.services.registrations import registration_create
from tournaments.services.rounds import event_start

pytestmark = pytest.mark.django_db

MODELS = [  # each model under its app's label
    "catalogue/edition", "catalogue/sheetcheck", "tournaments/player", "tournaments/event", "tournaments/registration",
    "tournaments/round", "tournaments/table", "tournaments/tableresult", "tournaments/scoresheet",
    "tournaments/organisation", "tournaments/ratingbody", "stewarding/sanctiondecision", "tournaments/membership",
    "seasons/season", "integrations/webhook", "integrations/webhookdelivery",
]  # fmt: skip


@pytest.fixture
def seated_event(admin_user):
    event = EventFactory(organisers=[admin_user])
    register_and_check_in(event, [PlayerFactory() for _ in range(5)])
    event_start(event=event, by=admin_user)
    return event


@pytest.mark.parametrize("model", MODELS)
def test_every_changelist_and_change_page_renders(admin_client, seated_event, model: str) -> None:
    page = admin_client.get(f"/admin/{model}/")
    assert page.status_code == 200
    search = admin_client.get(f"/admin/{model}/?q=club")
    assert search.status_code == 200


def test_the_start_round_action_starts_the_round(admin_client, seated_event) -> None:
    round_ = Round.objects.get(event=seated_event)
    admin_client.post("/admin/tournaments/round/", {"action": "start_round", "_selected_action": [round_.pk]})
    round_.refresh_from_db()
    assert round_.status == "running"


def test_a_refused_action_is_reported_as_a_message_not_an_error(admin_client, seated_event) -> None:
    response = admin_client.post(
        "/admin/tournaments/event/", {"action": "open_registration", "_selected_action": [seated_event.pk]}, follow=True
    )
    assert response.status_code == 200
    assert "the event is running, not draft" in response.content.decode()


def test_the_event_page_shows_the_standings_with_their_tie_breaks(
    admin_client, admin_user, django_capture_on_commit_callbacks
) -> None:
    import random

    from tests.tournaments.helpers import play_round

    event = EventFactory(organisers=[admin_user], rounds_planned=1)
    register_and_check_in(event, [PlayerFactory() for _ in range(4)])
    round_ = event_start(event=event, by=admin_user)
    play_round(round_, admin_user, random.Random(1), django_capture_on_commit_callbacks)
    page = admin_client.get(f"/admin/tournaments/event/{event.pk}/change/").content.decode()
    assert "opponents&#x27; points" in page or "opponents' points" in page
    for registration in event.registrations.all():
        assert registration.player.handle in page


def test_the_event_form_edits_points_as_text_and_refuses_a_bad_scheme(admin_client, admin_user) -> None:
    event = EventFactory(organisers=[admin_user], status="draft")
    page = admin_client.get(f"/admin/tournaments/event/{event.pk}/change/")
    assert b"4: 4, 2, 1, 0" in page.content
    form = {
        "name": event.name, "game": event.game, "rounds_planned": 4, "capacity": 16, "seed": 7,
        "organisers": [admin_user.pk], "points_text": "4: 4, 2, 1e308, 0\n3: 3, 1, 0\n5: 5, 3, 2, 1, 0",
        "tie_breaks_text": "game_score", "description": "", "venue": "",
        "registrations-TOTAL_FORMS": 0, "registrations-INITIAL_FORMS": 0,
    }  # fmt: skip
    refused = admin_client.post(f"/admin/tournaments/event/{event.pk}/change/", form)
    assert refused.status_code == 200
    assert b"outside 0 to 1000" in refused.content
    # The services' own check, with the API's words: every table size the game seats needs its points.
    short = admin_client.post(
        f"/admin/tournaments/event/{event.pk}/change/",
        {**form, "points_text": "4: 5, 3, 1, 0\n3: 3, 1, 0\n5: 5, 3, 2, 1, 0"},
    )
    assert short.status_code == 200
    assert b"points for a table of 2 must be a list of 2 numbers" in short.content
    accepted = admin_client.post(
        f"/admin/tournaments/event/{event.pk}/change/",
        {**form, "points_text": "2: 2, 0\n4: 5, 3, 1, 0\n3: 3, 1, 0\n5: 5, 3, 2, 1, 0"},
    )
    assert accepted.status_code == 302, accepted.context["adminform"].form.errors
    event.refresh_from_db()
    assert event.points_by_table_size["4"] == [5, 3, 1, 0]
    assert event.tie_breaks == ["game_score"]


def test_registration_status_changes_only_through_the_services(admin_client, admin_user) -> None:
    event = EventFactory(organisers=[admin_user], capacity=1)
    first, second = PlayerFactory(), PlayerFactory()
    registration = registration_create(event=event, player=first)
    waiting = registration_create(event=event, player=second)
    assert waiting.status == "waitlisted"
    page = admin_client.get(f"/admin/tournaments/registration/{registration.pk}/change/")
    assert b'name="status"' not in page.content  # no raw status field to bypass the waitlist
    admin_client.post("/admin/tournaments/registration/", {"action": "withdraw", "_selected_action": [registration.pk]})
    waiting.refresh_from_db()
    assert waiting.status == "registered"  # the waitlist moved up, as the service does it


def test_the_pool_page_shows_its_leaderboard_with_rounded_ratings(admin_client) -> None:
    from django.utils import timezone

    from ratings.models import RatingPool
    from ratings.services.pools import Placing, match_record
    from tests.factories import UserFactory

    users = [UserFactory() for _ in range(4)]
    placings = [Placing(u.pk, u.username, i) for i, u in enumerate(users, start=1)]
    match_record(game="boomerang-flip", source="table:1", order_at=timezone.now(), placings=placings)
    pool = RatingPool.objects.get(game="boomerang-flip")
    page = admin_client.get(f"/admin/ratings/ratingpool/{pool.pk}/change/").content.decode()
    assert users[0].username in page
    assert "leaderboard" in page
    listing = admin_client.get("/admin/ratings/rating/").content.decode()
    import re

    assert not re.search(r">\d+\.\d{4,}<", listing)  # no long floats in the list


def test_the_admin_creates_events_through_the_service_fixes_their_rules_once_registered_and_stops_at_the_start(
    admin_client, admin_user
) -> None:
    from tests.factories import OrganisationFactory
    from tournaments.models import Event

    form = {
        "name": "Admin night", "organisation": OrganisationFactory().pk, "game": "boomerang-australia",
        "rounds_planned": 3, "capacity": 12,
        "points_text": "2: 2, 0\n3: 3, 1, 0\n4: 4, 2, 1, 0\n5: 5, 3, 2, 1, 0", "tie_breaks_text": "game_score",
        "description": "", "venue": "", "registrations-TOTAL_FORMS": 0, "registrations-INITIAL_FORMS": 0,
    }  # fmt: skip
    created = admin_client.post("/admin/tournaments/event/add/", form)
    assert created.status_code == 302, created.context["adminform"].form.errors
    event = Event.objects.get(name="Admin night")
    assert event.seed is not None  # the service drew one
    assert list(event.organisers.all()) == [admin_user]
    event_open_registration(event=event, by=admin_user)
    from tests.factories import PlayerFactory

    registration_create(event=event, player=PlayerFactory())
    page = admin_client.get(f"/admin/tournaments/event/{event.pk}/change/").content.decode()
    assert 'name="name"' in page  # the name, time and venue still move until the start
    assert 'name="rounds_planned"' not in page  # what seats or scores players is fixed once they registered
    Event.objects.filter(pk=event.pk).update(status="running")
    page = admin_client.get(f"/admin/tournaments/event/{event.pk}/change/").content.decode()
    assert 'name="name"' not in page  # read-only once it started
    admin_client.post(f"/admin/tournaments/event/{event.pk}/change/", {**form, "name": "Renamed"})
    event.refresh_from_db()
    assert event.name == "Admin night"


def test_what_a_result_is_made_of_cannot_be_deleted_from_the_admin(admin_client, seated_event) -> None:
    """A deleted table's match would stay in its pool, its points in the places and the seasons: the admin
    deletes no round, table, result or sheet, alone or in bulk, nor an event once it is seated."""
    round_ = Round.objects.get(event=seated_event)
    table = round_.tables.first()
    for model, pk in (("event", seated_event.pk), ("round", round_.pk), ("table", table.pk),
                      ("tableresult", table.result.pk)):  # fmt: skip
        assert admin_client.get(f"/admin/tournaments/{model}/{pk}/delete/").status_code == 403, model
        listing = admin_client.get(f"/admin/tournaments/{model}/")
        assert "delete_selected" not in listing.content.decode(), model
        admin_client.post(f"/admin/tournaments/{model}/", {"action": "delete_selected", "_selected_action": [pk],
                                                            "post": "yes"})  # fmt: skip
    assert Round.objects.filter(pk=round_.pk).exists()
    assert seated_event.rounds.count() == 1
    assert table.__class__.objects.filter(pk=table.pk).exists()


def test_an_event_not_yet_seated_can_still_be_deleted_from_its_page(admin_client, admin_user) -> None:
    event = EventFactory(organisers=[admin_user])
    assert admin_client.post(f"/admin/tournaments/event/{event.pk}/delete/", {"post": "yes"}).status_code == 302
    assert not type(event).objects.filter(pk=event.pk).exists()
