"""Registration review and the organiser's questions on a phone (issue 70, item 3): a player answers the
questions and registers, an organiser asks a change from the queue, the player answers again, the organiser
approves; each page without a serious axe-core violation, nothing wider than the phone, in German for the
player and French for the organiser."""

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from tests.browser.conftest import PHONE, shot, sign_in
from tests.browser.test_accessibility import axe_violations
from tests.browser.test_score_pad import wait_for

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_registration_reviewed_from_the_queue_on_a_phone(live_server, browser_of) -> None:
    from tests.factories import PlayerFactory
    from tournaments.models import Registration
    from tournaments.services.clubs import organisation_create
    from tournaments.services.events import event_create, event_open_registration

    owner, zoe = PlayerFactory(), PlayerFactory()
    club = organisation_create(by=owner.user, slug="owls", name="Owls")
    questions = [{"label": "Your club", "kind": "text", "required": True},
                 {"label": "T-shirt size", "kind": "choice", "choices": ["S", "M", "L"]},
                 {"label": "Vegetarian meal?", "kind": "yes_no"}]  # fmt: skip
    event = event_create(organiser=owner.user, name="Open", game="boomerang-australia", organisation=club,
                         registration_review=True, registration_questions=questions)  # fmt: skip
    event_open_registration(event=event, by=owner.user)
    player = browser_of(PHONE, "de")
    sign_in(player, live_server.url, zoe.user)
    player.get(f"{live_server.url}/events/{event.pk}/")
    player.find_element(By.ID, "answer-your-club").send_keys("Owls")
    Select(player.find_element(By.ID, "answer-t-shirt-size")).select_by_visible_text("M")
    player.find_element(By.ID, "answer-vegetarian-meal").click()
    assert axe_violations(player) == []
    shot(player, "registration-questions-de")
    player.find_element(By.CSS_SELECTOR, "form[action$='/register/'] button[type=submit]").click()
    wait_for(player, lambda d: "Deine Anmeldung wartet auf die Zustimmung der Veranstalter." in d.page_source)
    assert Registration.objects.get(player=zoe).answers == {"your-club": "Owls", "t-shirt-size": "M",
                                                             "vegetarian-meal": True}  # fmt: skip

    organiser = browser_of(PHONE, "fr")
    sign_in(organiser, live_server.url, owner.user)
    organiser.get(f"{live_server.url}/events/{event.pk}/review/")
    assert "Owls" in organiser.page_source
    assert organiser.execute_script("return document.documentElement.scrollWidth") <= PHONE[0]
    assert axe_violations(organiser) == []
    shot(organiser, "review-queue-fr")
    organiser.find_element(By.CSS_SELECTOR, "textarea[name=note]").send_keys("Ton club complet, stp")
    organiser.find_element(By.CSS_SELECTOR, "button[value=ask_change]").click()
    wait_for(organiser, lambda d: "Une modification est demandée" in d.page_source)
    assert Registration.objects.get(player=zoe).status == "changes"

    player.get(f"{live_server.url}/events/{event.pk}/")
    assert "Ton club complet, stp" in player.page_source
    field = player.find_element(By.ID, "answer-your-club")
    assert field.get_attribute("value") == "Owls"  # the answers given come back to be changed
    field.clear()
    field.send_keys("Owls of Lyon")
    player.find_element(By.CSS_SELECTOR, "form[action$='/registration/answers/'] button[type=submit]").click()
    wait_for(player, lambda d: "Deine Antworten sind gesendet" in d.page_source)
    assert Registration.objects.get(player=zoe).answers["your-club"] == "Owls of Lyon"

    organiser.get(f"{live_server.url}/events/{event.pk}/review/")
    organiser.find_element(By.CSS_SELECTOR, "input[value=approve] + button").click()
    wait_for(organiser, lambda d: "Aucune inscription n’attend votre examen." in d.page_source)
    assert Registration.objects.get(player=zoe).status == "registered"
