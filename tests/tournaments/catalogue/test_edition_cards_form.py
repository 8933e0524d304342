"""A drafting edition entered card by card on a page (issue 55, item 2): each card's letter, name, number,
region and symbols, the regions' bonuses and, for an edition with a map, its paths and coasts. The form builds
the edition file of docs/deck.md, which the loader takes; a field that is not a number is named."""

import json
import random

import pytest
from django.test import Client

import games
from games.simulate import drafting_sheet
from tests.factories import UserFactory
from tournaments.catalogue.models import EditionEntry

pytestmark = pytest.mark.django_db


def form_of(game: str) -> tuple[dict[str, str], object]:
    """The form as a person would fill it from the game's edition in use (Australia's is the printed one)."""
    deck = games.GAMES[game].default_edition()
    keys = games.GAMES[game].drafting.facts.symbol_keys
    form = {"fields": "1", "save": "1", "name": deck.name}
    for i, card in enumerate(deck.cards):
        form |= {f"card-{i}-id": card.id, f"card-{i}-name": card.name, f"card-{i}-number": str(card.number),
                 f"card-{i}-region": card.region}  # fmt: skip
        form |= {f"card-{i}-{key}": value or "" for key, value in zip(keys, (card.green, card.yellow, card.blue),
                                                                       strict=True)}  # fmt: skip
    for j, region in enumerate(deck.regions):
        form |= {f"region-{j}-name": region.name, f"region-{j}-bonus": str(region.bonus)}
    if deck.route_map:
        form["paths"] = ", ".join(f"{a}-{b}" for a, b in deck.route_map.paths)
        form["east_coast"] = ", ".join(sorted(deck.route_map.east_coast))
        form["west_coast"] = ", ".join(sorted(deck.route_map.west_coast))
    return form, deck


@pytest.mark.parametrize("game", ["boomerang-australia", "boomerang-usa"])
def test_a_box_entered_card_by_card_makes_the_edition_file_the_loader_takes(game: str) -> None:
    form, deck = form_of(game)
    page = Client()
    user = UserFactory()
    page.force_login(user)
    shown = page.get(f"/games/{game}/edition/entry/").content.decode()
    assert 'name="card-27-number"' in shown
    assert ('name="paths"' in shown) == (deck.route_map is not None)  # the map only where the edition has one
    page.post(f"/games/{game}/edition/entry/", form)
    data = EditionEntry.objects.get(entered_by=user).data
    _game, loaded = games.load_edition(data)  # every check of docs/deck.md passes
    assert [(c.id, c.name, c.number, c.region, c.green, c.yellow, c.blue) for c in loaded.cards] == [
        (c.id, c.name, c.number, c.region, c.green, c.yellow, c.blue) for c in deck.cards
    ]
    assert [(r.name, set(r.cards), r.bonus) for r in loaded.regions] == [
        (r.name, set(r.cards), r.bonus) for r in deck.regions
    ]
    assert loaded.route_map == deck.route_map
    again = page.get(f"/games/{game}/edition/entry/").content.decode()
    assert f'value="{deck.cards[27].name}"' in again  # saved as typed, resumed later
    download = page.get(f"/games/{game}/edition/entry/?download=1")
    assert json.loads(download.content)["cards"][0]["id"] == deck.cards[0].id
    sheet = drafting_sheet(game, deck, 4, random.Random(0))  # the sample table, dealt as the page deals it
    expected = [f"<li>{seat.player}: {seat.total}</li>" for seat in games.verify_table(sheet, deck).seats]
    assert "What your entry makes of a table" in again
    assert all(line in again for line in expected)  # scored with the entry's data: the same as with the deck


@pytest.mark.parametrize(("language", "card_label"), [("en", "Card 28"), ("fr", "Carte 28")])
def test_a_bad_field_is_named_and_a_missing_card_counted(language: str, card_label: str) -> None:
    form, _deck = form_of("boomerang-australia")
    page = Client(HTTP_ACCEPT_LANGUAGE=language)
    user = UserFactory()
    page.force_login(user)
    assert card_label in page.get("/games/boomerang-australia/edition/entry/").content.decode()
    refused = page.post("/games/boomerang-australia/edition/entry/", {**form, "card-3-number": "six"}, follow=True)
    assert "cards[3].number" in refused.content.decode()
    assert not EditionEntry.objects.filter(entered_by=user).exists()  # nothing saved in its place
    short = {key: value for key, value in form.items() if not key.startswith("card-27-")}
    after = page.post("/games/boomerang-australia/edition/entry/", short, follow=True).content.decode()
    assert "27" in after  # the checks name the count of cards
    assert len(EditionEntry.objects.get(entered_by=user).data["cards"]) == 27


def test_a_path_or_a_bonus_that_cannot_be_read_is_named() -> None:
    form, _deck = form_of("boomerang-usa")
    page = Client()
    user = UserFactory()
    page.force_login(user)
    bad_path = page.post("/games/boomerang-usa/edition/entry/", {**form, "paths": "A-B, B-C-D"}, follow=True)
    assert "map.paths[1] is two cities" in bad_path.content.decode()
    bad_bonus = page.post("/games/boomerang-usa/edition/entry/", {**form, "region-0-bonus": "three"}, follow=True)
    assert "regions[0].bonus is a whole number" in bad_bonus.content.decode()
    assert not EditionEntry.objects.filter(entered_by=user).exists()
