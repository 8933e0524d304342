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


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_cards_are_checked_as_they_are_typed(live_server, phone, french_phone, language) -> None:
    driver = phone if language == "en" else french_phone
    sign_in(driver, live_server.url, UserFactory())
    driver.get(f"{live_server.url}/games/boomerang-europe/edition/entry/")
    counted, twice, unknown, bigfoot, route_map = WORDS[language]

    def typed(name: str, text: str) -> None:
        field = driver.find_element(By.NAME, name)
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", field)
        field.send_keys(text)

    typed("region-0-name", "British Isles")
    typed("region-0-bonus", "3")
    for row, (letter, number, region) in enumerate([("A", "6", "British Isles"), ("A", "2", "Iberia")]):
        typed(f"card-{row}-id", letter)
        typed(f"card-{row}-number", number)
        typed(f"card-{row}-region", region)
    status = driver.find_element(By.ID, "card-checks")
    WebDriverWait(driver, 10).until(lambda d: counted in status.text)
    assert twice in status.text
    assert unknown in status.text
    assert driver.find_element(By.NAME, "card-1-region").get_attribute("aria-invalid") == "true"
    assert driver.find_element(By.NAME, "card-0-region").get_attribute("aria-invalid") == "false"
    assert driver.find_element(By.ID, "sheet-preview").text == "British Isles (+3): A"
    assert driver.execute_script("return document.documentElement.scrollWidth - window.innerWidth") <= 0
    assert script_errors(driver) == []
    shot(driver, f"edition-cards-{language}")
    assert axe_violations(driver) == []

    driver.get(f"{live_server.url}/games/boomerang-usa/edition/entry/")  # published totals, and the map
    typed("card-0-animal", "Bigfoot")
    typed("card-1-animal", "Bigfoot")
    typed("paths", "A-B, B-C")
    typed("east_coast", "A")
    typed("west_coast", "Q")
    status = driver.find_element(By.ID, "card-checks")
    WebDriverWait(driver, 10).until(lambda d: bigfoot in status.text)
    assert route_map in driver.find_element(By.ID, "sheet-preview").text
    assert script_errors(driver) == []


SPOKEN = [("de", "1 von 28 Karten eingegeben", "1 von 54 Karten"), ("es", "1 de 28 cartas escritas", "1 de 54 cartas")]


@pytest.mark.parametrize(("language", "counted", "hunted"), SPOKEN)
def test_the_card_form_speaks_german_and_spanish_on_a_phone(live_server, language, counted, hunted) -> None:
    from tests.browser.conftest import PHONE, _browser

    driver = _browser(PHONE, language)
    try:
        sign_in(driver, live_server.url, UserFactory())
        driver.get(f"{live_server.url}/games/boomerang-usa/edition/entry/")
        field = driver.find_element(By.NAME, "card-0-id")
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", field)
        field.send_keys("A")
        WebDriverWait(driver, 10).until(lambda d: counted in d.find_element(By.ID, "card-checks").text)
        assert driver.execute_script("return document.documentElement.scrollWidth - window.innerWidth") <= 0
        assert script_errors(driver) == []
        shot(driver, f"edition-cards-{language}")
        assert axe_violations(driver) == []
        driver.get(f"{live_server.url}/games/boomerang-hunt/edition/entry/")  # the hunt's cards, in the same words
        field = driver.find_element(By.NAME, "hunt-card-0-species")
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", field)
        field.send_keys("Fish")
        WebDriverWait(driver, 10).until(lambda d: hunted in d.find_element(By.ID, "hunt-checks").text)
        assert driver.execute_script("return document.documentElement.scrollWidth - window.innerWidth") <= 0
        assert script_errors(driver) == []
        shot(driver, f"edition-hunt-{language}")
        assert axe_violations(driver) == []
    finally:
        driver.quit()


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

    def typed(name: str, text: str) -> None:
        field = driver.find_element(By.NAME, name)
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", field)
        field.send_keys(text)

    typed("species-0", "Fish")
    typed("count-0", "9")
    for k, territory in enumerate(["Water", "Forest", "Meadow", "Desert", "Mountains"]):
        typed(f"territory-{k}", territory)
    for row, (animal, first, second) in enumerate([("Fish", "Water", "Sea"), ("Fish", "Forest", "Forest")]):
        typed(f"hunt-card-{row}-species", animal)
        typed(f"hunt-card-{row}-first", first)
        typed(f"hunt-card-{row}-second", second)
    status = driver.find_element(By.ID, "hunt-checks")
    WebDriverWait(driver, 10).until(lambda d: counted in status.text)
    assert twice in status.text
    assert unknown in status.text
    assert driver.find_element(By.NAME, "hunt-card-0-second").get_attribute("aria-invalid") == "true"
    assert driver.find_element(By.NAME, "hunt-card-0-first").get_attribute("aria-invalid") == "false"
    assert driver.find_element(By.NAME, "hunt-card-1-second").get_attribute("aria-invalid") == "true"
    offered = driver.execute_script("return [...document.querySelectorAll('#hunt-territories option')].length")
    assert offered == 5  # each card's territory fields offer the five names typed above
    assert driver.execute_script("return document.documentElement.scrollWidth - window.innerWidth") <= 0
    assert script_errors(driver) == []
    shot(driver, f"edition-hunt-{language}")
    assert axe_violations(driver) == []
