"""Entering an edition from the box (issue 55, items 2 and 3): an entry is saved with its faults named and
resumed; two people's agreeing entries confirm it, one account never twice; a differing entry shows the
differing fields side by side; a steward makes the confirmed edition the game's, which verifies the game's
tables again; no entry changes the edition in use before that."""

import copy
import json
import random
from pathlib import Path

import pytest
from django.test import Client
from rest_framework.test import APIClient

import games
from tests.factories import EventFactory, PlayerFactory, UserFactory
from tests.tournaments.helpers import HUNT_TERRITORIES, hunt_cards_form, play_round, register_and_check_in
from tournaments.catalogue.models import EditionConfirmation, EditionEntry
from tournaments.catalogue.selectors import edition_is_practice
from tournaments.models import TableResult
from tournaments.services.rounds import event_start

pytestmark = pytest.mark.django_db
GAME = "boomerang-europe"


def box() -> dict:
    """The data of a box, as its owner types it: the shipped practice file stands in for the printed cards (the
    service ships none), named so."""
    raw = json.loads((Path(games.__file__).parent / "data" / f"practice-{GAME}.json").read_text())
    raw["name"] = "Boomerang: Europe (test stand-in for the printed edition)"
    return raw


def client_of(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def test_a_confirmed_edition_made_the_games_edition_reverifies_the_games_tables_its_organisers_choose(
    django_capture_on_commit_callbacks,
) -> None:
    event = EventFactory(game=GAME, rounds_planned=1)
    organiser = event.organisers.get()
    register_and_check_in(event, [PlayerFactory() for _ in range(4)])
    play_round(event_start(event=event, by=organiser), organiser, random.Random(5), django_capture_on_commit_callbacks)
    results = TableResult.objects.filter(table__round__event=event)
    assert {r.verdict["edition"] for r in results} == {games.GAMES[GAME].default_edition().name}

    ann, bob, cy = (client_of(UserFactory()) for _ in range(3))
    partial = box()
    partial["cards"] = partial["cards"][:20]
    saved = ann.put(f"/api/games/{GAME}/edition-entry/", {"data": partial}, format="json").json()
    assert saved["faults"]  # 20 cards, not 28: named
    assert any("card" in fault for fault in saved["faults"])
    refused = ann.post(f"/api/games/{GAME}/edition-entry/submit/")
    assert (refused.status_code, refused.json()["code"]) == (400, "invalid_edition")
    resumed = ann.get(f"/api/games/{GAME}/edition-entry/").json()
    assert len(resumed["data"]["cards"]) == 20  # saved as it stood, resumed later
    assert ann.put(f"/api/games/{GAME}/edition-entry/", {"data": box()}, format="json").json()["faults"] == []
    assert ann.post(f"/api/games/{GAME}/edition-entry/submit/").json() == {"confirmation": None}
    assert ann.post(f"/api/games/{GAME}/edition-entry/submit/").json() == {"confirmation": None}  # one account
    assert EditionEntry.objects.filter(game=GAME).count() == 1

    differing = box()
    differing["cards"][3] = {**differing["cards"][3], "name": "Typo-land"}
    cy.put(f"/api/games/{GAME}/edition-entry/", {"data": differing}, format="json")
    assert cy.post(f"/api/games/{GAME}/edition-entry/submit/").json() == {"confirmation": None}
    ann_entry = EditionEntry.objects.get(game=GAME, data__cards__3__name=box()["cards"][3]["name"])
    side_by_side = cy.get(f"/api/games/{GAME}/edition-entries/{ann_entry.pk}/compare/").json()["results"]
    assert side_by_side == [{"field": "cards[3].name", "mine": "Typo-land", "theirs": box()["cards"][3]["name"]}]

    bob.put(f"/api/games/{GAME}/edition-entry/", {"data": copy.deepcopy(box())}, format="json")
    confirmation = bob.post(f"/api/games/{GAME}/edition-entry/submit/").json()["confirmation"]
    assert confirmation is not None
    listed = bob.get(f"/api/games/{GAME}/edition-entries/").json()
    assert len(listed["confirmations"][0]["entered_by"]) == 2
    assert edition_is_practice(game=GAME)  # no entry changes the edition in use
    assert {r.attempt for r in results.all()} == {1}

    not_steward = bob.post(f"/api/games/{GAME}/confirmed-editions/{confirmation}/adopt/", {"reason": "x"})
    assert not_steward.status_code == 403
    steward = client_of(UserFactory(is_superuser=True))
    with django_capture_on_commit_callbacks(execute=True):
        adopted = steward.post(f"/api/games/{GAME}/confirmed-editions/{confirmation}/adopt/",
                               {"reason": "two boxes agree"}, format="json")  # fmt: skip
    assert adopted.status_code == 200, adopted.json()
    assert adopted.json()["reason"] == "two boxes agree"
    assert not edition_is_practice(game=GAME)
    assert {r.attempt for r in results.all()} == {1}  # played on practice data: kept as played (issue 66)
    assert steward.get(f"/api/events/{event.pk}/").json()["practice"] is True  # and the API says so
    assert any(e["id"] == event.pk and e["practice"] for e in steward.get("/api/events/").json()["results"])
    with django_capture_on_commit_callbacks(execute=True):  # until its organiser chooses the printed edition
        assert client_of(organiser).post(f"/api/events/{event.pk}/reverify/").json() == {"tables": 1}
    assert {(r.attempt, r.verdict["edition"]) for r in results.all()} == {(2, box()["name"])}
    assert steward.get(f"/api/events/{event.pk}/").json()["practice"] is False  # on the printed edition now
    again = steward.post(f"/api/games/{GAME}/confirmed-editions/{confirmation}/adopt/", {"reason": "again"})
    assert again.json()["code"] == "adopted_already"
    assert EditionConfirmation.objects.get().adopted_by is not None


def test_the_entry_page_shows_the_faults_and_saves_the_entry() -> None:
    user = UserFactory()
    page = Client()
    page.force_login(user)
    assert page.get(f"/games/{GAME}/edition/entry/").status_code == 200
    partial = box()
    partial["cards"] = partial["cards"][:27]
    answer = page.post(f"/games/{GAME}/edition/entry/", {"data": json.dumps(partial), "save": "1"}, follow=True)
    text = answer.content.decode()
    assert "27" in text
    assert EditionEntry.objects.get(entered_by=user).data["cards"] == partial["cards"]
    french = page.get(f"/games/{GAME}/edition/entry/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Saisir l’édition depuis votre boîte" in french


@pytest.mark.parametrize(("language", "saved"), [("en", "Saved: come back to it at any time."),
                                                 ("fr", "Enregistrée : reprenez-la")])  # fmt: skip
def test_the_flip_games_pieces_are_entered_field_by_field_and_two_boxes_confirm_them(language, saved) -> None:
    """The thirteen pieces typed one field each: a total other than 44 is named; two people's agreeing entries
    confirm the edition; the entry downloads as the edition file of docs/deck.md."""
    values = [1, 2, 2, 3, 3, 3, 3, 4, 4, 4, 5, 5, 5]  # 44: a stand-in, named so (the printed values are not public)
    form = {"fields": "1", "save": "1", "name": "Flip (test stand-in for the printed pieces)"}
    first, second = UserFactory(), UserFactory()
    page = Client(HTTP_ACCEPT_LANGUAGE=language)
    page.force_login(first)
    shown = page.get("/games/boomerang-flip/edition/entry/").content.decode()
    assert 'name="piece-12"' in shown
    wrong = {**form, **{f"piece-{i}": str(v) for i, v in enumerate(values)}, "piece-0": "2"}
    after = page.post("/games/boomerang-flip/edition/entry/", wrong, follow=True).content.decode()
    assert saved in after
    assert "pieces: a player&#x27;s pieces total 44, these total 45" in after  # the fault, named on its field
    refused = page.post("/games/boomerang-flip/edition/entry/", {**wrong, "piece-3": "three"}, follow=True)
    assert "pieces[3]" in refused.content.decode()  # not a number: named, nothing saved in its place
    assert EditionEntry.objects.get(entered_by=first).data["pieces"][0] == 2
    right = {**form, **{f"piece-{i}": str(v) for i, v in enumerate(values)}}
    page.post("/games/boomerang-flip/edition/entry/", right)
    page.post("/games/boomerang-flip/edition/entry/", {"submit": "1"})
    other = Client()
    other.force_login(second)
    other.post("/games/boomerang-flip/edition/entry/", right)
    other.post("/games/boomerang-flip/edition/entry/", {"submit": "1"})
    confirmed = EditionConfirmation.objects.get(game="boomerang-flip")
    assert confirmed.data["pieces"] == values
    downloaded = page.get("/games/boomerang-flip/edition/entry/?download=1")
    assert downloaded["Content-Disposition"] == 'attachment; filename="boomerang-flip-edition.json"'
    assert games.load_edition(json.loads(downloaded.content))[1].pieces == tuple(values)  # a file the loader takes


def test_the_hunts_species_are_entered_field_by_field() -> None:
    user = UserFactory()
    page = Client()
    page.force_login(user)
    rows = {f"species-{i}": name for i, name in enumerate(["Fish", "Turtle", "Kangaroo", "Emu", "Lizard", "Wombat"])}
    counts = {f"count-{i}": "9" for i in range(6)}
    form = {"fields": "1", "save": "1", "name": "Hunt (test stand-in)", **rows, **counts, "count-5": "8"}
    after = page.post("/games/boomerang-hunt/edition/entry/", form, follow=True).content.decode()
    assert "the species hold 53 cards in all; the game has 54" in after
    page.post("/games/boomerang-hunt/edition/entry/", {**form, "count-5": "9"})
    assert EditionEntry.objects.get(entered_by=user).data["species"] == dict.fromkeys(rows.values(), 9)
    shown = page.get("/games/boomerang-hunt/edition/entry/").content.decode()
    assert 'value="Wombat"' in shown  # resumed where it was left
    assert "cards: a box&#x27;s 54 cards, each with its animal and two territories, are not typed yet" in shown
    assert page.post("/games/boomerang-hunt/edition/entry/", {"submit": "1"}).status_code == 302
    assert EditionEntry.objects.get(entered_by=user).submitted_at is None  # not submittable without its cards
    page.post("/games/boomerang-hunt/edition/entry/", {**form, "count-5": "9", **hunt_cards_form()})
    shown = page.get("/games/boomerang-hunt/edition/entry/").content.decode()
    assert "Problems found" not in shown
    assert "What your entry makes of a table" in shown  # a table played with the entry's species, scored
    assert shown.count("<li>p") == games.GAMES["boomerang-hunt"].table_sizes_by_preference[0]  # its usual table


def test_the_hunts_cards_are_entered_one_by_one_with_their_animal_and_two_territories() -> None:
    user = UserFactory()
    page = Client()
    page.force_login(user)
    species = {f"species-{i}": name for i, name in enumerate(["Fish", "Turtle", "Kangaroo", "Emu", "Lizard", "Wombat"])}
    form = {"fields": "1", "save": "1", "name": "Hunt (test stand-in)", **species,
            **{f"count-{i}": "9" for i in range(6)}, **hunt_cards_form()}  # fmt: skip
    shown = page.get("/games/boomerang-hunt/edition/entry/").content.decode()
    assert 'name="hunt-card-53-second"' in shown  # all 54 cards, each one animal and two territories
    assert 'name="territory-4"' in shown
    mistyped = {**form, "hunt-card-7-second": form["hunt-card-7-first"], "hunt-card-8-species": "Fsh"}
    after = page.post("/games/boomerang-hunt/edition/entry/", mistyped, follow=True).content.decode()
    assert "cards[7].territories: a card shows two different territories" in after
    assert "cards[8].species: &#x27;Fsh&#x27; is not one of the species" in after
    assert "species.Fish: 9 cards, but 8 cards of the list show a Fish" in after
    page.post("/games/boomerang-hunt/edition/entry/", form)
    data = EditionEntry.objects.get(entered_by=user).data
    edition = games.load_edition(data)[1]
    assert edition.territories == tuple(HUNT_TERRITORIES)
    assert [card.species for card in edition.cards].count("Wombat") == 9
    resumed = page.get("/games/boomerang-hunt/edition/entry/").content.decode()
    last = data["cards"][53]["territories"][1]
    assert f'name="hunt-card-53-second" list="hunt-territories" maxlength="40" value="{last}"' in resumed
    assert json.loads(page.get("/games/boomerang-hunt/edition/entry/?download=1").content)["cards"] == data["cards"]


@pytest.mark.parametrize("game", sorted(games.GAMES))
def test_an_entry_saved_as_a_file_of_any_shape_is_shown_again_not_a_500(game: str) -> None:
    """A file typed by hand may give any field any shape: the checks name its faults and the form shows what it
    can of it."""
    page = Client()
    page.force_login(UserFactory())
    for shapes in ({"species": [1, 2], "cards": "x", "territories": 3, "pieces": {"a": 1}, "regions": [1], "map": [2]},
                   {"cards": [1, "a", None], "regions": {"x": 1}, "pieces": 5, "species": "Fish",
                    "map": {"paths": 3, "east_coast": "A"}}):  # fmt: skip
        data = json.dumps({"edition": game, "name": "x", **shapes})
        assert page.post(f"/games/{game}/edition/entry/", {"data": data, "save": "1"}).status_code == 302
        shown = page.get(f"/games/{game}/edition/entry/")
        assert shown.status_code == 200
        assert "Problems found" in shown.content.decode()


@pytest.mark.django_db(transaction=True)
def test_two_agreeing_entries_submitted_at_once_make_one_confirmation_and_the_steward_sees_how_independent(
) -> None:  # fmt: skip
    """Issue 67, item 14: simultaneous submissions created two confirmations; one person with two accounts
    'confirmed' an edition and nothing showed the steward how independent the two entries were."""
    import threading

    from django.db import connection

    from tournaments.catalogue.entries import entry_submit

    people = [UserFactory(email=f"box{i}@same.example") for i in range(2)]
    entries = [EditionEntry.objects.create(game=GAME, entered_by=user, data=box()) for user in people]
    EditionEntry.objects.filter(pk__in=[e.pk for e in entries]).update(submitted_at="2026-11-27T10:00:00Z")
    barrier, made = threading.Barrier(2), []

    def submit(entry: EditionEntry) -> None:
        barrier.wait()
        try:
            made.append(entry_submit(entry=entry, by=entry.entered_by))
        finally:
            connection.close()

    threads = [threading.Thread(target=submit, args=(entry,)) for entry in entries]
    [thread.start() for thread in threads]
    [thread.join() for thread in threads]
    assert EditionConfirmation.objects.count() == 1
    assert {c.pk for c in made if c is not None} == {EditionConfirmation.objects.get().pk}
    listed = client_of(people[0]).get(f"/api/games/{GAME}/edition-entries/").json()["confirmations"]
    independence = listed[0]["independence"]
    assert independence["same_email_domain"] is True
    assert independence["played_together"] == 0
    assert sorted(e["username"] for e in independence["entrants"]) == sorted(u.username for u in people)


def test_a_steward_previews_what_adopting_an_edition_would_change(django_capture_on_commit_callbacks) -> None:
    """Issue 66, item 2: before adoption the steward sees, per event, whether it keeps its practice data and
    how many counting tables the new data would reject; nothing is written."""
    from tournaments.catalogue.services import edition_load

    practice_night = EventFactory(game=GAME, rounds_planned=1, name="Practice night")
    organiser = practice_night.organisers.get()
    register_and_check_in(practice_night, [PlayerFactory() for _ in range(4)])
    play_round(event_start(event=practice_night, by=organiser), organiser, random.Random(5),
               django_capture_on_commit_callbacks)  # fmt: skip
    with django_capture_on_commit_callbacks(execute=True):
        edition_load(raw=box(), loaded_by=UserFactory(is_superuser=True))  # the printed edition: kept as played
    printed_night = EventFactory(game=GAME, rounds_planned=1, name="Printed night")
    register_and_check_in(printed_night, [PlayerFactory() for _ in range(4)])
    printer = printed_night.organisers.get()
    play_round(event_start(event=printed_night, by=printer), printer, random.Random(6),
               django_capture_on_commit_callbacks)  # fmt: skip
    changed = box()
    changed["name"] = "Boomerang: Europe (a second printing, test stand-in)"
    for region in changed["regions"]:  # two regions' bonuses swapped: a table that completed one scores otherwise
        region["bonus"] = {"Nordic": 2, "Baltic and East": 5}.get(region["name"], region["bonus"])
    confirmation = EditionConfirmation.objects.create(game=GAME, data=changed, digest="x" * 64)
    attempts = set(TableResult.objects.values_list("attempt", flat=True))
    stranger = client_of(UserFactory()).get(f"/api/games/{GAME}/confirmed-editions/{confirmation.pk}/preview/")
    assert stranger.status_code == 403
    steward = client_of(UserFactory(is_superuser=True))
    preview = steward.get(f"/api/games/{GAME}/confirmed-editions/{confirmation.pk}/preview/").json()
    by_name = {line["name"]: line for line in preview["events"]}
    assert by_name["Practice night"]["kept_on_practice"] is True
    assert by_name["Practice night"]["rejected_after"] is None
    printed = by_name["Printed night"]
    assert (printed["kept_on_practice"], printed["counting"]) == (False, 1)
    assert preview["tables_checked"] == 1
    assert set(TableResult.objects.values_list("attempt", flat=True)) == attempts  # nothing re-verified
    with django_capture_on_commit_callbacks(execute=True):  # what the preview said is what adoption does
        steward.post(f"/api/games/{GAME}/confirmed-editions/{confirmation.pk}/adopt/", {"reason": "second box"},
                     format="json")  # fmt: skip
    rejected = TableResult.objects.filter(table__round__event=printed_night, status=TableResult.Status.REJECTED)
    assert printed["rejected_after"] == rejected.count()


def test_the_adoption_preview_page_is_a_stewards_in_four_languages() -> None:
    confirmation = EditionConfirmation.objects.create(game=GAME, data=box(), digest="y" * 64)
    path = f"/games/{GAME}/edition/confirmed/{confirmation.pk}/preview/"
    stranger = Client()
    stranger.force_login(UserFactory())
    assert stranger.get(path).status_code == 403
    steward = Client()
    steward.force_login(UserFactory(is_superuser=True))
    for language, title in (("en", "What adopting this edition changes"), ("fr", "Ce que change l'adoption"),
                            ("de", "Was die Übernahme"), ("es", "Lo que cambia adoptar")):  # fmt: skip
        page = steward.get(path, HTTP_ACCEPT_LANGUAGE=language)
        assert page.status_code == 200
        assert title in page.content.decode().replace("&#x27;", "'")
    assert path in steward.get(f"/games/{GAME}/edition/entry/").content.decode()  # linked beside "adopt"


def test_the_stewards_page_links_the_editions_waiting_for_adoption() -> None:
    """Issue 66, item 9: no link from the stewards' page to the entries waiting for adoption."""
    confirmation = EditionConfirmation.objects.create(game=GAME, data=box(), digest="z" * 64)
    steward = Client()
    steward.force_login(UserFactory(is_superuser=True))
    page = steward.get("/stewards/").content.decode()
    assert "Editions confirmed, waiting for adoption" in page
    assert f"/games/{GAME}/edition/confirmed/{confirmation.pk}/preview/" in page
