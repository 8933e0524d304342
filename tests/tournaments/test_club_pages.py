"""The club pages and the stewards' queue, as people use them: who sees what, and what each button does."""

import pytest
from django.test import Client

from tests.factories import EventFactory, OrganisationFactory, PlayerFactory, UserFactory
from tests.tournaments.helpers import register_and_check_in
from tournaments.models import Event, Organisation, RatingBody, Round, Staff
from tournaments.results.services.closing import event_close
from tournaments.services.clubs import membership_add, organisation_create
from tournaments.services.events import event_create, event_open_registration
from tournaments.services.rounds import event_start, round_seat_next

pytestmark = pytest.mark.django_db


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def steward():
    federation = OrganisationFactory(slug="federation", kind="federation")
    RatingBody.objects.create(game="", organisation=federation)
    person = PlayerFactory()
    Staff.objects.create(organisation=federation, user=person.user, role="organiser")
    return person.user


def test_a_player_creates_a_club_from_the_page_and_lands_on_it_as_owner() -> None:
    player = PlayerFactory()
    client = signed_in(player.user)
    assert client.get("/clubs/new/").status_code == 200
    bad = client.post("/clubs/new/", {"name": "Night owls", "slug": "new", "kind": "club"})
    assert bad.status_code == 200
    assert "is taken" in bad.content.decode()  # /clubs/new/ is this page's own address
    made = client.post("/clubs/new/", {"name": "Night owls", "slug": "night-owls", "country": "fr", "kind": "club"})
    assert made.status_code == 302
    assert made["Location"] == "/clubs/night-owls/"
    club = Organisation.objects.get(slug="night-owls")
    assert (club.country, Staff.objects.get(organisation=club).role) == ("FR", "owner")
    page = client.get("/clubs/night-owls/").content.decode()
    assert "Night owls" in page
    assert "Add to the staff" in page  # owners manage the staff here
    assert "Add to the staff" not in Client().get("/clubs/night-owls/").content.decode()


def test_a_clubs_address_left_empty_is_made_from_its_name() -> None:
    """Issue 66, item 11: the club's address (slug) was not filled from its name."""
    client = signed_in(PlayerFactory().user)
    made = client.post("/clubs/new/", {"name": "Les Hiboux de Lyon", "slug": "", "kind": "club"})
    assert (made.status_code, made["Location"]) == (302, "/clubs/les-hiboux-de-lyon/")
    nothing = client.post("/clubs/new/", {"name": "!!!", "slug": "", "kind": "club"})
    assert nothing.status_code == 200
    assert "slug" in nothing.context["form"].errors


def test_anonymous_is_sent_to_log_in_before_creating_a_club() -> None:
    answer = Client().get("/clubs/new/")
    assert answer.status_code == 302
    assert answer["Location"].startswith("/accounts/login/")


def test_a_clubs_page_lists_its_events_and_hides_its_drafts_from_strangers() -> None:
    club = OrganisationFactory(slug="owls", name="Owls")
    EventFactory(organisation=club, name="Open night", status="registration")
    EventFactory(organisation=club, name="Secret draft", status="draft")
    EventFactory(organisation=club, name="Last month", status="finished")
    page = Client().get("/clubs/owls/").content.decode()
    assert "Open night" in page
    assert "Last month" in page
    assert "Secret draft" not in page
    assert Client().get("/clubs/nobody/").status_code == 404


def test_an_owner_adds_an_organiser_who_can_then_run_the_clubs_events() -> None:
    owner, helper = PlayerFactory(), PlayerFactory()
    club = organisation_create(by=owner.user, slug="owls", name="Owls")
    signed_in(owner.user).post("/clubs/owls/staff/", {"player": helper.handle, "role": "organiser"})
    assert Staff.objects.get(organisation=club, user=helper.user).role == "organiser"
    refused = signed_in(helper.user).post("/clubs/owls/staff/", {"player": PlayerFactory().handle, "role": "owner"})
    assert refused.status_code == 302
    assert Staff.objects.filter(organisation=club).count() == 2  # an organiser does not manage the staff
    event = event_create(organiser=helper.user, name="Night", game="boomerang-australia", organisation=club)
    assert event.organisation == club


def test_the_stewards_queue_is_for_stewards_only(steward) -> None:
    assert signed_in(PlayerFactory().user).get("/stewards/").status_code == 403
    assert signed_in(steward).get("/stewards/").status_code == 200
    assert signed_in(UserFactory(is_superuser=True)).get("/stewards/").status_code == 200


def test_the_queue_shows_waiting_events_with_their_signals_and_a_steward_decides_there(steward) -> None:
    event = EventFactory(name="Suspicious night", sanction="waiting", status="registration")
    register_and_check_in(event, [PlayerFactory() for _ in range(4)])
    EventFactory(name="Already fine", sanction="sanctioned")
    client = signed_in(steward)
    page = client.get("/stewards/").content.decode()
    assert "Suspicious night" in page
    assert "Already fine" not in page
    assert "Accounts created in the last 30 days: 4" in page  # the four players signed up today
    refused = client.post(f"/events/{event.pk}/sanction/refuse/", {"reason": ""})
    assert refused.status_code == 302
    assert Event.objects.get(pk=event.pk).sanction == "waiting"  # a decision needs a reason
    client.post(f"/events/{event.pk}/sanction/sanction/", {"reason": "I know this club"})
    assert Event.objects.get(pk=event.pk).sanction == "sanctioned"
    assert f'href="/events/{event.pk}/"' not in client.get("/stewards/").content.decode()
    shown = Client().get(f"/events/{event.pk}/").content.decode()
    assert f"sanctioned by {steward.player.handle}" in shown


def test_the_event_page_says_whether_its_tables_are_rated() -> None:
    waiting = EventFactory(sanction="waiting")
    assert "waiting for a steward" in Client().get(f"/events/{waiting.pk}/").content.decode()
    unrated = EventFactory(rated=False)
    assert "Not rated: the organisers chose so." in Client().get(f"/events/{unrated.pk}/").content.decode()
    french = Client(HTTP_ACCEPT_LANGUAGE="fr").get(f"/events/{waiting.pk}/").content.decode()
    assert "en attente d’homologation" in french


def test_the_signals_name_each_player_of_a_closed_circle_once(django_capture_on_commit_callbacks) -> None:
    import random

    from tests.tournaments.helpers import play_round
    from tournaments.stewarding.reads import event_signals

    event = EventFactory(sanction="waiting", status="registration", rounds_planned=2)
    players = [PlayerFactory() for _ in range(4)]
    register_and_check_in(event, players)
    organiser = event.organisers.get()
    round_ = event_start(event=event, by=organiser)
    Round.objects.filter(pk=round_.pk).update(status="seated")
    play_round(Round.objects.get(pk=round_.pk), organiser, random.Random(1), django_capture_on_commit_callbacks)
    play_round(round_seat_next(event=event, by=organiser), organiser, random.Random(2),
               django_capture_on_commit_callbacks)  # fmt: skip
    signals = event_signals(event=event)
    assert signals.closed_circle == sorted(p.handle for p in players)  # each once, though they met at two tables
    assert signals.players == 4


def test_a_clubs_page_lists_its_last_20_past_events_and_every_one_on_demand(
    django_assert_max_num_queries, monkeypatch
) -> None:
    from datetime import UTC, datetime, timedelta

    club = OrganisationFactory(slug="busy")
    first = datetime(2026, 1, 1, 19, tzinfo=UTC)
    for day in range(25):
        EventFactory(
            organisation=club, status="finished", name=f"Night {day:02}", starts_at=first + timedelta(days=day)
        )
    EventFactory(organisation=club, status="registration", name="Next week", starts_at=first + timedelta(days=40))
    with django_assert_max_num_queries(14):
        page = Client().get("/clubs/busy/").content.decode()
    assert "Next week" in page
    assert [f"Night {day:02}" in page for day in (24, 5, 4, 0)] == [True, True, False, False]  # the newest 20
    assert 'href="?events=1"' in page
    for link in ("?events=1", "?events=all"):  # the older link still opens the first page of every event
        everything = Client().get(f"/clubs/busy/{link}").content.decode()
        assert all(f"Night {day:02}" in everything for day in range(25))
        assert 'href="?events=1"' not in everything
    french = Client(headers={"accept-language": "fr"}).get("/clubs/busy/").content.decode()
    assert "Tous les événements passés" in french
    from tournaments.pages import club_reads

    monkeypatch.setattr(club_reads, "PAST_PAGE", 10)  # every past event, by pages
    second = Client().get("/clubs/busy/?events=2").content.decode()
    assert "Page 2 of 3" in second
    assert [f"Night {day:02}" in second for day in (15, 14, 5, 4)] == [False, True, True, False]


def test_after_a_night_its_players_become_members_in_one_tap_dated_the_night(
    django_capture_on_commit_callbacks,
) -> None:
    import random
    from datetime import UTC, datetime

    from tests.tournaments.helpers import play_round
    from tournaments.models import Membership

    owner = PlayerFactory()
    club = organisation_create(by=owner.user, slug="owls", name="Owls")
    night = event_create(organiser=owner.user, name="Night", game="boomerang-australia", organisation=club,
                                  rounds_planned=1, starts_at=datetime(2026, 11, 19, 19, tzinfo=UTC))  # fmt: skip
    event_open_registration(event=night, by=owner.user)
    players = [PlayerFactory() for _ in range(4)]
    register_and_check_in(night, players)
    round_ = event_start(event=night, by=owner.user)
    play_round(round_, owner.user, random.Random(4), django_capture_on_commit_callbacks)
    event_close(event=night, by=owner.user)
    membership_add(organisation=club, by=owner.user, player=players[0])  # one is a member already
    staff, stranger = Client(), Client()
    staff.force_login(owner.user)
    stranger.force_login(PlayerFactory().user)
    url = f"/clubs/owls/members/from-event/{night.pk}/"
    assert "Make its players members of Owls" in staff.get(f"/events/{night.pk}/").content.decode()
    stranger.post(url)
    assert Membership.objects.filter(organisation=club).count() == 1  # refused: not the club's staff
    answer = staff.post(url, follow=True)
    assert "3 players joined the club." in answer.content.decode()
    joined = Membership.objects.filter(organisation=club).exclude(player=players[0])
    assert sorted(m.player_id for m in joined) == sorted(p.pk for p in players[1:])
    assert {m.joined_on.isoformat() for m in joined} == {"2026-11-19"}
    assert all(p.handle in answer.content.decode() for p in players)  # the club page lists them


def test_a_player_asks_to_join_from_the_clubs_page_and_its_staff_accept_or_decline() -> None:
    from tournaments.models import JoinRequest, Membership

    owner, keen, shy = PlayerFactory(), PlayerFactory(), PlayerFactory()
    club = organisation_create(by=owner.user, slug="owls", name="Owls")
    staff, asker, other = Client(), Client(), Client()
    staff.force_login(owner.user)
    asker.force_login(keen.user)
    other.force_login(shy.user)
    assert "Ask to join the club" in asker.get("/clubs/owls/").content.decode()
    asker.post("/clubs/owls/join/")
    assert "waits for the club" in asker.get("/clubs/owls/").content.decode()
    assert asker.post("/clubs/owls/join/", follow=True).status_code == 200  # asked twice: told it waits
    assert JoinRequest.objects.filter(organisation=club, player=keen).count() == 1
    other.post("/clubs/owls/join/")
    page = staff.get("/clubs/owls/").content.decode()
    assert "Asking to join" in page
    first, second = JoinRequest.objects.order_by("id")
    assert asker.post(f"/clubs/owls/join-requests/{first.pk}/accept/").status_code == 302  # not staff: refused
    assert not Membership.objects.filter(organisation=club).exists()
    assert staff.post(f"/clubs/owls/join-requests/{first.pk}/maybe/").status_code == 404
    staff.post(f"/clubs/owls/join-requests/{first.pk}/accept/")
    staff.post(f"/clubs/owls/join-requests/{second.pk}/decline/")
    assert list(Membership.objects.filter(organisation=club).values_list("player_id", flat=True)) == [keen.pk]
    assert set(JoinRequest.objects.values_list("status", flat=True)) == {"accepted", "declined"}
    assert "Ask to join the club" not in asker.get("/clubs/owls/").content.decode()  # a member now


def test_the_clubs_directory_lists_and_finds_clubs_with_their_next_event_and_the_menu_links_it() -> None:
    """Issue 54: `/clubs/` lists clubs (searchable, each with its next event), linked from the menu."""
    from datetime import timedelta

    from django.utils import timezone

    from tests.factories import EventFactory, OrganisationFactory

    owls = OrganisationFactory(slug="owls", name="Les Hiboux")
    OrganisationFactory(slug="kites", name="Kite Flyers")
    EventFactory(organisation=owls, name="Later night", starts_at=timezone.now() + timedelta(days=14))
    EventFactory(organisation=owls, name="Next night", starts_at=timezone.now() + timedelta(days=7))
    page = Client().get("/clubs/").content.decode()
    assert "Les Hiboux" in page
    assert "Kite Flyers" in page
    assert "Next night" in page
    assert "Later night" not in page
    assert 'href="/clubs/"' in Client().get("/").content.decode()
    found = Client().get("/clubs/?q=hibou").content.decode()
    assert "Les Hiboux" in found
    assert "Kite Flyers" not in found
    french = Client(headers={"Accept-Language": "fr"}).get("/clubs/?q=zzz").content.decode()
    assert "Aucun nom de club ne contient « zzz »." in french


def test_the_club_page_offers_create_an_event_for_that_club_and_the_favicon_is_no_404() -> None:
    """Issue 66, item 11: no "Create an event" on the club page; favicon 404 on every page."""
    from django.test import Client

    from tests.factories import PlayerFactory
    from tournaments.services.clubs import organisation_create

    owner = PlayerFactory().user
    organisation_create(by=owner, slug="owls", name="Owls")
    organisation_create(by=owner, slug="larks", name="Larks")
    page = Client()
    page.force_login(owner)
    club = page.get("/clubs/larks/").content.decode()
    assert 'href="/events/new/?club=larks"' in club
    form = page.get("/events/new/?club=larks").content.decode()
    assert '<option value="larks" selected>' in form
    icon = Client().get("/favicon.ico")
    assert icon.status_code == 302  # to the icon's address of now (hashed once collected)
    assert Client().get(icon["Location"]).status_code == 200
