"""A player's data rights (issue 46, item 3): the export holds every model that names a player or an account
(found by walking the models' relations, so a model added later is caught), and erasing an account removes
what identifies its person while every table still verifies, the standings and the ratings stay the same
(a replay equals the stored ratings) and published lists show the pseudonym."""

import json
import random
import threading

import pytest
from django.apps import apps
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client

from config.errors import Conflict
from ratings.models import Rating, RatingListEntry, RatingPool
from ratings.services.pools import pool_replay
from tests.factories import PlayerFactory, UserFactory
from tests.tournaments.helpers import (
    legal_seat_data,
    play_round,
    register_and_check_in,
    running_round,
    standings_handles,
)
from tournaments.entrants.services import guest_create
from tournaments.integrations.models import IdempotentRequest, Webhook, WebhookDelivery
from tournaments.integrations.services.webhooks import webhooks_emit_many
from tournaments.live.models import StreamMessage
from tournaments.models import Player, ScoreSheet, Table, TableResult
from tournaments.privacy.services import account_erase, guest_emails_forget, pseudonym_of
from tournaments.results.services.closing import event_close
from tournaments.results.services.rating import official_list_publish
from tournaments.results.services.sheets import table_sheets_submit
from tournaments.results.services.verification import table_reverify
from tournaments.selectors.players import player_of_handle
from tournaments.services.clubs import organisation_create
from tournaments.services.events import event_create, event_open_registration
from tournaments.services.rounds import event_start
from tournaments.stewarding.services import event_sanction

pytestmark = pytest.mark.django_db
GAME = "boomerang-australia"


def ratings_now() -> dict[int, tuple[float, float, int]]:
    return {r.player_id: (round(r.mu, 9), round(r.sigma, 9), r.games) for r in Rating.objects.all()}


@pytest.fixture
def played(django_capture_on_commit_callbacks):
    """A rated night of four players, closed, sanctioned, and on a published list."""
    owner, steward = PlayerFactory().user, UserFactory(is_superuser=True)
    club = organisation_create(by=owner, slug="owls", name="Owls")
    event = event_create(organiser=owner, name="Night", game=GAME, organisation=club, rounds_planned=1)
    event_sanction(event=event, by=steward, reason="a club night")
    event_open_registration(event=event, by=owner)
    players = [PlayerFactory() for _ in range(4)]
    register_and_check_in(event, players)
    round_ = event_start(event=event, by=owner)
    play_round(round_, owner, random.Random(3), django_capture_on_commit_callbacks)
    with django_capture_on_commit_callbacks(execute=True):
        event_close(event=event, by=owner)
    official_list_publish(game=GAME, by=steward, name="2026-11")
    return event, players


def test_the_export_holds_every_model_that_names_a_player_or_an_account(played) -> None:
    _event, players = played
    me = players[0]
    related = {
        model._meta.label
        for model in apps.get_models()
        if not model._meta.proxy
        for field in model._meta.get_fields()
        if field.concrete and (field.many_to_one or field.one_to_one) and field.related_model in (User, Player)
    }
    client = Client()
    client.force_login(me.user)
    answer = client.get("/api/me/export/")
    assert answer.status_code == 200
    assert answer["Content-Disposition"].startswith("attachment")
    export = answer.json()
    assert set(export["rows"]) == related  # a model added later that names a player is in it
    assert export["player"]["handle"] == me.handle
    assert export["account"]["email"] == me.user.email
    assert len(export["rows"]["tournaments.Registration"]) == 1
    assert len(export["rows"]["ratings.Rating"]) == 1
    assert len(export["rows"]["ratings.RatingListEntry"]) == 1
    assert len(export["sheets"]) == 1
    assert export["verdicts"][0]["status"] == "verified"
    assert "password" not in export["rows"]["tournaments.Player"][0]
    assert all("key" not in row for row in export["rows"]["authtoken.Token"])
    assert Client().get("/api/me/export/").status_code in (401, 403)


def test_erasing_keeps_every_result_valid_under_a_pseudonym(played, django_capture_on_commit_callbacks) -> None:
    event, players = played
    me = players[0]
    me.user.set_password("a-long-test-password")
    me.user.save()
    old = me.handle
    standings_before = standings_handles(event)
    ratings_before = ratings_now()
    client = Client()
    client.force_login(me.user)
    refused = client.post("/api/me/erase/", {"password": "not it"}, content_type="application/json")
    assert (refused.status_code, refused.json()["field"]) == (400, "password")
    erased = client.post("/api/me/erase/", {"password": "a-long-test-password"}, content_type="application/json")
    assert erased.status_code == 200, erased.content
    pseudonym = erased.json()["handle"]
    assert pseudonym == pseudonym_of(me)
    me.refresh_from_db()
    me.user.refresh_from_db()
    assert (me.handle, me.display_name, me.user.username, me.user.email) == (pseudonym, "", pseudonym, "")
    assert not me.user.has_usable_password()
    assert client.get("/api/me/").status_code in (401, 403)  # the session ended
    everywhere = [str(s.data) for s in ScoreSheet.objects.all()] + [str(r.verdict) for r in TableResult.objects.all()]
    assert not any(old in text for text in everywhere)
    assert [pseudonym if h == old else h for h in standings_before] == standings_handles(event)
    table = Table.objects.get(round__event=event)
    verdict_before = TableResult.objects.get(table=table).verdict
    with django_capture_on_commit_callbacks(execute=True):
        table_reverify(table=table, by=event.organisers.get())
    assert TableResult.objects.get(table=table).status == "verified"  # the renamed sheets still verify
    assert TableResult.objects.get(table=table).verdict == verdict_before
    for pool in RatingPool.objects.all():
        pool_replay(pool=pool)
    assert ratings_now() == ratings_before
    assert RatingListEntry.objects.get(player=me.user).name == pseudonym
    assert Rating.objects.get(player=me.user).name == pseudonym
    listed = RatingListEntry.objects.get(player=me.user).rating_list_id
    assert pseudonym in Client().get(f"/ratings/lists/{listed}/").content.decode()
    assert player_of_handle(handle=pseudonym) == me


def test_an_unclaimed_guests_e_mail_is_forgotten_a_year_after_their_last_event() -> None:
    from datetime import timedelta

    from django.utils import timezone

    from tests.factories import EventFactory
    from tournaments.models import Event

    old, recent = EventFactory(), EventFactory()
    Event.objects.filter(pk=old.pk).update(created_at=timezone.now() - timedelta(days=400))
    forgotten = guest_create(event=old, by=old.organisers.get(), handle="walkin", email="w@example.org")
    kept = guest_create(event=recent, by=recent.organisers.get(), handle="walkin2", email="k@example.org")
    assert guest_emails_forget() == 1
    forgotten.user.refresh_from_db()
    kept.user.refresh_from_db()
    assert (forgotten.user.email, kept.user.email) == ("", "k@example.org")


def test_the_pages_download_my_data_and_erase_my_account(played) -> None:
    _event, players = played
    me = players[1]
    me.user.set_password("a-long-test-password")
    me.user.save()
    client = Client()
    client.force_login(me.user)
    page = client.get(f"/players/{me.handle}/").content.decode()
    assert "Download my data" in page
    assert "Erase my account" in page
    download = client.get("/accounts/my-data/")
    assert download["Content-Disposition"].startswith("attachment")
    assert download.json()["player"]["handle"] == me.handle
    wrong = client.post("/accounts/erase/", {"password": "nope"}, follow=True).content.decode()
    assert "That is not this account&#x27;s password: nothing was erased." in wrong
    done = client.post("/accounts/erase/", {"password": "a-long-test-password"}, follow=True)
    assert done.redirect_chain[-1][0] == "/privacy/"
    assert "Your account is erased" in done.content.decode()
    assert Player.objects.get(pk=me.pk).handle == pseudonym_of(me)
    french = Client(HTTP_ACCEPT_LANGUAGE="fr").get("/privacy/").content.decode()
    assert "Ce que nous gardons sur vous" in french


def test_erasing_reaches_every_copy_kept_for_a_while(played) -> None:
    """Issue 53: after an erasure the old handle stayed in public stream messages (served for two days),
    webhook deliveries and stored idempotent answers."""
    event, players = played
    me = players[0]
    old = me.handle
    hook = Webhook.objects.create(
        organisation=event.organisation, url="https://example.org/hook", events=["standings.changed"]
    )
    webhooks_emit_many([(event.organisation_id, "standings.changed", {"rows": [{"player": old, "points": 3}]})])
    StreamMessage.objects.create(event_id=event.pk, user=me.user, kind="seated", data={"table": 1})
    answers = {"k1": ("application/json", json.dumps({"player": old})), "k2": ("text/html", f"<p>{old}</p>")}
    for key, (content_type, body) in answers.items():
        IdempotentRequest.objects.create(caller=key, key=key, fingerprint="f", status_code=200,
                                         content_type=content_type, body=body.encode())  # fmt: skip
    public = StreamMessage.objects.filter(user__isnull=True, event_id=event.pk)
    assert any(old in json.dumps(m.data) for m in public)  # the night's messages named them
    new = account_erase(user=me.user, password=_with_password(me.user))
    copies = [json.dumps(m.data) for m in StreamMessage.objects.all()]
    copies += [d.body for d in WebhookDelivery.objects.filter(webhook=hook)]
    copies += [bytes(a.body).decode() for a in IdempotentRequest.objects.all()]
    assert [copy for copy in copies if old in copy] == []
    assert any(new in json.dumps(m.data) for m in public.all())
    assert not StreamMessage.objects.filter(user=me.user).exists()
    assert json.loads(WebhookDelivery.objects.get(webhook=hook).body)["data"]["rows"][0]["player"] == new
    assert list(IdempotentRequest.objects.values_list("key", flat=True)) == ["k1"]


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_pad_sent_while_the_account_is_erased_never_brings_the_old_handle_back(monkeypatch) -> None:
    """The race of the drill: the table's sheets, checked against the old handle while the erasure ran, are
    written after it. They wait for its lock, then are refused naming the change."""
    from tournaments.privacy import services as privacy

    _event, round_ = running_round()
    table = Table.objects.select_related("round__event").get(round=round_)
    seats = list(table.seats.select_related("player__user").order_by("position"))
    me, keeper = seats[0].player, seats[1].player.user
    old, password = me.handle, _with_password(me.user)
    data = legal_seat_data(table, random.Random(5))
    renaming, go_on, outcome = threading.Event(), threading.Event(), {}
    rename = privacy.rename_in_results

    def slow_rename(*args):
        renaming.set()
        go_on.wait(timeout=20)
        rename(*args)

    monkeypatch.setattr(privacy, "rename_in_results", slow_rename)

    def erase() -> None:
        try:
            account_erase(user=me.user, password=password)
        finally:
            connection.close()

    def send_pad() -> None:
        try:
            fresh = Table.objects.select_related("round__event").get(pk=table.pk)
            table_sheets_submit(table=fresh, seats=data, by=keeper)
        except Conflict as refused:
            outcome["refused"] = refused
        finally:
            connection.close()

    eraser = threading.Thread(target=erase)
    eraser.start()
    assert renaming.wait(timeout=20)  # the erasure holds the table's lock
    sender = threading.Thread(target=send_pad)
    sender.start()
    sender.join(timeout=1)
    assert sender.is_alive()  # it waits for the erasure
    go_on.set()
    eraser.join(timeout=30)
    sender.join(timeout=30)
    assert (outcome["refused"].code, outcome["refused"].field) == ("players_changed", "seats")
    assert not any(old in json.dumps(sheet.data) for sheet in ScoreSheet.objects.filter(seat__table=table))


def _with_password(user: User) -> str:
    user.set_password("a-long-test-password")
    user.save()
    return "a-long-test-password"


def test_the_erased_players_page_shows_no_licence(played) -> None:
    """Issue 67, item 5: the pseudonymous page showed the licence, which identifies as well as a name; a team
    name, a payment note and an OAuth app registered survived too."""
    from datetime import date, timedelta

    from oauth2_provider.models import get_application_model

    from tournaments.finance.models import Payment
    from tournaments.models import Licence, Registration, Team

    event, players = played
    me = players[0]
    federation = organisation_create(by=UserFactory(), slug="fed", name="Federation", kind="federation")
    Licence.objects.create(federation=federation, player=me, number="LIC-4471", category="senior",
                           valid_from=date.today(), valid_until=date.today() + timedelta(days=300))  # fmt: skip
    registration = Registration.objects.get(event=event, player=me)
    team = Team.objects.create(event=event, name=f"{me.handle} and friends")
    Registration.objects.filter(pk=registration.pk).update(team=team)
    note = f"paid by {me.handle}'s mother"
    Payment.objects.create(registration=registration, kind="paid", method="cash", amount="5.00", note=note,
                           recorded_by=event.organisers.get())  # fmt: skip
    get_application_model().objects.create(user=me.user, name="My club bot", client_type="public",
                                           authorization_grant_type="authorization-code")  # fmt: skip
    assert "LIC-4471" in Client().get(f"/players/{me.handle}/").content.decode()
    new = account_erase(user=me.user, password=_with_password(me.user))
    page = Client().get(f"/players/{new}/").content.decode()
    assert "LIC-4471" not in page
    assert "senior" not in page
    assert not Licence.objects.filter(number="LIC-4471").exists()
    assert Team.objects.get(pk=team.pk).name == f"Team {team.pk}"
    assert Payment.objects.get(registration=registration).note == ""
    assert Payment.objects.get(registration=registration).amount == 5  # the till's amount stays
    assert not get_application_model().objects.filter(name="My club bot").exists()
