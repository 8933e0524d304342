"""E-mails to players, in their language, each with a link that stops that kind: a seated round (table and
seat), a refused table (the problems in words), a finished event (place and rating change). Sent after the
commit; a player who turned a kind off, or gave no address, gets none."""

import random
import re

import pytest
from django.core import mail
from django.test import Client

from tests.factories import PlayerFactory, UserFactory
from tests.tournaments.helpers import legal_seat_data, play_round, register_and_check_in
from tournaments.entrants.services import guest_create
from tournaments.models import Player
from tournaments.results.services.closing import event_close
from tournaments.results.services.sheets import table_sheets_submit
from tournaments.services.clubs import organisation_create, player_notifications_set
from tournaments.services.events import event_create, event_open_registration, event_update
from tournaments.services.registrations import registration_create
from tournaments.services.rounds import event_start, round_start
from tournaments.stewarding.services import event_sanction, event_unsanction

pytestmark = pytest.mark.django_db


def night(players: list[Player], on_commit, rounds: int = 1):
    owner = PlayerFactory()
    club = organisation_create(by=owner.user, slug="owls", name="Owls")
    event = event_create(organiser=owner.user, name="Jeudi", game="boomerang-australia", organisation=club,
                                  rounds_planned=rounds)  # fmt: skip
    event_open_registration(event=event, by=owner.user)
    register_and_check_in(event, players)
    with on_commit(execute=True):
        round_ = event_start(event=event, by=owner.user)
    return owner, event, round_


def test_seated_players_get_their_table_in_their_language_and_can_stop_it(django_capture_on_commit_callbacks) -> None:
    ann, zoe, quiet, no_mail = (PlayerFactory() for _ in range(4))
    player_notifications_set(player=zoe, by=zoe.user, seated=True, rejected=True, finished=True, language="fr")
    player_notifications_set(player=quiet, by=quiet.user, seated=False, rejected=True, finished=True, language="")
    no_mail.user.email = ""
    no_mail.user.save()
    _owner, _event, _round = night([ann, zoe, quiet, no_mail], django_capture_on_commit_callbacks)
    to = {message.to[0]: message for message in mail.outbox}
    assert set(to) == {ann.user.email, zoe.user.email}
    assert "you play at table 1, seat" in to[ann.user.email].body
    assert "vous jouez à la table 1, siège" in to[zoe.user.email].body
    link = re.search(r"http://127\.0\.0\.1:8000(/notifications/unsubscribe/\S+/)", to[ann.user.email].body).group(1)
    assert "Stop this kind of e-mail" in Client().get(link).content.decode()
    Client().post(link)
    ann.refresh_from_db()
    assert (ann.notify_seated, ann.notify_rejected) == (False, True)
    assert "not valid" in Client().post("/notifications/unsubscribe/forged/").content.decode()


def test_a_refused_table_sends_the_problems_and_a_finished_event_the_place(django_capture_on_commit_callbacks) -> None:
    players = [PlayerFactory() for _ in range(4)]
    owner, event, round_ = night(players, django_capture_on_commit_callbacks)
    round_start(round_=round_, by=owner.user)
    table = round_.tables.get()
    seats = list(table.seats.order_by("position"))
    data = legal_seat_data(table, random.Random(1))
    data[0]["claimed_total"] += 5  # an addition slip
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        table_sheets_submit(table=table, seats=data, by=owner.user)
    assert len(mail.outbox) == 4
    assert "need fixing" in mail.outbox[0].subject
    assert seats[0].player.handle in mail.outbox[0].body
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        table_sheets_submit(table=table, seats=legal_seat_data(table, random.Random(1)), by=owner.user)
    with django_capture_on_commit_callbacks(execute=True):
        event_close(event=event, by=owner.user)
    finished = [m for m in mail.outbox if "the results" in m.subject]
    assert len(finished) == 4
    assert re.search(r"you finished \d of 4", finished[0].body)


def test_the_settings_form_saves_choices_and_refuses_an_unknown_language() -> None:
    player = PlayerFactory()
    client = Client()
    client.force_login(player.user)
    client.post("/accounts/notifications/", {"seated": "on", "language": "fr"})
    player.refresh_from_db()
    assert (player.notify_seated, player.notify_rejected, player.notify_finished, player.language) == (
        True,
        False,
        False,
        "fr",
    )
    client.post("/accounts/notifications/", {"language": "xx"})
    player.refresh_from_db()
    assert player.language == "fr"
    assert "E-mails" in client.get(f"/players/{player.handle}/").content.decode()
    assert "E-mails" not in Client().get(f"/players/{player.handle}/").content.decode()
    assert UserFactory()  # a stranger's page shows no settings either


def test_a_guest_with_an_address_gets_its_claim_link_with_its_results(django_capture_on_commit_callbacks) -> None:
    players = [PlayerFactory() for _ in range(3)]
    owner = PlayerFactory()
    club = organisation_create(by=owner.user, slug="owls", name="Owls")
    event = event_create(organiser=owner.user, name="Jeudi", game="boomerang-australia", organisation=club,
                                  rounds_planned=1)  # fmt: skip
    event_open_registration(event=event, by=owner.user)
    guest = guest_create(event=event, by=owner.user, handle="walkin", email="walkin@example.org")
    register_and_check_in(event, players)
    assert guest.registrations.get().status == "checked_in"  # entered at the door
    with django_capture_on_commit_callbacks(execute=True):
        round_ = event_start(event=event, by=owner.user)
    round_start(round_=round_, by=owner.user)
    table = round_.tables.get()
    with django_capture_on_commit_callbacks(execute=True):
        table_sheets_submit(table=table, seats=legal_seat_data(table, random.Random(2)), by=owner.user)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        event_close(event=event, by=owner.user)
    to_guest = [m for m in mail.outbox if m.to == ["walkin@example.org"]]
    assert len(to_guest) == 1
    assert f"/claim/?code={guest.claim_code}" in to_guest[0].body
    assert all("/claim/" not in m.body for m in mail.outbox if m.to != ["walkin@example.org"])


def test_an_event_name_stored_with_line_breaks_and_quotes_still_sends_every_mail_unescaped(
    django_capture_on_commit_callbacks,
) -> None:
    """Names are one line now (validate_one_line), but an older row may hold a CR or LF: the subject is made
    one line rather than losing the round's mails (BadHeaderError) or moving text into the body."""
    from tournaments.models import Event

    players = [PlayerFactory(handle=f"chloe_d{i}") for i in range(4)]
    owner = PlayerFactory()
    club = organisation_create(by=owner.user, slug="owls", name="Owls")
    event = event_create(organiser=owner.user, name="Night", game="boomerang-australia", organisation=club)
    Event.objects.filter(pk=event.pk).update(name="Chloé's\r\nBcc: everyone@example.org night")
    event.refresh_from_db()
    event_open_registration(event=event, by=owner.user)
    register_and_check_in(event, players)
    with django_capture_on_commit_callbacks(execute=True):
        event_start(event=event, by=owner.user)
    assert len(mail.outbox) == 4
    message = mail.outbox[0]
    assert message.subject == "Chloé's Bcc: everyone@example.org night: round 1 is seated"
    assert "Bcc" not in message.body
    assert "&#x27;" not in message.body
    assert message.bcc == []


def test_an_event_moved_while_registration_is_open_mails_its_players_its_rules_stay(
    django_capture_on_commit_callbacks,
) -> None:
    from datetime import UTC, datetime

    from config.errors import Conflict

    players = [PlayerFactory() for _ in range(3)]
    owner = PlayerFactory()
    club = organisation_create(by=owner.user, slug="owls", name="Owls")
    event = event_create(organiser=owner.user, name="Jeudi", game="boomerang-australia", organisation=club,
                                  venue="Café du coin", starts_at=datetime(2027, 1, 7, 19, tzinfo=UTC))  # fmt: skip
    event_open_registration(event=event, by=owner.user)
    for player in players:
        registration_create(event=event, player=player)
    player_notifications_set(player=players[2], by=players[2].user, seated=True, rejected=True,
                                      finished=True, language="fr", changes=True)  # fmt: skip
    api = Client()
    api.force_login(owner.user)
    with django_capture_on_commit_callbacks(execute=True):
        answer = api.patch(f"/api/events/{event.pk}/", {"starts_at": "2027-01-08T19:00:00Z", "venue": "La Halle"},
                           content_type="application/json")  # fmt: skip
    assert answer.status_code == 200, answer.content
    assert sorted(message.to[0] for message in mail.outbox) == sorted(p.user.email for p in players)
    english = next(m for m in mail.outbox if m.to[0] == players[0].user.email)
    assert english.subject == "Jeudi has moved"
    assert "La Halle (it was Café du coin)" in english.body
    assert f"/events/{event.pk}/" in english.body
    assert "8 janvier 2027, 20 h 00" in next(m for m in mail.outbox if m.to[0] == players[2].user.email).body
    with pytest.raises(Conflict) as locked:
        event_update(event=event, by=owner.user, rounds_planned=6)
    assert (locked.value.code, locked.value.field) == ("rules_locked", "rounds_planned")
    with pytest.raises(Conflict) as too_few:
        event_update(event=event, by=owner.user, capacity=2)
    assert too_few.value.field == "capacity"
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        event_update(event=event, by=owner.user, description="Bring your own cards", capacity=3)
    assert mail.outbox == []  # only the time and the venue are news
    page = api.get(f"/events/{event.pk}/edit/").content.decode()
    assert "Fixed: players registered for these rules." in page


def test_each_mail_links_to_its_page_and_a_sanction_tells_each_player_their_rating_change(
    django_capture_on_commit_callbacks,
) -> None:
    from tournaments.models import RatingBody

    players = [PlayerFactory() for _ in range(4)]
    owner, event, round_ = night(players, django_capture_on_commit_callbacks)
    seated = {m.to[0]: m for m in mail.outbox}
    assert f"http://127.0.0.1:8000/events/{event.pk}/me/" in seated[players[0].user.email].body
    play_round(round_, owner.user, random.Random(3), django_capture_on_commit_callbacks)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        event_close(event=event, by=owner.user)
    finished = {m.to[0]: m for m in mail.outbox}
    assert f"/events/{event.pk}/standings/" in finished[players[0].user.email].body
    steward = PlayerFactory()
    federation = organisation_create(by=steward.user, slug="fed", name="Fed", kind="federation")
    RatingBody.objects.create(game="", organisation=federation)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        event_sanction(event=event, by=steward.user, reason="a fine night")
    rated = {m.to[0]: m for m in mail.outbox}
    assert set(rated) == {p.user.email for p in players}
    news = rated[players[0].user.email]
    assert news.subject == "Jeudi is rated"
    assert re.search(r"Your rating moved by [+−±]\d+\.\d\.", news.body)  # signed: ±0.0 for a middle place
    place = re.search(r"Round 1: place (\d), ([+−±]\d+\.\d)\. Each place would have given: 1: [+−±]\d+\.\d", news.body)
    assert place, news.body  # issue 69, item 1: what each place would have given, beside the one reached
    assert f"{place.group(1)}: {place.group(2)}" in news.body  # the place reached gave exactly its change
    assert "A rating shown is mu - 3 sigma" in news.body
    assert f"/players/{players[0].handle}/" in news.body
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        event_unsanction(event=event, by=steward.user, reason="on second thought")
    assert mail.outbox[0].subject == "Jeudi no longer counts in the ratings"


def test_an_email_to_a_player_who_used_the_site_in_french_is_in_french_with_a_french_date(
    django_capture_on_commit_callbacks,
) -> None:
    """Issue 54: each account keeps the language it last used on the site (sign-up, log-in, the switch)."""
    from datetime import UTC, datetime

    from tournaments.models import Player

    browser = Client(headers={"Accept-Language": "fr"})
    form = {"username": "camille", "handle": "camille", "email": "camille@example.org", "display_name": "",
            "password": "a-long-test-password", "password_again": "a-long-test-password"}  # fmt: skip
    signed_up = browser.post("/accounts/signup/", form)
    assert signed_up.status_code == 302, signed_up.content
    camille = Player.objects.get(handle="camille")
    assert camille.language == "fr"
    owner = PlayerFactory()
    club = organisation_create(by=owner.user, slug="owls", name="Owls")
    event = event_create(organiser=owner.user, name="Jeudi", game="boomerang-australia", organisation=club,
                         timezone="Europe/Paris", starts_at=datetime(2026, 12, 4, 19, 15, tzinfo=UTC))  # fmt: skip
    event_open_registration(event=event, by=owner.user)
    registration_create(event=event, player=camille)
    Player.objects.filter(pk=camille.pk).update(notify_changes=True)
    with django_capture_on_commit_callbacks(execute=True):
        event_update(event=event, by=owner.user, starts_at=datetime(2026, 12, 4, 19, 15, tzinfo=UTC).replace(day=5))
    (moved,) = mail.outbox
    assert "a changé" in moved.subject or "déplacé" in moved.subject, moved.subject
    assert "5 décembre 2026, 20 h 15" in moved.body
    browser.post("/i18n/setlang/", {"language": "en", "next": "/"})
    camille.refresh_from_db()
    assert camille.language == "en"


def test_another_sites_forged_language_switch_never_changes_the_accounts_language() -> None:
    from tournaments.models import Player

    player = PlayerFactory()
    browser = Client()
    browser.force_login(player.user)  # a log-in remembers the language it was made in (the test's: English)
    Player.objects.filter(pk=player.pk).update(language="fr")
    browser.post("/i18n/setlang/", {"language": "en", "next": "/"}, headers={"Origin": "https://elsewhere.example"})
    browser.post("/i18n/setlang/", {"language": "en", "next": "/"}, headers={"Sec-Fetch-Site": "cross-site"})
    player.refresh_from_db()
    assert player.language == "fr"
    browser.post("/i18n/setlang/", {"language": "en", "next": "/"}, headers={"Sec-Fetch-Site": "same-origin"})
    player.refresh_from_db()
    assert player.language == "en"
