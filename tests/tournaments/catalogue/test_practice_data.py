"""Issue 55: four of the five games are scored with practice data (their printed cards are not public). The
pages and answers say so in the reader's language, and their events are practice events: played as any
other, never sanctioned nor rated, until a steward makes the printed edition the game's."""

import pytest
from django.test import Client

from ratings.models import RatingEvent
from tests.factories import UserFactory
from tests.tournaments.helpers import running_round
from tournaments.catalogue.selectors import edition_is_practice, practice_games

pytestmark = pytest.mark.django_db
PRACTICE = ("boomerang-europe", "boomerang-usa", "boomerang-hunt", "boomerang-flip")


def test_every_game_but_australia_is_played_on_practice_data() -> None:
    assert practice_games() == set(PRACTICE)
    assert [edition_is_practice(game=game) for game in ("boomerang-australia", *PRACTICE)] == [False] + [True] * 4


@pytest.mark.parametrize(("language", "word"), [("en", "Practice data"), ("fr", "Données d’entraînement")])
def test_the_pad_and_the_table_page_of_a_europe_event_say_practice(language: str, word: str) -> None:
    event, round_ = running_round(game="boomerang-europe")
    table = round_.tables.get()
    player = Client(headers={"Accept-Language": language})
    player.force_login(table.seats.order_by("position").first().player.user)
    for path in (f"/tables/{table.pk}/", f"/tables/{table.pk}/pad/", f"/events/{event.pk}/"):
        page = player.get(path)
        assert page.status_code == 200, path
        assert word in page.content.decode(), path
    australia, round_ = running_round(game="boomerang-australia")
    table = round_.tables.get()
    player.force_login(table.seats.first().player.user)
    assert word not in player.get(f"/tables/{table.pk}/").content.decode()
    assert word not in player.get(f"/events/{australia.pk}/").content.decode()


def test_a_practice_events_tables_are_not_in_the_pool_after_a_stewards_sanction_attempt() -> None:
    event, _round = running_round(game="boomerang-usa")
    steward = Client()
    steward.force_login(UserFactory(is_superuser=True))
    answer = steward.post(f"/api/events/{event.pk}/sanction/", {"reason": "a club night"},
                          content_type="application/json")  # fmt: skip
    assert (answer.status_code, answer.json()["code"], answer.json()["field"]) == (409, "practice_edition", "game")
    french = steward.post(f"/api/events/{event.pk}/sanction/", {"reason": "x"}, content_type="application/json",
                          headers={"Accept-Language": "fr"})  # fmt: skip
    assert "données d’entraînement" in french.json()["detail"]
    event.refresh_from_db()
    assert event.sanction == "waiting"
    assert not RatingEvent.objects.filter(pool__game="boomerang-usa").exists()
    assert steward.get(f"/api/events/{event.pk}/").json()["practice"] is True


def test_once_the_printed_edition_is_loaded_the_game_is_no_longer_practice(real_edition_stand_in) -> None:
    event, _round = running_round(game="boomerang-usa")
    real_edition_stand_in("boomerang-usa")
    from config.page_cache import forget
    from tournaments.catalogue.selectors import PRACTICE_GAMES_KEY

    forget(PRACTICE_GAMES_KEY)  # the stand-in writes the row directly; a loaded edition clears it itself
    assert not edition_is_practice(game="boomerang-usa")
    assert Client().get(f"/api/events/{event.pk}/").json()["practice"] is False


def test_the_printed_edition_made_the_games_reverifies_its_tables_then_its_events_are_sanctioned_and_rated(
    django_capture_on_commit_callbacks,
) -> None:
    """Issue 55, item 4: a practice event is verified again against the printed edition when its organiser
    chooses it (issue 66, item 2: never silently); the verdicts' history keeps which edition each verdict
    used; the event can then be sanctioned and rated."""
    import json
    import random
    from pathlib import Path

    import games
    from tests.factories import EventFactory, PlayerFactory
    from tests.tournaments.helpers import play_round, register_and_check_in
    from tournaments.catalogue.services import edition_load, event_edition_reverify
    from tournaments.models import TableResult
    from tournaments.results.services.closing import event_close
    from tournaments.services.rounds import event_start
    from tournaments.stewarding.services import event_sanction

    event = EventFactory(game="boomerang-usa", rounds_planned=1, rated=True)
    organiser = event.organisers.get()
    register_and_check_in(event, [PlayerFactory() for _ in range(8)])
    play_round(event_start(event=event, by=organiser), organiser, random.Random(8), django_capture_on_commit_callbacks)
    with django_capture_on_commit_callbacks(execute=True):
        event_close(event=event, by=organiser)
    results = TableResult.objects.filter(table__round__event=event)
    practice_name = games.GAMES["boomerang-usa"].default_edition().name
    assert {r.verdict["edition"] for r in results} == {practice_name}
    raw = json.loads((Path(games.__file__).parent / "data" / "practice-boomerang-usa.json").read_text())
    raw["name"] = "Boomerang: USA (test stand-in for the printed edition)"  # the service ships no printed data
    with django_capture_on_commit_callbacks(execute=True):
        edition_load(raw=raw)
    assert {(r.status, r.attempt) for r in results.all()} == {("verified", 1)}  # kept as played (issue 66)
    with django_capture_on_commit_callbacks(execute=True):
        event_edition_reverify(event=event, by=organiser)  # its organiser chooses the printed edition
    assert {(r.status, r.attempt, r.verdict["edition"]) for r in results.all()} == {("verified", 2, raw["name"])}
    earlier = TableResult.history.filter(table_id__in=results.values("table_id"), verdict__edition=practice_name)
    assert earlier.exists()  # the history keeps the verdicts of the practice data
    assert not edition_is_practice(game="boomerang-usa")
    with django_capture_on_commit_callbacks(execute=True):
        event_sanction(event=event, by=UserFactory(is_superuser=True), reason="the printed edition is loaded")
    assert RatingEvent.objects.filter(pool__game="boomerang-usa").count() == results.count()


def test_the_event_form_says_which_games_are_played_on_practice_data_and_what_that_means() -> None:
    from tests.factories import PlayerFactory
    from tournaments.services.clubs import organisation_create

    owner = PlayerFactory()
    organisation_create(by=owner.user, slug="owls", name="Owls")
    page = Client()
    page.force_login(owner.user)
    english = page.get("/events/new/").content.decode()
    assert "Boomerang: Europe · practice data" in english
    assert "Boomerang: Australia · practice" not in english
    assert "never sanctioned nor rated" in english
    french = page.get("/events/new/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "données d’entraînement" in french


def test_a_table_the_printed_edition_rejects_goes_back_to_its_players_who_fix_it(
    django_capture_on_commit_callbacks,
) -> None:
    """Issue 55, item 4: when the real edition arrives and the organiser verifies the event with it, a
    practice table whose claims it does not bear out is rejected with the problems named; its player sends a
    corrected sheet (the fix-your-own-sheet loop), and the event is then sanctioned and rated."""
    import copy

    import games
    from games.simulate import with_claims
    from tests.tournaments.helpers import table_with_sheets
    from tournaments.catalogue.services import edition_load, event_edition_reverify
    from tournaments.models import ScoreSheet, TableResult
    from tournaments.results.services.closing import event_close
    from tournaments.results.services.sheets import sheet_submit
    from tournaments.stewarding.services import event_sanction

    event, table, seats, sheets = table_with_sheets("boomerang-usa", 4, 11, django_capture_on_commit_callbacks)
    organiser = event.organisers.get()
    result = TableResult.objects.get(table=table)
    assert result.status == "verified"

    # The "printed" stand-in: the practice deck with two cards' animals swapped (every published total holds).
    practice = games.GAMES["boomerang-usa"].default_edition()
    raw = next(stand_in for stand_in in animals_swapped(edition_file_of(practice))
               if not games.verify_table({"game": "boomerang-usa", "seats": sheets},
                                         games.load_edition(stand_in)[1]).valid)  # fmt: skip
    raw["name"] = "Boomerang: USA (test stand-in for the printed edition)"
    with django_capture_on_commit_callbacks(execute=True):
        edition_load(raw=raw)
        event_edition_reverify(event=event, by=organiser)  # its organiser chooses the printed edition
    result.refresh_from_db()
    assert (result.status, result.attempt, result.verdict["edition"]) == ("rejected", 2, raw["name"])
    wrong = {p["player"] for p in result.verdict["problems"]}  # the problems named, seat by seat
    assert wrong

    printed = games.load_edition(raw)[1]
    corrected = with_claims({"game": "boomerang-usa", "seats": copy.deepcopy(sheets)}, printed)["seats"]
    for seat, data in zip(seats, corrected, strict=True):
        if seat.player.handle in wrong:  # each player whose sheet the printed cards do not bear out fixes it
            with django_capture_on_commit_callbacks(execute=True):
                sheet_submit(seat_id=seat.pk, data=data, by=seat.player.user)
    result.refresh_from_db()
    assert result.status == "verified"
    assert {s.player.handle for s in seats if ScoreSheet.objects.filter(seat=s).count() == 2} == wrong
    with django_capture_on_commit_callbacks(execute=True):
        event_close(event=event, by=organiser)
        event_sanction(event=event, by=UserFactory(is_superuser=True), reason="the printed edition is loaded")
    assert RatingEvent.objects.filter(pool__game="boomerang-usa").count() == 1


def animals_swapped(raw: dict):  # type: ignore[no-untyped-def]
    """The edition file with two cards' animals swapped, each such pair in turn (every published total holds)."""
    import copy

    animals = [i for i, card in enumerate(raw["cards"]) if card["animal"]]
    for a in animals:
        for b in animals:
            if raw["cards"][a]["animal"] < raw["cards"][b]["animal"]:
                swapped = copy.deepcopy(raw)
                cards = swapped["cards"]
                cards[a]["animal"], cards[b]["animal"] = cards[b]["animal"], cards[a]["animal"]
                yield swapped


def edition_file_of(deck) -> dict:  # type: ignore[no-untyped-def]
    """A drafting deck as the edition file of docs/deck.md."""
    keys = ("souvenir", "animal", "activity")
    return {
        "edition": deck.edition, "name": deck.name,
        "cards": [{"id": c.id, "name": c.name, "number": c.number, "region": c.region,
                   **dict(zip(keys, (c.green, c.yellow, c.blue), strict=True))} for c in deck.cards],
        "regions": [{"name": r.name, "cards": list(r.cards), "bonus": r.bonus} for r in deck.regions],
        "values": {"souvenir": dict(deck.green_values), "animal": dict(deck.yellow_values),
                   "activity_points_by_count": {str(k): v for k, v in deck.activity_points_by_count.items()}},
        "map": {"paths": [list(p) for p in deck.route_map.paths], "east_coast": sorted(deck.route_map.east_coast),
                "west_coast": sorted(deck.route_map.west_coast)},
    }  # fmt: skip


@pytest.mark.embedded
def test_adopting_an_edition_leaves_a_practice_events_standings_as_played_unless_its_organiser_reverifies(
    django_capture_on_commit_callbacks,
) -> None:
    """Issue 66, item 2: adopting the printed Europe re-verified the demo's finished Europe event, rejected its
    four tables and emptied its standings, with no reason given and nobody able to fix them. Here the printed
    stand-in's cards reject the night's table: kept as played, it stays in the standings."""
    import games
    from config.errors import Conflict
    from tests.tournaments.helpers import standings_handles, table_with_sheets
    from tournaments.catalogue.services import edition_load, event_edition_reverify
    from tournaments.models import TableResult
    from tournaments.results.services.closing import event_close
    from tournaments.stewarding.services import event_sanction

    event, _table, _seats, sheets = table_with_sheets("boomerang-usa", 4, 11, django_capture_on_commit_callbacks)
    organiser = event.organisers.get()
    with django_capture_on_commit_callbacks(execute=True):
        event_close(event=event, by=organiser)
    played = standings_handles(event)
    practice = games.GAMES["boomerang-usa"].default_edition()
    raw = next(stand_in for stand_in in animals_swapped(edition_file_of(practice))
               if not games.verify_table({"game": "boomerang-usa", "seats": sheets},
                                         games.load_edition(stand_in)[1]).valid)  # fmt: skip
    raw["name"] = "Boomerang: USA (test stand-in for the printed edition)"  # whose cards reject the table
    with django_capture_on_commit_callbacks(execute=True):
        edition_load(raw=raw)
    assert standings_handles(event) == played
    assert set(TableResult.objects.filter(table__round__event=event).values_list("status", flat=True)) == {"verified"}
    page = Client().get(f"/events/{event.pk}/").content.decode()
    assert "Scored with practice data: the standings stay as they were played" in page
    with pytest.raises(Conflict):  # never rated on practice data
        event_sanction(event=event, by=UserFactory(is_superuser=True), reason="printed edition loaded")
    organiser_page = Client()
    organiser_page.force_login(organiser)
    assert "Verify again with the printed edition" in organiser_page.get(f"/events/{event.pk}/").content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        queued = event_edition_reverify(event=event, by=organiser)
    assert queued == TableResult.objects.filter(table__round__event=event).count()
    result = TableResult.objects.get(table__round__event=event)
    assert (result.status, result.verdict["edition"]) == ("rejected", raw["name"])  # back to its players


def test_adopting_an_edition_tells_each_organiser_of_an_event_kept_by_e_mail_in_their_language(
    django_capture_on_commit_callbacks, mailoutbox
) -> None:
    """Issue 66: organisers are told by e-mail in their language when the printed edition is adopted: their
    event keeps its standings as played, and how to verify it again."""
    import games
    from tests.factories import PlayerFactory
    from tests.tournaments.helpers import table_with_sheets
    from tournaments.catalogue.services import edition_load
    from tournaments.results.services.closing import event_close

    event, _table, _seats, _sheets = table_with_sheets("boomerang-usa", 4, 11, django_capture_on_commit_callbacks)
    organiser = event.organisers.get()
    organiser.email = "orga@example.org"
    organiser.save()
    PlayerFactory(user=organiser, language="fr")
    silent = UserFactory(email="")  # a co-organiser with no address: nothing to send
    event.organisers.add(silent)
    with django_capture_on_commit_callbacks(execute=True):
        event_close(event=event, by=organiser)
    mailoutbox.clear()
    raw = edition_file_of(games.GAMES["boomerang-usa"].default_edition())
    raw["name"] = "Boomerang: USA (test stand-in for the printed edition)"
    with django_capture_on_commit_callbacks(execute=True):
        edition_load(raw=raw)
    [mail] = mailoutbox
    assert mail.to == ["orga@example.org"]
    assert mail.subject == f"{event.name} garde son classement tel que joué"
    assert "Boomerang: USA (test stand-in for the printed edition)" in mail.body
    assert "Vérifier à nouveau avec l’édition imprimée" in mail.body or "Vérifier à nouveau" in mail.body
    assert f"/events/{event.pk}/" in mail.body
    with django_capture_on_commit_callbacks(execute=True):  # adopted again: the event is kept already, no mail
        edition_load(raw={**raw, "name": "Boomerang: USA (a second stand-in)"})
    assert len(mailoutbox) == 1


def test_a_practice_events_page_says_it_is_never_rated_not_that_it_waits_for_a_steward() -> None:
    """Issue 66, item 11: a practice event said "waiting for a steward's sanction", which never comes."""
    event, _round = running_round("boomerang-europe")
    event.rated = True
    event.save(update_fields=["rated"])
    page = Client().get(f"/events/{event.pk}/").content.decode()
    assert "A practice event: scored with practice data, it is never sanctioned nor rated." in page
    assert "waiting for a steward" not in page
    spanish = Client().get(f"/events/{event.pk}/", HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "Un evento de práctica" in spanish
