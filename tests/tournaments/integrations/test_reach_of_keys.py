"""Hardening, fourth pass (issue 53): what an organisation's API key may not reach (its maker's person, a
steward's decisions), a password check that guesses cannot hammer, names that stay on one line; and (issue
56) a person's token sent as `Bearer`, the leaderboard's `page_size`."""

import json
import random

import pytest
from django.test import Client
from django.utils import timezone

from ratings.services.pools import Placing, match_record
from tests.factories import EventFactory, PlayerFactory, UserFactory
from tests.tournaments.integrations.test_api_keys import bot, key_for, post
from tournaments.models import RatingBody
from tournaments.services.accounts import token_for_login
from tournaments.services.clubs import organisation_create

pytestmark = pytest.mark.django_db


def test_a_read_key_does_not_read_its_makers_own_data_nor_stream() -> None:
    event = EventFactory()
    key = key_for(event, ["read"])
    for path in ("/api/me/export/", "/api/me/", "/api/me/stream/"):
        refused = bot(key).get(path)
        assert (refused.status_code, refused.json()["code"]) == (403, "key_person"), path
    assert bot(key).get(f"/api/events/{event.pk}/").status_code == 200  # what it is for still works


def test_a_stewards_key_cannot_sanction_even_with_events_write() -> None:
    steward = UserFactory()
    federation = organisation_create(by=steward, slug="fed", name="Federation")  # its owner: the steward
    RatingBody.objects.create(game="", organisation=federation)
    event = EventFactory(sanction="waiting")  # a club's event: the federation's stewards decide on it
    signed_in = Client()
    signed_in.force_login(steward)
    made = post(signed_in, "/api/organisations/fed/keys/", {"name": "bot", "scopes": ["read", "events:write"]})
    key = made.json()["key"]
    for action in ("sanction", "unsanction"):
        refused = post(bot(key), f"/api/events/{event.pk}/{action}/", {"reason": "by a bot"})
        assert (refused.status_code, refused.json()["code"]) == (403, "key_scope"), action
    event.refresh_from_db()
    assert event.sanction == "waiting"
    person = Client(headers={"Authorization": f"Token {token_for_login(user=steward)}"})
    assert post(person, f"/api/events/{event.pk}/sanction/", {"reason": "cleared"}).status_code == 200


def test_thirty_wrong_passwords_on_erase_meet_a_429_and_the_account_stays() -> None:
    player = PlayerFactory()
    client = Client(headers={"Authorization": f"Token {token_for_login(user=player.user)}"})
    statuses = [post(client, "/api/me/erase/", {"password": f"guess {n}"}).status_code for n in range(30)]
    assert 429 in statuses
    assert set(statuses) <= {400, 403, 429}
    player.refresh_from_db()
    assert player.user.is_active


@pytest.mark.parametrize("separator", ["\u2028", "\u2029"])
def test_an_event_name_with_a_line_separator_is_refused_naming_the_field(separator: str) -> None:
    owner = PlayerFactory().user
    client = Client(headers={"Authorization": f"Token {token_for_login(user=owner)}"})
    answer = post(client, "/api/events/", {"name": f"Night{separator}Bcc: everyone", "game": "boomerang-australia"})
    assert answer.status_code == 400
    body = answer.json()
    assert body["field"] == "name" or "name" in body.get("errors", {}), body


def test_a_persons_token_works_as_bearer_and_as_token() -> None:
    player = PlayerFactory()
    token = token_for_login(user=player.user)
    for scheme in ("Bearer", "Token", "bearer"):
        me = Client(headers={"Authorization": f"{scheme} {token}"}).get("/api/me/")
        assert (me.status_code, me.json()["handle"]) == (200, player.handle), scheme
    assert Client(headers={"Authorization": "Bearer nope"}).get("/api/me/").status_code == 401
    schemes = Client().get("/api/schema/", {"format": "json"}).json()["components"]["securitySchemes"]
    assert schemes["tokenAuth"] == {**schemes["tokenAuth"], "type": "http", "scheme": "bearer"}


def test_the_leaderboard_honours_page_size_and_refuses_a_bad_one() -> None:
    users = [UserFactory() for _ in range(5)]
    match_record(game="boomerang-australia", source="table:1", order_at=timezone.now(),
                 placings=[Placing(u.pk, u.username, rank) for rank, u in enumerate(users, start=1)])  # fmt: skip
    path = "/api/ratings/pools/boomerang-australia/leaderboard/"
    page = Client().get(path, {"page_size": 2}).json()
    assert (page["count"], len(page["results"])) == (5, 2)
    refused = Client().get(path, {"page_size": "abc"})
    assert (refused.status_code, json.loads(refused.content)["field"]) == (400, "page_size")


def test_a_read_key_reads_no_webhooks_or_keys_not_even_its_own_organisations() -> None:
    """Issue 67, item 17: a `read` key listed its organisation's webhooks and keys (a leaked key mapped every
    other credential and integration); another organisation's stay refused too."""
    owner = PlayerFactory().user
    organisation_create(by=owner, slug="first", name="First club")
    organisation_create(by=owner, slug="second", name="Second club")
    signed_in = Client()
    signed_in.force_login(owner)
    key = post(signed_in, "/api/organisations/first/keys/", {"name": "bot", "scopes": ["read"]}).json()["key"]
    assert signed_in.get("/api/organisations/first/webhooks/").status_code == 200
    for slug in ("first", "second"):
        for path in (f"/api/organisations/{slug}/webhooks/", f"/api/organisations/{slug}/keys/"):
            refused = bot(key).get(path)
            assert (refused.status_code, refused.json()["code"]) == (403, "key_scope"), path
    refused = bot(key).get("/api/organisations/second/members/")
    assert (refused.status_code, refused.json()["code"]) == (403, "key_organisation")


def test_a_token_written_token_or_bearer_is_one_caller_for_idempotency() -> None:
    from tests.tournaments.helpers import legal_seat_data, running_round
    from tournaments.models import ScoreSheet

    _event, round_ = running_round()
    table = round_.tables.get()
    seat = table.seats.select_related("player__user").order_by("position").first()
    data = legal_seat_data(table, random.Random(4))[0]
    token = token_for_login(user=seat.player.user)
    answers = [
        Client(headers={"Authorization": f"{scheme} {token}", "Idempotency-Key": "once"}).post(
            f"/api/seats/{seat.pk}/sheets/", json.dumps({"data": data}), content_type="application/json"
        )
        for scheme in ("token", "Token", "Bearer")
    ]
    assert [answer.status_code for answer in answers] == [202, 202, 202]
    assert [answer.has_header("Idempotent-Replayed") for answer in answers] == [False, True, True]
    assert ScoreSheet.objects.filter(seat=seat).count() == 1


def test_a_multipart_upload_retried_with_its_key_is_replayed_whatever_its_boundary() -> None:
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.test.client import encode_multipart

    event = EventFactory(status="registration")
    organiser = event.organisers.get()
    client = Client(headers={"Authorization": f"Token {token_for_login(user=organiser)}", "Idempotency-Key": "up"})
    answers = []
    for boundary in ("first-boundary", "second-boundary"):
        upload = SimpleUploadedFile("entrants.csv", b"handle\nwalkin\n", content_type="text/csv")
        body = encode_multipart(boundary, {"file": upload})
        answers.append(client.post(f"/api/events/{event.pk}/entrants/", body,
                                   content_type=f"multipart/form-data; boundary={boundary}"))  # fmt: skip
    assert answers[0].status_code == 200, answers[0].content
    assert (answers[1].status_code, answers[1].get("Idempotent-Replayed")) == (200, "true")
