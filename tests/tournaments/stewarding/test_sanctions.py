"""Organisations run events; only a steward's sanction puts an event's tables into the rating pool, and the
pool always equals rating every sanctioned table from scratch (docs/rules.md, "Sanctions")."""

import random

import pytest
from django.test import Client

from ratings.models import Rating, RatingEvent, RatingPool
from ratings.services.pools import pool_replay
from tests.factories import EventFactory, OrganisationFactory, PlayerFactory, UserFactory
from tests.tournaments.helpers import play_round, register_and_check_in
from tournaments.models import Event, Organisation, RatingBody, Staff, Table
from tournaments.results.services.closing import event_close
from tournaments.results.sources import table_source
from tournaments.services.events import event_create, event_open_registration
from tournaments.services.rounds import event_start
from tournaments.stewarding.models import SanctionDecision
from tournaments.stewarding.services import (
    event_sanction,
    event_unsanction,
    organisation_corrections_trust,
    organisation_trust,
)

pytestmark = pytest.mark.django_db
GAME = "boomerang-australia"


def client_of(user=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def post(client: Client, url: str, body: dict | None = None):
    return client.post(url, body or {}, content_type="application/json")


@pytest.fixture
def people():
    """An owner of a club, an organiser of another club, a steward (staff of the federation stewarding every
    game), a plain player, and a superuser."""
    club, other = OrganisationFactory(slug="night-owls"), OrganisationFactory(slug="elsewhere")
    federation = OrganisationFactory(slug="federation", kind="federation")
    RatingBody.objects.create(game="", organisation=federation)
    owner, outsider, steward, player = (PlayerFactory() for _ in range(4))
    Staff.objects.create(organisation=club, user=owner.user, role="owner")
    Staff.objects.create(organisation=other, user=outsider.user, role="organiser")
    Staff.objects.create(organisation=federation, user=steward.user, role="organiser")
    return {
        "club": club, "owner": owner.user, "outsider": outsider.user, "steward": steward.user,
        "player": player.user, "superuser": UserFactory(is_superuser=True, is_staff=True),
    }  # fmt: skip


def test_a_signed_in_player_creates_a_club_and_owns_it_anonymous_cannot() -> None:
    player = PlayerFactory()
    body = {"slug": "cafe-du-coin", "name": "Café du coin", "country": "FR", "kind": "club"}
    assert post(client_of(), "/api/organisations/", body).status_code in (401, 403)
    created = post(client_of(player.user), "/api/organisations/", body)
    assert created.status_code == 201, created.content
    assert created.json()["staff"] == [{"player": player.handle, "role": "owner"}]
    taken = post(client_of(PlayerFactory().user), "/api/organisations/", body)
    assert (taken.status_code, taken.json()["code"], taken.json()["field"]) == (409, "slug_taken", "slug")
    bad_slug = post(client_of(player.user), "/api/organisations/", {**body, "slug": "x y"})
    assert (bad_slug.status_code, bad_slug.json()["field"]) == (400, "slug")
    bad_country = post(client_of(player.user), "/api/organisations/", {**body, "slug": "other", "country": "fr"})
    assert (bad_country.status_code, bad_country.json()["field"]) == (400, "country")


@pytest.mark.parametrize(
    ("who", "expected"), [("owner", 201), ("outsider", 403), ("steward", 403), ("player", 403), ("superuser", 201)]
)
def test_only_an_organisations_staff_create_its_events(people, who: str, expected: int) -> None:
    body = {"name": "Thursday night", "game": GAME, "organisation": "night-owls"}
    answer = post(client_of(people[who]), "/api/events/", body)
    assert answer.status_code == expected, answer.content
    if expected == 403:
        assert (answer.json()["code"], answer.json()["field"]) == ("not_staff", "organisation")


def test_anonymous_cannot_create_an_event() -> None:
    assert post(client_of(), "/api/events/", {"name": "x", "game": GAME}).status_code in (401, 403)


def test_an_organiser_of_another_club_cannot_run_this_clubs_event(people) -> None:
    event = event_create(organiser=people["owner"], name="Night", game=GAME, organisation=people["club"])
    refused = post(client_of(people["outsider"]), f"/api/events/{event.pk}/open-registration/")
    assert refused.status_code == 403
    staff = PlayerFactory()
    Staff.objects.create(organisation=people["club"], user=staff.user, role="organiser")
    assert post(client_of(staff.user), f"/api/events/{event.pk}/open-registration/").status_code == 200


@pytest.mark.parametrize(
    ("who", "expected"), [("owner", 403), ("outsider", 403), ("steward", 200), ("player", 403), ("superuser", 200)]
)
def test_only_stewards_sanction_and_unsanction(people, who: str, expected: int) -> None:
    event = event_create(organiser=people["owner"], name="Night", game=GAME, organisation=people["club"])
    assert event.sanction == "waiting"
    sanctioned = post(client_of(people[who]), f"/api/events/{event.pk}/sanction/", {"reason": "known club"})
    assert sanctioned.status_code == expected, sanctioned.content
    if expected == 200:
        assert sanctioned.json()["sanction"] == "sanctioned"
        revoked = post(client_of(people[who]), f"/api/events/{event.pk}/unsanction/", {"reason": "doubt"})
        assert revoked.json()["sanction"] == "refused"
        decisions = list(SanctionDecision.objects.filter(event=event).values_list("decision", "reason", "by"))
        assert decisions == [("revoked", "doubt", people[who].pk), ("sanctioned", "known club", people[who].pk)]
    else:
        assert sanctioned.json()["code"] == "not_steward"
    assert post(client_of(), f"/api/events/{event.pk}/sanction/", {"reason": "x"}).status_code in (401, 403)


def test_a_decision_needs_a_reason_and_a_running_event_cannot_be_sanctioned(people) -> None:
    event = EventFactory(organisation=people["club"], sanction="waiting", status="running")
    steward = client_of(people["steward"])
    no_reason = post(steward, f"/api/events/{event.pk}/sanction/", {"reason": "  "})
    assert (no_reason.status_code, no_reason.json()["field"]) == (400, "reason")
    running = post(steward, f"/api/events/{event.pk}/sanction/", {"reason": "fine"})
    assert (running.status_code, running.json()["code"]) == (409, "wrong_event_status")


def test_a_trusted_clubs_events_are_sanctioned_as_they_are_created(people) -> None:
    organisation_trust(organisation=people["club"], by=people["steward"], trusted=True, game=GAME)
    event = event_create(organiser=people["owner"], name="Night", game=GAME, organisation=people["club"])
    assert event.sanction == "sanctioned"
    assert SanctionDecision.objects.get(event=event).by is None


def _finished_event(club, owner, seed: int, on_commit) -> Event:
    event = event_create(organiser=owner, name=f"Night {seed}", game=GAME, organisation=club, rounds_planned=1)
    event_open_registration(event=event, by=owner)
    register_and_check_in(event, [PlayerFactory() for _ in range(4)])
    round_ = event_start(event=event, by=owner)
    play_round(round_, owner, random.Random(seed), on_commit)
    event_close(event=event, by=owner)
    return Event.objects.get(pk=event.pk)


def _ratings(pool: RatingPool) -> dict[int, tuple[float, float, int]]:
    return {r.player_id: (round(r.mu, 9), round(r.sigma, 9), r.games) for r in Rating.objects.filter(pool=pool)}


@pytest.mark.parametrize("seed", [1, 2])
def test_the_pool_equals_rating_every_sanctioned_table_from_scratch_whatever_the_order(
    people, django_capture_on_commit_callbacks, seed: int
) -> None:
    """Three finished events, sanctioned and revoked in a random order (12 decisions): after every decision
    the pool holds exactly the sanctioned events' tables, and its ratings equal a replay of those from
    nothing (the pool as if every sanctioned table had been rated from scratch, in order)."""
    owner, club, rng = people["owner"], people["club"], random.Random(seed)
    events = [_finished_event(club, owner, seed * 10 + n, django_capture_on_commit_callbacks) for n in range(3)]
    for _ in range(12):
        event = Event.objects.get(pk=rng.choice(events).pk)
        if event.sanction != "sanctioned":
            event_sanction(event=event, by=people["steward"], reason="looked fine")
        else:
            event_unsanction(event=event, by=people["steward"], reason="doubt")
        sanctioned = Table.objects.filter(round__event__in=events, round__event__sanction="sanctioned")
        pool = RatingPool.objects.filter(game=GAME).first()
        held = set(RatingEvent.objects.filter(pool=pool).values_list("source", flat=True)) if pool else set()
        assert held == {table_source(pk) for pk in sanctioned.values_list("pk", flat=True)}
        if pool is not None:
            incremental = _ratings(pool)
            pool_replay(pool=pool)
            assert _ratings(pool) == incremental


def test_trust_is_given_per_game_by_that_games_stewards_only(people, real_edition_stand_in) -> None:
    from config.errors import NotAllowed

    hunt = "boomerang-hunt"
    real_edition_stand_in(hunt)  # a practice game's events are never sanctioned, trusted or not
    federation = OrganisationFactory(slug="hunt-federation", kind="federation")
    RatingBody.objects.create(game=hunt, organisation=federation)
    hunt_steward = PlayerFactory().user
    Staff.objects.create(organisation=federation, user=hunt_steward, role="organiser")
    with pytest.raises(NotAllowed):
        organisation_trust(organisation=people["club"], by=hunt_steward, trusted=True, game=GAME)
    club = organisation_trust(organisation=people["club"], by=hunt_steward, trusted=True, game=hunt)
    assert club.trusted_games == [hunt]
    drafting = event_create(organiser=people["owner"], name="Drafting", game=GAME, organisation=club)
    hunting = event_create(organiser=people["owner"], name="Hunting", game=hunt, organisation=club)
    assert (drafting.sanction, hunting.sanction) == ("waiting", "sanctioned")
    club = organisation_trust(organisation=club, by=hunt_steward, trusted=False, game=hunt)
    assert club.trusted_games == []


def test_corrections_are_trusted_per_game_by_that_games_stewards_only(people) -> None:
    """Issue 53: a USA steward trusted a flip club's corrections, and the flip pool then moved with no flip
    steward. Each game's stewards trust for their game alone."""
    from config.errors import DomainError, NotAllowed

    flip = "boomerang-flip"
    federation = OrganisationFactory(slug="flip-federation", kind="federation")
    RatingBody.objects.create(game=flip, organisation=federation)
    flip_steward = PlayerFactory().user
    Staff.objects.create(organisation=federation, user=flip_steward, role="organiser")
    with pytest.raises(NotAllowed):
        organisation_corrections_trust(organisation=people["club"], by=flip_steward, trusted=True, game=GAME)
    with pytest.raises(DomainError) as unknown:
        organisation_corrections_trust(organisation=people["club"], by=flip_steward, trusted=True, game="")
    assert unknown.value.field == "game"
    club = organisation_corrections_trust(organisation=people["club"], by=flip_steward, trusted=True, game=flip)
    assert club.corrections_trusted_games == [flip]
    page = client_of(flip_steward).get(f"/clubs/{club.slug}/").content.decode()
    assert page.count('name="game"') == 1  # one form: the game this steward stewards
    answer = post(client_of(flip_steward), f"/api/organisations/{club.slug}/corrections-trust/",
                  {"trusted": True, "game": GAME})  # fmt: skip
    assert (answer.status_code, answer.json()["code"]) == (403, "not_steward")
    assert Organisation.objects.get(pk=club.pk).corrections_trusted_games == [flip]


@pytest.mark.parametrize("role", ["co-organiser", "staff"])
def test_nobody_decides_on_an_event_they_organise_in_any_role(
    people, django_capture_on_commit_callbacks, role: str
) -> None:
    """A steward named co-organiser (not staff of the club) sanctioned the event; nobody decides on an event
    they organise, a superuser neither."""
    from config.errors import NotAllowed

    steward = UserFactory(is_superuser=True)
    event = _finished_event(people["club"], people["owner"], 3, django_capture_on_commit_callbacks)
    if role == "co-organiser":
        event.organisers.add(steward)
    else:
        Staff.objects.create(organisation=people["club"], user=steward, role="organiser")
    for decide in (event_sanction, event_unsanction):
        with pytest.raises(NotAllowed) as refused:
            decide(event=event, by=steward, reason="mine")
        assert refused.value.code == "own_event"
    answer = post(client_of(steward), f"/api/events/{event.pk}/sanction/", {"reason": "mine"})
    assert (answer.status_code, answer.json()["code"]) == (403, "own_event")


def test_a_steward_does_not_sanction_their_own_clubs_event(people, django_capture_on_commit_callbacks) -> None:
    from config.errors import NotAllowed

    Staff.objects.create(organisation=people["club"], user=people["steward"], role="organiser")
    event = _finished_event(people["club"], people["owner"], 3, django_capture_on_commit_callbacks)
    with pytest.raises(NotAllowed) as refused:
        event_sanction(event=event, by=people["steward"], reason="mine")
    assert refused.value.code == "own_event"
    answer = post(client_of(people["steward"]), f"/api/events/{event.pk}/sanction/", {"reason": "mine"})
    assert (answer.status_code, answer.json()["code"]) == (403, "own_event")
