"""Offline first in real Chromium with the network cut (Chromium's network conditions): a player enters a
whole 4-player table on the pad with no network, reloads the pad with no network (the service worker's
copy), goes back online: the sheets arrive once and are verified. A check-in done offline arrives once.
The site is installable: the manifest and the worker at the root scope."""

import json
import random

import pytest
from selenium.webdriver.common.by import By

from games.simulate import legal_sheet
from tests.browser.conftest import script_errors, shot, sign_in
from tests.browser.test_score_pad import go_to_round, go_to_seat, open_pad, pick, tap, wait_for
from tests.factories import EventFactory, PlayerFactory
from tests.tournaments.helpers import running_round
from tournaments.integrations.models import IdempotentRequest
from tournaments.models import Registration, ScoreSheet, TableResult
from tournaments.services.registrations import registration_create

pytestmark = pytest.mark.django_db(transaction=True)


def network(driver, online: bool) -> None:
    driver.set_network_conditions(offline=not online, latency=5, download_throughput=1 << 20, upload_throughput=1 << 20)


def controlled_by_the_worker(driver) -> None:
    """The first visit installs the worker; the page is its client from then on (it claims open pages)."""
    wait_for(
        driver, lambda d: d.execute_script("return !!(navigator.serviceWorker && navigator.serviceWorker.controller)")
    )


def test_a_whole_table_entered_offline_arrives_once_and_is_verified(live_server, phone) -> None:
    _event, round_ = running_round(players=4)
    table = round_.tables.get()
    seats = list(table.seats.select_related("player__user").order_by("position"))
    sheet = legal_sheet("boomerang-australia", 4, random.Random(11))
    open_pad(phone, live_server.url, seats[0].player.user, table.pk)
    controlled_by_the_worker(phone)

    network(phone, online=False)
    for r in range(4):
        go_to_round(phone, r + 1)
        for seat, seat_sheet in zip(seats, sheet["seats"], strict=True):
            go_to_seat(phone, seat.player.handle)
            for card in seat_sheet["rounds"][r]["cards"]:
                tap(phone, card)
            pick(phone, seat_sheet["rounds"][r]["scored"])
    phone.refresh()  # no network: the worker's copy of the pad, the draft from the phone
    wait_for(phone, lambda d: d.find_element(By.ID, "pad").get_attribute("data-ready") == "yes")
    phone.find_element(By.ID, "submit").click()
    wait_for(phone, lambda d: "Offline: 1 waiting" in d.find_element(By.ID, "offline-banner").text)
    shot(phone, "pad-offline-waiting")
    assert not ScoreSheet.objects.filter(seat__table=table).exists()

    network(phone, online=True)
    wait_for(phone, lambda d: "Sent" in d.find_element(By.ID, "offline-banner").text, 30)
    wait_for(phone, lambda d: d.find_element(By.ID, "pad").get_attribute("data-result") == "verified", 30)
    shot(phone, "pad-offline-sent")
    assert TableResult.objects.get(table=table).status == "verified"
    assert ScoreSheet.objects.filter(seat__table=table).count() == 4  # once
    assert IdempotentRequest.objects.exclude(status_code=302).count() == 1
    assert script_errors(phone) == []


def test_a_check_in_done_offline_arrives_once(live_server, phone) -> None:
    event = EventFactory()
    player = PlayerFactory()
    registration_create(event=event, player=player)
    sign_in(phone, live_server.url, player.user)
    phone.get(f"{live_server.url}/events/{event.pk}/")
    controlled_by_the_worker(phone)
    network(phone, online=False)
    phone.find_element(By.XPATH, "//main//button[normalize-space()='Check in']").click()
    wait_for(phone, lambda d: "Offline: 1 waiting" in d.find_element(By.ID, "offline-banner").text)
    assert Registration.objects.get(event=event, player=player).status == "registered"
    network(phone, online=True)
    wait_for(phone, lambda d: "Sent" in d.find_element(By.ID, "offline-banner").text, 30)
    assert Registration.objects.get(event=event, player=player).status == "checked_in"
    assert IdempotentRequest.objects.count() == 1  # the form came with its key, answered once


def test_the_site_is_installable(live_server, phone) -> None:
    phone.get(f"{live_server.url}/manifest.webmanifest")
    described = json.loads(phone.find_element(By.TAG_NAME, "body").text)
    assert described["display"] == "standalone"
    assert described["start_url"] == "/"
    assert {icon["sizes"] for icon in described["icons"]} == {"192x192", "512x512"}
    phone.get(f"{live_server.url}/events/")
    controlled_by_the_worker(phone)
    scope = phone.execute_script(
        "return navigator.serviceWorker.getRegistration().then(function (r) { return r.scope; })"
    )
    assert scope == f"{live_server.url}/"


def test_an_end_of_game_form_sent_offline_arrives_once(live_server, phone) -> None:
    from tests.browser.test_end_pad import a_table_opened_on_the_pad, fill

    table, entries, _totals = a_table_opened_on_the_pad(phone, live_server.url, "boomerang-hunt", 4, seed=3)
    controlled_by_the_worker(phone)
    network(phone, online=False)
    for i, entry in enumerate(entries):
        for species, count in entry["captured"].items():
            fill(phone, f"captured.{species}-{i}", count)
        fill(phone, f"boomerangs-{i}", entry["boomerangs"])
    phone.find_element(By.CSS_SELECTOR, 'button[value="submit"]').click()
    wait_for(phone, lambda d: "Offline: 1 waiting" in d.find_element(By.ID, "offline-banner").text)
    assert not ScoreSheet.objects.filter(seat__table=table).exists()
    network(phone, online=True)
    wait_for(phone, lambda d: "Sent" in d.find_element(By.ID, "offline-banner").text, 30)
    wait_for(phone, lambda d: TableResult.objects.get(table=table).status == "verified", 30)
    assert ScoreSheet.objects.filter(seat__table=table).count() == 4  # once


def test_signing_out_forgets_the_accounts_pages_and_keeps_the_sites_own_files(live_server, phone) -> None:
    """Issue 53: signing out left private pages readable offline, or (item 17) took the offline page and the
    static files with them."""
    event, player = EventFactory(), PlayerFactory()
    registration_create(event=event, player=player)
    sign_in(phone, live_server.url, player.user)
    phone.get(f"{live_server.url}/events/{event.pk}/")
    controlled_by_the_worker(phone)
    phone.get(f"{live_server.url}/events/{event.pk}/")  # fetched through the worker: a copy is kept
    wait_for(phone, lambda d: f"/events/{event.pk}/" in kept(d).get("pages", []))
    phone.find_element(By.XPATH, "//button[normalize-space()='Log out']").click()
    wait_for(phone, lambda d: f"/events/{event.pk}/" not in kept(d).get("pages", []))
    files = kept(phone)["files"]
    assert "/offline/" in files
    assert any(name.endswith("site.css") for name in files)
    assert script_errors(phone) == []


def kept(driver) -> dict[str, list[str]]:
    """The worker's caches by kind ("files", "pages"): the paths each holds."""
    return driver.execute_async_script("""
        var done = arguments[arguments.length - 1];
        caches.keys().then(function (names) {
          return Promise.all(names.map(function (name) {
            return caches.open(name).then(function (cache) { return cache.keys(); }).then(function (requests) {
              var kind = name.indexOf("boomerang-pages-") === 0 ? "pages" : "files";
              return [kind, requests.map(function (r) { return new URL(r.url).pathname; })];
            });
          }));
        }).then(function (pairs) {
          var byKind = {};
          pairs.forEach(function (pair) { byKind[pair[0]] = (byKind[pair[0]] || []).concat(pair[1]); });
          done(byKind);
        });
    """)
