"""Entry conditions (issue 57, item 1): each condition refuses a player who does not meet it, naming the
condition and their own figure, on the API, the event page and the poster; an organiser admits an exception
with a reason; the event page lists the conditions; and a player's page shows their peak rating (item 6)."""

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from ratings.models import Rating, RatingPool
from ratings.services.pools import match_record
from tests.factories import EventFactory, PlayerFactory, UserFactory
from tests.ratings.test_services import placings
from tournaments.codes import check_in_code
from tournaments.models import EntryException, Membership, Registration

pytestmark = pytest.mark.django_db
GAME = "boomerang-australia"


def rated(player, conservative: float, games: int) -> None:
    pool, _ = RatingPool.objects.get_or_create(game=GAME)
    Rating.objects.create(pool=pool, player_id=player.user_id, name=player.handle, mu=conservative + 6, sigma=2,
                          conservative=conservative, games=games)  # fmt: skip


def three_wins_then_two_losses(first_table: int):
    """A player who won three tables then lost two against the same three: their peak is behind them."""
    ann, others = PlayerFactory(), [PlayerFactory() for _ in range(3)]
    users = [ann.user, *(p.user for p in others)]
    start = timezone.now() - timedelta(days=10)
    for n, ranks in enumerate([[1, 2, 3, 4], [1, 2, 3, 4], [1, 2, 3, 4], [4, 3, 2, 1], [4, 3, 2, 1]]):
        match_record(game=GAME, source=f"table:{first_table + n}", order_at=start + timedelta(days=n),
                     placings=placings(users, ranks))  # fmt: skip
    return ann


def register(player, event):
    client = APIClient()
    client.force_authenticate(player.user)
    return client.post(f"/api/events/{event.pk}/registrations/", {}, format="json")


def test_a_registration_that_fails_an_events_rating_band_is_refused_naming_it() -> None:
    event = EventFactory(game=GAME, entry_rating_min=20, entry_rating_max=30)
    low, high, inside, unrated = PlayerFactory(), PlayerFactory(), PlayerFactory(), PlayerFactory()
    rated(low, 14.25, 30)
    rated(high, 31.0, 30)
    rated(inside, 22.0, 30)
    refused = register(low, event)
    assert refused.status_code == 409
    assert (refused.json()["code"], refused.json()["field"]) == ("entry_rating_band", "player")
    assert "needs a rating of at least 20.0: you have 14.2" in refused.json()["detail"]
    assert "at most 30.0: you have 31.0" in register(high, event).json()["detail"]
    assert "you have no rating yet" in register(unrated, event).json()["detail"]
    assert register(inside, event).status_code == 201
    assert set(event.registrations.values_list("player__handle", flat=True)) == {inside.handle}


def test_too_few_rated_games_and_a_club_night_for_members_and_an_invitation_list() -> None:
    games_event = EventFactory(game=GAME, entry_rated_games_min=10)
    newcomer = PlayerFactory()
    rated(newcomer, 5.0, 6)
    answer = register(newcomer, games_event).json()
    assert answer["code"] == "entry_rated_games"
    assert "needs 10 rated games in this game: you have 6" in answer["detail"]

    members = EventFactory(game=GAME, entry_members_only=True)
    member, stranger = PlayerFactory(), PlayerFactory()
    Membership.objects.create(organisation=members.organisation, player=member, joined_on=timezone.localdate())
    assert register(stranger, members).json()["code"] == "entry_members_only"
    assert register(member, members).status_code == 201

    invited = EventFactory(game=GAME, entry_invited=["Ann-Invited"])
    ann, bob = PlayerFactory(handle="ann-invited"), PlayerFactory()
    refusal = register(bob, invited).json()
    assert refusal["code"] == "entry_invitation"
    assert bob.handle in refusal["detail"]
    assert register(ann, invited).status_code == 201  # handles compare as the service compares them


def test_an_organiser_admits_an_exception_with_a_reason_and_the_player_registers() -> None:
    event = EventFactory(game=GAME, entry_rated_games_min=10)
    organiser = event.organisers.get()
    player = PlayerFactory()
    assert register(player, event).status_code == 409
    outsider = APIClient()
    outsider.force_authenticate(PlayerFactory().user)
    forbidden = outsider.post(f"/api/events/{event.pk}/entry-exceptions/", {"player": player.handle, "reason": "x"})
    assert forbidden.status_code == 403
    client = APIClient()
    client.force_authenticate(organiser)
    no_reason = client.post(f"/api/events/{event.pk}/entry-exceptions/", {"player": player.handle, "reason": " "})
    assert no_reason.status_code == 400
    assert not EntryException.objects.exists()
    admitted = client.post(
        f"/api/events/{event.pk}/entry-exceptions/",
        {"player": player.handle, "reason": "national team player, new to the service"},
        format="json",
    )
    assert admitted.status_code == 201
    assert admitted.json()["admitted_by"] == organiser.username
    assert register(player, event).status_code == 201
    page = Client()
    page.force_login(organiser)
    assert "national team player, new to the service" in page.get(f"/events/{event.pk}/").content.decode()


def test_the_event_page_lists_the_conditions_and_offers_no_button_they_would_refuse() -> None:
    event = EventFactory(game=GAME, entry_rating_min=20, entry_members_only=True)
    player = PlayerFactory()
    client = Client()
    client.force_login(player.user)
    page = client.get(f"/events/{event.pk}/").content.decode()
    assert "Entry conditions" in page
    assert "a rating of at least 20.0 in this game" in page
    assert f"membership of {event.organisation.name}" in page
    assert "You cannot register: needs a rating of at least 20.0: you have no rating yet." in page
    assert f'action="/events/{event.pk}/register/"' not in page
    french = client.get(f"/events/{event.pk}/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Conditions d’inscription" in french
    assert "il faut une cote d’au moins 20,0 : vous n’avez pas encore de cote" in french
    poster = client.get(f"/events/{event.pk}/check-in/{check_in_code(event)}/").content.decode()
    assert "You cannot register: needs a rating of at least 20.0" in poster
    assert "<button" not in poster.split("<main", 1)[-1].split("</main>")[0]
    refused = client.post(f"/events/{event.pk}/register/", follow=True).content.decode()
    assert "needs a rating of at least 20.0" in refused
    assert not Registration.objects.filter(event=event).exists()


def test_a_player_page_shows_the_peak_rating() -> None:
    ann = three_wins_then_two_losses(900)
    rating = Rating.objects.get(player=ann.user)
    changes = ann.user.rating_changes.order_by("event__order_at")
    peak = max(change.mu_after - 3 * change.sigma_after for change in changes)
    assert peak > rating.conservative  # two losses after three wins: the peak is behind
    page = Client().get(f"/players/{ann.handle}/").content.decode()
    assert f"Peak rating {peak:.1f}, reached on" in page
    assert 'href="/tables/' in page.split("Peak rating", 1)[1].split("</p>", 1)[0]  # where it was reached
    profile = Client().get(f"/api/players/{ann.handle}/").json()
    assert profile["ratings"][0]["peak"]["conservative"] == pytest.approx(peak)
    first = changes.order_by("event__order_at")
    best = next(c for c in first if c.mu_after - 3 * c.sigma_after == pytest.approx(peak))
    assert profile["ratings"][0]["peak"]["table"] == int(best.event.source.removeprefix("table:"))


def test_a_peak_cap_refuses_a_player_whose_rating_sank_under_the_ceiling() -> None:
    """Issue 70, item 8 (asked of lichess against sandbagging, lila#6421): a ceiling on the current rating
    lets a player who lost on purpose in; a cap on the peak does not. A player never rated meets it."""
    ann = three_wins_then_two_losses(950)
    now = Rating.objects.get(player=ann.user).conservative
    peak = max(c.mu_after - 3 * c.sigma_after for c in ann.user.rating_changes.all())
    cap = round((now + peak) / 2, 1)  # over the rating now, under the peak
    event = EventFactory(game=GAME, entry_rating_max=cap, entry_peak_max=cap)
    refused = register(ann, event)
    assert (refused.status_code, refused.json()["code"]) == (409, "entry_rating_peak")
    assert f"needs a peak rating of at most {cap:.1f}: your highest was {peak:.1f}" in refused.json()["detail"]
    assert register(PlayerFactory(), event).status_code == 201  # never rated
    page = Client().get(f"/events/{event.pk}/").content.decode()
    assert f"a peak rating of at most {cap:.1f} in this game" in page


def test_a_seasons_final_admits_its_qualifiers_only(django_capture_on_commit_callbacks) -> None:
    from tests.tournaments.seasons.test_seasons import _finished
    from tournaments.seasons.selectors import season_qualified
    from tournaments.seasons.services import season_create, season_event_add
    from tournaments.services.clubs import organisation_create
    from tournaments.services.events import event_create, event_open_registration
    from tournaments.stewarding.services import event_sanction

    owner = PlayerFactory()
    club = organisation_create(by=owner.user, slug="owls", name="Owls")
    players = [PlayerFactory() for _ in range(4)]
    night = _finished(club, owner.user, players, 3, django_capture_on_commit_callbacks)
    event_sanction(event=night, by=UserFactory(is_superuser=True), reason="a counted night")
    today = timezone.localdate()
    season = season_create(by=owner.user, organisation=club, name="Spring", game=GAME, qualifiers=2,
                           starts_on=today - timedelta(days=1), ends_on=today + timedelta(days=60))  # fmt: skip
    season_event_add(season=season, by=owner.user, event=night)
    qualified = season_qualified(season=season)
    assert len(qualified) == 2
    final = event_create(organiser=owner.user, name="Spring final", game=GAME, organisation=club)
    event_open_registration(event=final, by=owner.user)

    api = APIClient()
    api.force_authenticate(PlayerFactory().user)
    assert api.post(f"/api/seasons/{season.pk}/final/", {"event": final.pk}, format="json").status_code == 403
    api.force_authenticate(owner.user)
    made = api.post(f"/api/seasons/{season.pk}/final/", {"event": final.pk}, format="json")
    assert (made.status_code, made.json()["final"]) == (200, final.pk)

    winner = next(p for p in players if p.handle == qualified[0])
    outsider = next(p for p in players if p.handle not in qualified)
    assert register(winner, final).status_code == 201
    refused = register(outsider, final)
    assert (refused.status_code, refused.json()["code"]) == (409, "entry_qualification")
    assert "Spring" in refused.json()["detail"]
    assert outsider.handle in refused.json()["detail"]
    page = Client(HTTP_ACCEPT_LANGUAGE="fr").get(f"/events/{final.pk}/").content.decode()
    assert "une place de qualifié de la saison Spring" in page  # the condition, listed on the event page

    cleared = api.post(f"/api/seasons/{season.pk}/final/", {"event": None}, format="json")
    assert cleared.json()["final"] is None
    assert register(outsider, final).status_code == 201  # no final, no condition


@pytest.mark.embedded
def test_an_entrants_csv_of_uninvited_players_into_an_invitation_only_event_is_refused_row_by_row() -> None:
    """Issue 67, item 3: the entrants CSV registered uninvited players (and two non-qualifiers into a final)
    with no exception recorded. Each line kept out is named; an exception with who and why lets one in."""
    event = EventFactory(game=GAME, entry_invited=["ann-invited"])
    organiser = event.organisers.get()
    PlayerFactory(handle="ann-invited")
    bob, cyd = PlayerFactory(handle="bob-uninvited"), PlayerFactory(handle="cyd-uninvited")
    client = APIClient()
    client.force_authenticate(organiser)
    text = "handle\nann-invited\nbob-uninvited\ncyd-uninvited\nwalk-in-dee\n"
    refused = client.post(f"/api/events/{event.pk}/entrants/", {"csv": text}, format="json")
    assert refused.status_code == 409, refused.content
    answer = refused.json()
    assert (answer["code"], answer["field"]) == ("entry_invitation", "line 3: handle")
    for line, handle in [(3, bob.handle), (4, cyd.handle), (5, "walk-in-dee")]:
        assert f"line {line} ({handle})" in answer["detail"]
    assert not Registration.objects.filter(event=event).exists()  # all or nothing
    for player in (bob, cyd):
        body = {"player": player.handle, "reason": "the federation's wild card"}
        admitted = client.post(f"/api/events/{event.pk}/entry-exceptions/", body, format="json")
        assert admitted.status_code == 201, admitted.content
    again = client.post(f"/api/events/{event.pk}/entrants/", {"csv": "handle\nann-invited\nbob-uninvited\n"
                                                                     "cyd-uninvited\n"}, format="json")  # fmt: skip
    assert again.status_code == 200, again.content
    assert EntryException.objects.filter(event=event, admitted_by=organiser).count() == 2
    assert set(event.registrations.values_list("player__handle", flat=True)) == {"ann-invited", bob.handle, cyd.handle}
