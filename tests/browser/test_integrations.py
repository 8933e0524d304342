"""A club owner connects the club's website on a 390 x 844 phone, in English and in French: a webhook added
(its secret shown once, the page no wider than the phone), pinged, and an API key made."""

import pytest
from selenium.webdriver.common.by import By

from tests.browser.conftest import script_errors, shot, sign_in
from tests.browser.test_cafe_night import click
from tests.factories import PlayerFactory
from tests.tournaments.integrations.test_webhook_management import Receiver
from tournaments.integrations.models import ApiKey, Webhook
from tournaments.services.clubs import organisation_create

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _loopback_receivers(settings):
    settings.WEBHOOK_ALLOW_HTTP = True
    settings.WEBHOOK_ALLOWED_NETWORKS = ["127.0.0.0/8"]


def too_wide(driver) -> int:
    return driver.execute_script("return document.documentElement.scrollWidth - window.innerWidth")


@pytest.mark.parametrize("language", ["en", "fr"])
def test_an_owner_connects_the_clubs_website_on_a_phone(live_server, phone, french_phone, language) -> None:
    driver = phone if language == "en" else french_phone
    receiver = Receiver()
    owner = PlayerFactory()
    organisation_create(by=owner.user, slug="owls", name="Owls")
    sign_in(driver, live_server.url, owner.user)
    driver.get(f"{live_server.url}/clubs/owls/")
    driver.find_element(By.CSS_SELECTOR, "a[href='/clubs/owls/integrations/']").click()
    driver.find_element(By.NAME, "url").send_keys(receiver.url + "/a-long-path/that-should-wrap-on-a-phone-screen")
    driver.find_element(By.CSS_SELECTOR, "form[action$='/webhooks/'] button[type=submit]").click()
    secret = driver.find_element(By.CSS_SELECTOR, "#shown-once code.secret").text
    assert secret == Webhook.objects.get().secret
    assert too_wide(driver) <= 0
    shot(driver, f"integrations-secret-{language}")
    ping = "Ping"
    click(driver, ping, "200")
    driver.find_element(By.NAME, "name").send_keys("Website")
    driver.find_element(By.CSS_SELECTOR, "form[action$='/keys/'] button[type=submit]").click()
    key = driver.find_element(By.CSS_SELECTOR, "#shown-once code.secret").text
    assert key.startswith("bk_")
    assert ApiKey.objects.get().name == "Website"
    driver.get(f"{live_server.url}/clubs/owls/integrations/")
    assert too_wide(driver) <= 0
    shot(driver, f"integrations-{language}")
    assert script_errors(driver) == []
    receiver.close()


def test_a_double_tap_on_a_pages_form_makes_one_club(live_server, phone) -> None:
    from tournaments.models import Organisation

    owner = PlayerFactory()
    sign_in(phone, live_server.url, owner.user)
    phone.get(f"{live_server.url}/clubs/new/")
    phone.find_element(By.NAME, "slug").send_keys("owls")
    phone.find_element(By.NAME, "name").send_keys("Owls")
    answers = phone.execute_async_script(  # the form sent twice, as a double tap or a resend does
        """
        var done = arguments[arguments.length - 1], form = document.querySelector('main form');
        form.addEventListener('submit', function (e) { e.preventDefault(); });
        form.requestSubmit();  // confirm.js gives it its key
        var send = function () {
          var body = new FormData(form);
          return fetch(form.action || location.href, {method: 'POST', body: body, credentials: 'same-origin'});
        };
        send().then(function (a) { send().then(function (b) { done([a.url, b.url]); }); });
        """
    )
    assert [url.removeprefix(live_server.url) for url in answers] == ["/clubs/owls/", "/clubs/owls/"]
    assert Organisation.objects.filter(slug="owls").count() == 1
    assert script_errors(phone) == []
