"""axe-core over every kind of page, in real Chromium at 390x844 (issue 54, item 6): no serious or critical
violation, for a player on the pads and for an organiser. axe-core comes from npm, pinned in
tests/browser/axe/package.json (`npm ci --prefix tests/browser/axe`; .ci/run installs it)."""

import os
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By

from tests.browser.conftest import shot, sign_in
from tests.browser.test_end_pad import open_end_pad
from tests.browser.test_score_pad import go_to_seat, open_pad, wait_for
from tests.tournaments.helpers import running_round

pytestmark = pytest.mark.django_db(transaction=True)
AXE = Path(__file__).parent / "axe" / "node_modules" / "axe-core" / "axe.min.js"
BLOCKING = ("serious", "critical")


def axe_violations(driver) -> list[tuple[str, str, int, str]]:
    """The page's violations of a serious or critical impact: (rule, impact, how many nodes, the first)."""
    if not AXE.exists():
        if os.environ.get("REQUIRE_BROWSER"):
            pytest.fail("axe-core is required here: npm ci --prefix tests/browser/axe")
        pytest.skip("needs axe-core: npm ci --prefix tests/browser/axe (.ci/run installs it)")
    driver.execute_script(AXE.read_text())
    found = driver.execute_async_script("""
        var done = arguments[arguments.length - 1];
        axe.run(document, {resultTypes: ["violations"]}).then(function (result) {
          done(result.violations.map(function (v) {
            return [v.id, v.impact, v.nodes.length, v.nodes[0].target.join(" ")];
          }));
        });
    """)
    return [tuple(v) for v in found if v[1] in BLOCKING]


def test_the_card_pad_has_no_serious_violation_in_english_and_french(live_server, phone, french_phone) -> None:
    _event, round_ = running_round()
    table = round_.tables.get()
    user = table.seats.order_by("position").first().player.user
    for driver in (phone, french_phone):
        open_pad(driver, live_server.url, user, table.pk)
        wait_for(driver, lambda d: d.find_element(By.ID, "pad").get_attribute("data-ready") == "yes")
        assert axe_violations(driver) == []
        assert len(driver.find_elements(By.TAG_NAME, "h1")) == 1  # one h1 on the pad


def test_axe_core_finds_no_serious_violation_on_the_pad_with_cards_taken(live_server, phone) -> None:
    """Issue 66, item 12: the greyed cards (taken by another seat of the round) were 21 serious colour-contrast
    nodes. The organiser's pad, the first seat's cards tapped, seen from the second seat."""
    event, round_ = running_round()
    table = round_.tables.get()
    second = table.seats.order_by("position")[1].player.handle
    open_pad(phone, live_server.url, event.organisers.get(), table.pk)
    for button in phone.find_elements(By.CSS_SELECTOR, "#cards button")[:3]:
        button.click()
    go_to_seat(phone, second)
    wait_for(phone, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#cards button.taken")) == 3)
    assert axe_violations(phone) == []


def test_the_end_of_game_pad_has_no_serious_violation(live_server, phone) -> None:
    _event, round_ = running_round("boomerang-hunt", players=4)
    table = round_.tables.get()
    open_end_pad(phone, live_server.url, table.seats.order_by("position").first().player.user, table.pk)
    assert axe_violations(phone) == []


def test_every_kind_of_page_has_no_serious_violation(live_server, phone) -> None:
    from ratings.models import RatingPool

    event, round_ = running_round()
    RatingPool.objects.get_or_create(game=event.game)  # the table page, the TV and the pad show the chances
    table = round_.tables.get()
    player = table.seats.order_by("position").first().player
    pages = ["/", "/clubs/", "/leaderboards/", f"/leaderboards/{event.game}/", f"/leaderboards/{event.game}/quality/",
             f"/events/{event.pk}/", f"/events/{event.pk}/standings/", f"/events/{event.pk}/rounds/1/",
             f"/tables/{table.pk}/", f"/players/{player.handle}/", "/accounts/login/", "/accounts/signup/",
             "/privacy/", "/open-data/", f"/leaderboards/{event.game}/casual/",
             f"/embed/events/{event.pk}/standings/?accent=1f6f43",
             f"/embed/events/{event.pk}/register/?dark=1&accent=ffb37a"]  # fmt: skip
    for path in pages:
        phone.get(live_server.url + path)
        assert axe_violations(phone) == [], path
    sign_in(phone, live_server.url, event.organisers.get())
    for path in (f"/events/{event.pk}/", f"/events/{event.pk}/tv/", f"/events/{event.pk}/entrants/", "/events/new/"):
        phone.get(live_server.url + path)
        assert axe_violations(phone) == [], path
    phone.get(f"{live_server.url}/events/{event.pk}/tv/")
    assert len(phone.find_elements(By.CSS_SELECTOR, ".tv-grid .chance")) == 4  # each seat's chance to win
    shot(phone, "tv-with-chances")


def test_a_federations_and_a_treasurers_pages_have_no_serious_violation(live_server, phone) -> None:
    """Issue 57's pages, as a federation's secretary and a club treasurer meet them on a phone: the door
    ledger, the licences, the levy, the titles (with a holder), the stewards' merges with their Undo."""
    from datetime import date

    from ratings.services.pools import Placing, match_record
    from tests.factories import PlayerFactory
    from tournaments.finance.services import entry_fee_set, payment_record
    from tournaments.models import Licence, RatingBody, Registration
    from tournaments.results.services.rating import title_define
    from tournaments.services.clubs import organisation_create
    from tournaments.stewarding.models import PlayerMerge

    event, _round = running_round()
    organiser = event.organisers.get()
    entry_fee_set(event=event, by=organiser, amount="10", currency="EUR", reduced_amount="5",
                  reduced_categories=["junior"], reason="club night")  # fmt: skip
    first = Registration.objects.filter(event=event).first()
    payment_record(registration=first, by=organiser, kind="paid", method="cash", amount="10")
    secretary = PlayerFactory()
    secretary.user.is_superuser = True  # a steward of every pool, and the federation's owner
    secretary.user.save()
    federation = organisation_create(by=secretary.user, slug="fed", name="Federation", kind="federation")
    RatingBody.objects.create(game=event.game, organisation=federation)
    Licence.objects.create(federation=federation, player=first.player, number="F-1", category="junior",
                           valid_from=date(2026, 1, 1), valid_until=date(2026, 12, 31))  # fmt: skip
    players = [PlayerFactory() for _ in range(3)]
    match_record(game=event.game, source="table:999999", order_at=event.created_at,
                 placings=[Placing(p.user_id, p.handle, rank) for rank, p in enumerate(players, start=1)])  # fmt: skip
    title_define(game=event.game, by=secretary.user, name="Club player", abbreviation="CP", min_rating=-50,
                 min_games=1, held_for_games=1, reason="everyone who played once")  # fmt: skip
    PlayerMerge.objects.create(kept=players[0], merged=players[1], merged_handle=players[1].handle, by=secretary.user,
                               reason="one person", moved={"rows": {}, "tables": [], "events": {}})  # fmt: skip
    sign_in(phone, live_server.url, organiser)
    phone.get(f"{live_server.url}/events/{event.pk}/ledger/")
    shot(phone, "ledger")
    assert axe_violations(phone) == []
    sign_in(phone, live_server.url, secretary.user)
    for name, path in (("licences", "/clubs/fed/licences/"), ("levy", "/clubs/fed/levy/"),
                       ("titles", f"/leaderboards/{event.game}/titles/"), ("stewards", "/stewards/")):  # fmt: skip
        phone.get(live_server.url + path)
        shot(phone, name)
        assert axe_violations(phone) == [], path


def test_a_team_code_and_an_editions_preview_have_no_serious_violation(live_server, phone) -> None:
    """This session's pages on a phone (issues 66 and 67): a team event's page with the captain's join code and
    the form to join by a code; a steward's preview of what adopting an edition changes, and the stewards'
    list of editions waiting for adoption."""
    import json

    import games
    from tests.factories import EventFactory, PlayerFactory, UserFactory
    from tournaments.catalogue.models import EditionConfirmation
    from tournaments.services.teams import team_register

    event = EventFactory(game="boomerang-australia", team_size=2, capacity=16, status="registration")
    captain, joiner = PlayerFactory(handle="cap-ann"), PlayerFactory(handle="bob-joins")
    team = team_register(event=event, name="Owls", handles=[captain.handle], by=captain.user)
    sign_in(phone, live_server.url, captain.user)
    phone.get(f"{live_server.url}/events/{event.pk}/")
    assert team.join_code in phone.find_element(By.ID, "team-code").find_element(By.XPATH, "..").text
    assert axe_violations(phone) == []
    shot(phone, "team-code-390")
    phone.delete_all_cookies()
    sign_in(phone, live_server.url, joiner.user)
    phone.get(f"{live_server.url}/events/{event.pk}/")
    phone.find_element(By.ID, "team-join-code").send_keys(team.join_code.lower())
    phone.find_element(By.CSS_SELECTOR, "form[action$='/teams/join/'] button").click()
    wait_for(phone, lambda d: "You joined the team." in d.page_source)
    assert axe_violations(phone) == []

    data = json.loads((Path(games.__file__).parent / "data" / "practice-boomerang-europe.json").read_text())
    data["name"] = "Boomerang: Europe (test stand-in for the printed edition)"
    confirmation = EditionConfirmation.objects.create(game="boomerang-europe", data=data, digest="a" * 64)
    phone.delete_all_cookies()
    sign_in(phone, live_server.url, UserFactory(is_superuser=True))
    for path in ("/stewards/", f"/games/boomerang-europe/edition/confirmed/{confirmation.pk}/preview/"):
        phone.get(live_server.url + path)
        assert axe_violations(phone) == [], path
    shot(phone, "adoption-preview-390")
    width = phone.execute_script("return document.documentElement.scrollWidth")
    assert width <= 390  # no page wider than the phone
