"""A season's odds (issue 69, item 2): each player's chance to qualify and to win, the coming events simulated
from the ratings with the season's own rules. The chances are shares of simulations: win chances sum to at
least 1; a season with nothing left to play
gives certainties; the stronger player is likelier; the season's API answers them. (Ties for the last slot
all qualify, so the qualify chances sum to at least the slots.)"""

from datetime import date

import pytest

from tournaments.seasons.odds import ComingEvent, season_odds
from tournaments.seasons.points import EventResult

RULES = {"beta": 25 / 6, "best_of": 5, "table": None, "taken": set(), "declined": set(), "default": (25.0, 8.3)}


def test_a_season_with_nothing_left_to_play_gives_certainties() -> None:
    played = [EventResult(1, 1, {"ann": 1, "bob": 2, "cyd": 3, "dee": 4})]
    odds = {o.player: o for o in season_odds(played=played, coming=[], skills={}, slots=2, samples=50, seed=1,
                                             **RULES)}  # fmt: skip
    assert {p: (o.qualify, o.win) for p, o in odds.items()} == {
        "ann": (1.0, 1.0), "bob": (1.0, 0.0), "cyd": (0.0, 0.0), "dee": (0.0, 0.0)}  # fmt: skip


def test_the_chances_are_shares_and_the_stronger_player_is_likelier() -> None:
    played = [EventResult(1, 1, {"ann": 2, "bob": 1, "cyd": 3, "dee": 4})]
    coming = [ComingEvent(e, 1, ()) for e in (2, 3, 4)]
    skills = {"ann": (40.0, 1.0), "bob": (20.0, 1.0), "cyd": (25.0, 1.0), "dee": (25.0, 1.0)}
    odds = {o.player: o for o in season_odds(played=played, coming=coming, skills=skills, slots=2, samples=300,
                                             seed=5, **RULES)}  # fmt: skip
    assert 2 - 1e-9 <= sum(o.qualify for o in odds.values()) <= 4  # two slots a season; a tie for the last shares it
    assert sum(o.win for o in odds.values()) >= 1
    assert odds["ann"].win > odds["bob"].win
    assert odds["ann"].qualify > odds["dee"].qualify


def test_a_players_skill_is_drawn_once_a_season_not_once_an_event() -> None:
    """Ann's rating is uncertain (sigma 10) between Bob's (30) and Cy's (20), both certain, with no luck at
    the table: her skill is above Bob's with P(z > 0.5) = 0.309, and then she wins every coming event and the
    season. Drawn afresh each event she would win the season only by winning two of three: 0.227."""
    coming = [ComingEvent(n, 1, ("ann", "bob", "cy")) for n in range(3)]
    skills = {"ann": (25.0, 10.0), "bob": (30.0, 1e-6), "cy": (20.0, 1e-6)}
    odds = season_odds(played=[], coming=coming, skills=skills, default=(25.0, 8.3), beta=1e-6, best_of=3,
                       table=None, slots=1, taken=set(), declined=set(), samples=4000, seed=3)  # fmt: skip
    ann = next(o for o in odds if o.player == "ann")
    assert ann.win == pytest.approx(0.309, abs=0.03)
    assert ann.qualify == ann.win  # one slot: the season's winner takes it


@pytest.mark.django_db
@pytest.mark.embedded
def test_a_seasons_api_answers_each_players_qualification_chance(django_capture_on_commit_callbacks) -> None:
    from django.test import Client

    from tests.factories import EventFactory, PlayerFactory, UserFactory
    from tests.tournaments.helpers import register_and_check_in
    from tests.tournaments.seasons.test_seasons import _finished
    from tournaments.seasons.services import season_create, season_event_add
    from tournaments.services.clubs import organisation_create
    from tournaments.stewarding.services import event_sanction

    owner = PlayerFactory()
    club = organisation_create(by=owner.user, slug="owls", name="Owls")
    players = [PlayerFactory() for _ in range(4)]
    played = _finished(club, owner.user, players, 2, django_capture_on_commit_callbacks)
    event_sanction(event=played, by=UserFactory(is_superuser=True), reason="club night")
    season = season_create(organisation=club, by=owner.user, name="Winter", game="boomerang-australia",
                           starts_on=date(2026, 1, 1), ends_on=date(2026, 12, 31), qualifiers=2)  # fmt: skip
    season_event_add(season=season, by=owner.user, event=played)
    coming = EventFactory(game="boomerang-australia", organisation=club)
    register_and_check_in(coming, players[:3])
    season_event_add(season=season, by=owner.user, event=coming)
    answer = Client().get(f"/api/seasons/{season.pk}/odds/")
    assert answer.status_code == 200, answer.content
    body = answer.json()
    assert {row["player"] for row in body["players"]} == {p.handle for p in players}
    assert all(0 <= row["qualify"] <= 1 and 0 <= row["win"] <= 1 for row in body["players"])
    assert 2 - 1e-9 <= sum(row["qualify"] for row in body["players"]) <= 4  # two slots; a tie for the last shares it
    assert body["samples"] == 200


@pytest.mark.django_db
def test_the_seasons_page_links_its_odds_page_which_says_what_the_api_does(django_capture_on_commit_callbacks) -> None:
    """Issue 69, item 2: the odds were in the API only; the season page links a page of them, in four languages,
    read from the copy the API keeps (the same figures)."""
    from django.test import Client

    from tests.factories import PlayerFactory, UserFactory
    from tests.tournaments.seasons.test_seasons import _finished
    from tournaments.seasons.services import season_create, season_event_add
    from tournaments.services.clubs import organisation_create
    from tournaments.stewarding.services import event_sanction

    owner = PlayerFactory()
    club = organisation_create(by=owner.user, slug="owls", name="Owls")
    players = [PlayerFactory() for _ in range(4)]
    played = _finished(club, owner.user, players, 3, django_capture_on_commit_callbacks)
    event_sanction(event=played, by=UserFactory(is_superuser=True), reason="club night")
    season = season_create(organisation=club, by=owner.user, name="Winter", game="boomerang-australia",
                           starts_on=date(2026, 1, 1), ends_on=date(2026, 12, 31), qualifiers=2)  # fmt: skip
    season_event_add(season=season, by=owner.user, event=played)
    assert f"/seasons/{season.pk}/odds/" in Client().get(f"/seasons/{season.pk}/").content.decode()
    page = Client().get(f"/seasons/{season.pk}/odds/").content.decode()
    for row in Client().get(f"/api/seasons/{season.pk}/odds/").json()["players"]:
        assert row["player"] in page
        assert f"{round(row['qualify'] * 100)}%" in page  # nothing left to play: certainties, 100% or 0%
    words_of = {"fr": "Chances de se qualifier et de gagner", "de": "Chancen auf Qualifikation und Sieg",
                "es": "Probabilidades de clasificarse y de ganar"}  # fmt: skip
    for language, words in words_of.items():
        assert words in Client().get(f"/seasons/{season.pk}/odds/", HTTP_ACCEPT_LANGUAGE=language).content.decode()


@pytest.mark.django_db
def test_the_api_and_the_player_page_say_what_each_player_needs_at_the_next_event(
    django_capture_on_commit_callbacks,
) -> None:
    """Issue 69, item 2: "what you need tonight" beside the chances, on the API, the odds page and the player
    page; a player not entered in the next event (which has its entrants) is told so."""
    from django.test import Client

    from tests.factories import EventFactory, PlayerFactory, UserFactory
    from tests.tournaments.helpers import register_and_check_in
    from tests.tournaments.seasons.test_seasons import _finished
    from tournaments.seasons.services import season_create, season_event_add
    from tournaments.services.clubs import organisation_create
    from tournaments.stewarding.services import event_sanction

    owner = PlayerFactory()
    club = organisation_create(by=owner.user, slug="owls", name="Owls")
    players = [PlayerFactory() for _ in range(4)]
    played = _finished(club, owner.user, players, 4, django_capture_on_commit_callbacks)
    event_sanction(event=played, by=UserFactory(is_superuser=True), reason="club night")
    season = season_create(organisation=club, by=owner.user, name="Winter", game="boomerang-australia",
                           starts_on=date(2026, 1, 1), ends_on=date(2026, 12, 31), qualifiers=1)  # fmt: skip
    season_event_add(season=season, by=owner.user, event=played)
    coming = EventFactory(game="boomerang-australia", organisation=club)
    register_and_check_in(coming, players[:3])
    season_event_add(season=season, by=owner.user, event=coming)
    rows = {row["player"]: row for row in Client().get(f"/api/seasons/{season.pk}/odds/").json()["players"]}
    assert rows[players[3].handle]["tonight"] == {"event": coming.pk, "need": "not_entered", "place": None}
    needs = {row["tonight"]["need"] for handle, row in rows.items() if handle != players[3].handle}
    assert needs <= {"secured", "place", "no_place", "out_of_reach"}
    leader = min(rows.values(), key=lambda row: -row["qualify"])
    page = Client().get(f"/players/{leader['player']}/").content.decode()
    assert f"chance to qualify {round(leader['qualify'] * 100)}%" in page
    assert "at the next event:" in page
    words_of = {"fr": "Non inscrit", "de": "Nicht angemeldet", "es": "No inscrito"}
    for language, words in words_of.items():
        odds_page = Client().get(f"/seasons/{season.pk}/odds/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
        assert words in odds_page
