"""The editions' card-by-card forms on a phone (390 x 844), in English and in French (issue 55, item 2): the
drafting edition's checks run as one types (a count, a letter typed twice, a card whose region is none of the
score sheet's) and its score sheet's preview follows; the hunt's (a card's territory typed twice, a name none
of the five); nothing overflows the screen and axe-core finds no serious violation."""

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from tests.browser.conftest import script_errors, shot, sign_in
from tests.browser.test_accessibility import axe_violations
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)
WORDS = {  # the page's own words for what the checks say, in each language
    "en": ("2 of 28 cards typed", "letter A: on 2 cards", "is none of the regions below",
           "Bigfoot: on 2 cards, the edition has 1", "Map: 2 paths; east coast A; west coast Q"),
    "fr": ("2 cartes saisies sur 28", "lettre A : sur 2 cartes", "n’est aucune des régions ci-dessous",
           "Bigfoot : sur 2 cartes, l’édition en a 1", "Carte : 2 chemins ; côte est A ; côte ouest Q"),
}  # fmt: skip


def typed(driver, name: str, text: str) -> None:
    """Type into the named field, scrolled into view as a person would bring it on screen."""
    field = driver.find_element(By.NAME, name)
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", field)
    field.send_keys(text)


def fits_the_phone_and_passes_axe(driver, name: str) -> None:
    """Nothing wider than the screen, no script error, a screenshot kept, and no serious axe-core violation."""
    assert driver.execute_script("return document.documentElement.scrollWidth - window.innerWidth") <= 0
    assert script_errors(driver) == []
    shot(driver, name)
    assert axe_violations(driver) == []


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_cards_are_checked_as_they_are_typed(live_server, phone, french_phone, language) -> None:
    driver = phone if language == "en" else french_phone
    sign_in(driver, live_server.url, UserFactory())
    driver.get(f"{live_server.url}/games/boomerang-europe/edition/entry/")
    counted, twice, unknown, bigfoot, route_map = WORDS[language]

    typed(driver, "region-0-name", "British Isles")
    typed(driver, "region-0-bonus", "3")
    for row, (letter, number, region) in enumerate([("A", "6", "British Isles"), ("A", "2", "Iberia")]):
        typed(driver, f"card-{row}-id", letter)
        typed(driver, f"card-{row}-number", number)
        typed(driver, f"card-{row}-region", region)
    status = driver.find_element(By.ID, "card-checks")
    WebDriverWait(driver, 10).until(lambda d: counted in status.text)
    assert twice in status.text
    assert unknown in status.text
    assert driver.find_element(By.NAME, "card-1-region").get_attribute("aria-invalid") == "true"
    assert driver.find_element(By.NAME, "card-0-region").get_attribute("aria-invalid") == "false"
    assert driver.find_element(By.ID, "sheet-preview").text == "British Isles (+3): A"
    fits_the_phone_and_passes_axe(driver, f"edition-cards-{language}")

    driver.get(f"{live_server.url}/games/boomerang-usa/edition/entry/")  # published totals, and the map
    typed(driver, "card-0-animal", "Bigfoot")
    typed(driver, "card-1-animal", "Bigfoot")
    typed(driver, "paths", "A-B, B-C")
    typed(driver, "east_coast", "A")
    typed(driver, "west_coast", "Q")
    status = driver.find_element(By.ID, "card-checks")
    WebDriverWait(driver, 10).until(lambda d: bigfoot in status.text)
    assert route_map in driver.find_element(By.ID, "sheet-preview").text
    assert script_errors(driver) == []


SPOKEN = [("de", "1 von 28 Karten eingegeben", "1 von 54 Karten"), ("es", "1 de 28 cartas escritas", "1 de 54 cartas")]


@pytest.mark.parametrize(("language", "counted", "hunted"), SPOKEN)
def test_the_card_form_speaks_german_and_spanish_on_a_phone(live_server, browser_of, language, counted,
                                                             hunted) -> None:  # fmt: skip
    from tests.browser.conftest import PHONE

    driver = browser_of(PHONE, language)
    sign_in(driver, live_server.url, UserFactory())
    driver.get(f"{live_server.url}/games/boomerang-usa/edition/entry/")
    typed(driver, "card-0-id", "A")
    WebDriverWait(driver, 10).until(lambda d: counted in d.find_element(By.ID, "card-checks").text)
    fits_the_phone_and_passes_axe(driver, f"edition-cards-{language}")
    driver.get(f"{live_server.url}/games/boomerang-hunt/edition/entry/")  # the hunt's cards, in the same words
    typed(driver, "hunt-card-0-species", "Fish")
    WebDriverWait(driver, 10).until(lambda d: hunted in d.find_element(By.ID, "hunt-checks").text)
    fits_the_phone_and_passes_axe(driver, f"edition-hunt-{language}")


HUNT_WORDS = {  # the hunt form's checks, in each language
    "en": ("2 of 54 cards typed", "card 2: the same territory twice", "“Sea” is none of the names above"),
    "fr": ("2 cartes saisies sur 54", "carte 2 : deux fois le même territoire", "« Sea » n’est aucun des noms"),
}


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_hunts_cards_are_checked_as_they_are_typed(live_server, phone, french_phone, language) -> None:
    driver = phone if language == "en" else french_phone
    sign_in(driver, live_server.url, UserFactory())
    driver.get(f"{live_server.url}/games/boomerang-hunt/edition/entry/")
    counted, twice, unknown = HUNT_WORDS[language]

    typed(driver, "species-0", "Fish")
    typed(driver, "count-0", "9")
    for k, territory in enumerate(["Water", "Forest", "Meadow", "Desert", "Mountains"]):
        typed(driver, f"territory-{k}", territory)
    for row, (animal, first, second) in enumerate([("Fish", "Water", "Sea"), ("Fish", "Forest", "Forest")]):
        typed(driver, f"hunt-card-{row}-species", animal)
        typed(driver, f"hunt-card-{row}-first", first)
        typed(driver, f"hunt-card-{row}-second", second)
    status = driver.find_element(By.ID, "hunt-checks")
    WebDriverWait(driver, 10).until(lambda d: counted in status.text)
    assert twice in status.text
    assert unknown in status.text
    assert driver.find_element(By.NAME, "hunt-card-0-second").get_attribute("aria-invalid") == "true"
    assert driver.find_element(By.NAME, "hunt-card-0-first").get_attribute("aria-invalid") == "false"
    assert driver.find_element(By.NAME, "hunt-card-1-second").get_attribute("aria-invalid") == "true"
    offered = driver.execute_script("return [...document.querySelectorAll('#hunt-territories option')].length")
    assert offered == 5  # each card's territory fields offer the five names typed above
    fits_the_phone_and_passes_axe(driver, f"edition-hunt-{language}")
