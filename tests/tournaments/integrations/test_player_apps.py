"""Apps that act for players (issue 56, item 6): OAuth 2 authorization code with PKCE end to end. A third-party
app is registered, a player consents, the app posts the player's own sheet and nothing else, its token expires
and refreshes, the player revokes it from their page; the schema declares the authorization server."""

import base64
import hashlib
import random
import secrets
from datetime import timedelta
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest
from django.test import Client
from django.utils import timezone
from oauth2_provider.models import AccessToken, Application
from rest_framework.test import APIClient

from tests.factories import EventFactory, PlayerFactory, UserFactory
from tests.tournaments.helpers import legal_seat_data, register_and_check_in
from tournaments.models import Registration
from tournaments.services.review import registration_ask_change
from tournaments.services.rounds import event_start, round_start

pytestmark = pytest.mark.django_db
REDIRECT = "https://bot.example/callback"


def registered_app() -> Application:
    """A developer registers their app on the site's own page."""
    developer = Client()
    developer.force_login(UserFactory())
    assert developer.get("/o/applications/register/").status_code == 200
    answer = developer.post("/o/applications/register/", {
        "name": "Table bot", "client_id": "table-bot", "client_secret": "", "client_type": "public",
        "authorization_grant_type": "authorization-code", "redirect_uris": REDIRECT, "algorithm": "",
        "post_logout_redirect_uris": "", "allowed_origins": "",
    })  # fmt: skip
    assert answer.status_code == 302, answer.content.decode()[:2000]
    return Application.objects.get(client_id="table-bot")


def consent(player_client: Client, app: Application, scope: str, exchanged: dict | None = None) -> dict[str, str]:
    """The player allows the app; the app exchanges the code with its PKCE verifier. Returns the token answer;
    `exchanged` is given the code and the verifier sent."""
    verifier = secrets.token_urlsafe(48)
    challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
    query = {"response_type": "code", "client_id": app.client_id, "redirect_uri": REDIRECT, "scope": scope,
             "state": "s1", "code_challenge": challenge, "code_challenge_method": "S256"}  # fmt: skip
    page = player_client.get(f"/o/authorize/?{urlencode(query)}")
    assert page.status_code == 200
    assert "Allow Table bot to act for you?" in page.content.decode()
    assert "Submit your own score sheets" in page.content.decode() or "sheets:write" not in scope
    french = player_client.get(f"/o/authorize/?{urlencode(query)}", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Autoriser Table bot à agir pour vous ?" in french
    assert "Lire les événements, classements, cotes et vos propres données" in french
    form = {name: value for name, value in page.context["form"].initial.items() if value is not None}
    allowed = player_client.post(f"/o/authorize/?{urlencode(query)}", {**form, "allow": "Authorize"})
    assert allowed.status_code == 302
    location = urlsplit(allowed["Location"])
    assert f"{location.scheme}://{location.netloc}{location.path}" == REDIRECT
    code = parse_qs(location.query)["code"][0]
    assert parse_qs(location.query)["state"] == ["s1"]
    without_verifier = Client().post("/o/token/", {
        "grant_type": "authorization_code", "code": code, "redirect_uri": REDIRECT, "client_id": app.client_id,
    })  # fmt: skip
    assert without_verifier.status_code == 400  # PKCE is required
    tokens = Client().post("/o/token/", {
        "grant_type": "authorization_code", "code": code, "redirect_uri": REDIRECT, "client_id": app.client_id,
        "code_verifier": verifier,
    })  # fmt: skip
    assert tokens.status_code == 200, tokens.content
    if exchanged is not None:
        exchanged.update(code=code, code_verifier=verifier)
    return tokens.json()


def bearer(token: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    return client


def test_a_player_lets_an_app_post_their_own_sheet_and_nothing_else_then_revokes_it() -> None:
    app = registered_app()
    event = EventFactory(game="boomerang-europe", rounds_planned=1)
    organiser = event.organisers.get()
    players = [PlayerFactory() for _ in range(4)]
    register_and_check_in(event, players)
    round_ = event_start(event=event, by=organiser)
    round_start(round_=round_, by=organiser)
    table = round_.tables.get()
    seats = list(table.seats.order_by("position"))
    mine = seats[0]
    player_client = Client()
    player_client.force_login(mine.player.user)

    tokens = consent(player_client, app, "read sheets:write")
    assert tokens["access_token"].startswith("bo_")
    assert tokens["refresh_token"].startswith("br_")
    assert tokens["expires_in"] == 3600
    assert set(tokens["scope"].split()) == {"read", "sheets:write"}

    bot = bearer(tokens["access_token"])
    assert bot.get("/api/me/").json()["handle"] == mine.player.handle
    data = {seat.pk: sheet for seat, sheet in zip(seats, legal_seat_data(table, random.Random(3)), strict=True)}
    for sheet in data.values():
        sheet.pop("player")
    assert bot.post(f"/api/seats/{mine.pk}/sheets/", {"data": data[mine.pk]}, format="json").status_code == 202
    other = bot.post(f"/api/seats/{seats[1].pk}/sheets/", {"data": data[seats[1].pk]}, format="json")
    assert (other.status_code, other.json()["code"]) == (403, "oauth_scope")
    created = bot.post("/api/events/", {"name": "Bot night", "game": "boomerang-europe"}, format="json")
    assert (created.status_code, created.json()["code"]) == (403, "oauth_scope")

    refreshed = Client().post("/o/token/", {
        "grant_type": "refresh_token", "refresh_token": tokens["refresh_token"], "client_id": app.client_id,
    }).json()  # fmt: skip
    assert refreshed["access_token"] != tokens["access_token"]
    assert bearer(refreshed["access_token"]).get("/api/me/").status_code == 200
    again = Client().post("/o/token/", {
        "grant_type": "refresh_token", "refresh_token": tokens["refresh_token"], "client_id": app.client_id,
    })  # fmt: skip
    assert again.status_code == 400  # a refresh token makes one new token, once; its replay revokes the family
    assert bearer(refreshed["access_token"]).get("/api/me/").status_code == 401
    refreshed = consent(player_client, app, "read sheets:write")

    AccessToken.objects.filter(user=mine.player.user).update(expires=timezone.now() - timedelta(1))
    assert bearer(refreshed["access_token"]).get("/api/me/").status_code == 401  # it expires

    page = player_client.get(f"/players/{mine.player.handle}/").content.decode()
    assert "Apps acting for you" in page
    assert "Table bot" in page
    assert "Table bot" not in Client().get(f"/players/{mine.player.handle}/").content.decode()  # theirs alone
    player_client.post(f"/account/apps/{app.pk}/revoke/")
    assert bearer(tokens["access_token"]).get("/api/me/").status_code == 401
    assert not AccessToken.objects.filter(user=mine.player.user).exists()


def test_a_read_only_app_reads_and_writes_nothing() -> None:
    app = registered_app()
    player = PlayerFactory()
    player_client = Client()
    player_client.force_login(player.user)
    bot = bearer(consent(player_client, app, "read")["access_token"])
    assert bot.get("/api/events/").status_code == 200
    refused = bot.post("/api/seats/1/sheets/", {"data": {}}, format="json")
    assert (refused.status_code, refused.json()["code"]) == (403, "oauth_scope")


def test_an_oauth2_authorization_server_is_declared_in_the_schema() -> None:
    schema = Client().get("/api/schema/?format=json").json()
    scheme = schema["components"]["securitySchemes"]["playerApps"]
    assert scheme["type"] == "oauth2"
    flow = scheme["flows"]["authorizationCode"]
    assert flow["authorizationUrl"].endswith("/o/authorize/")
    assert flow["tokenUrl"].endswith("/o/token/")
    assert set(flow["scopes"]) == {"read", "sheets:write", "registrations:write", "casual:write"}


@pytest.mark.embedded
def test_a_deactivated_accounts_oauth_access_and_refresh_tokens_are_refused() -> None:
    """Issue 67, item 2: after a merge (the merged account is deactivated) or the admin's "active" box, the
    app's access token still read /api/me/ and its refresh token minted new pairs."""
    app = registered_app()
    player = PlayerFactory()
    player_client = Client()
    player_client.force_login(player.user)
    tokens = consent(player_client, app, "read")
    bot = bearer(tokens["access_token"])
    assert bot.get("/api/me/").status_code == 200
    player.user.is_active = False
    player.user.save()
    assert bot.get("/api/me/").status_code == 401
    assert bot.get("/api/me/export/").status_code == 401
    refreshed = Client().post("/o/token/", {"grant_type": "refresh_token", "refresh_token": tokens["refresh_token"],
                                            "client_id": app.client_id})  # fmt: skip
    assert refreshed.status_code in (400, 401), refreshed.content
    assert "access_token" not in refreshed.json()


def test_a_password_change_ends_the_api_token_and_the_apps_tokens() -> None:
    from rest_framework.authtoken.models import Token

    app = registered_app()
    player = PlayerFactory()
    player.user.set_password("the-old-password-1")
    player.user.save()
    page = Client()
    page.force_login(player.user)
    bot = bearer(consent(page, app, "read")["access_token"])
    token = Token.objects.create(user=player.user)
    new = "a-new-password-22"
    form = {"old_password": "the-old-password-1", "new_password1": new, "new_password2": new}
    answer = page.post("/accounts/password/", form)
    assert answer.status_code == 302
    assert bot.get("/api/me/").status_code == 401
    assert not Token.objects.filter(key=token.key).exists()
    assert page.get("/accounts/password/").status_code == 200  # the page that changed it stays signed in


@pytest.mark.embedded
def test_the_oauth_consent_page_offers_registrations_write_and_the_app_registers_its_player_only() -> None:
    """Issue 70, item 7: a club's app could not register a consenting player for an event."""
    app = registered_app()
    player, other = PlayerFactory(), PlayerFactory()
    player_client = Client()
    player_client.force_login(player.user)
    verifier = secrets.token_urlsafe(48)
    challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
    query = {"response_type": "code", "client_id": app.client_id, "redirect_uri": REDIRECT,
             "scope": "read registrations:write", "state": "s1", "code_challenge": challenge,
             "code_challenge_method": "S256"}  # fmt: skip
    page = player_client.get(f"/o/authorize/?{urlencode(query)}").content.decode()
    assert "Register you for events and withdraw your registrations" in page
    french = player_client.get(f"/o/authorize/?{urlencode(query)}", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Vous inscrire à des événements et retirer vos inscriptions" in french
    bot = bearer(consent(player_client, app, "read registrations:write")["access_token"])
    event = EventFactory(game="boomerang-australia")
    registered = bot.post(f"/api/events/{event.pk}/registrations/", {}, format="json")
    assert registered.status_code == 201, registered.content
    assert event.registrations.get().player == player
    someone_else = bot.post(f"/api/events/{event.pk}/registrations/", {"player": other.handle}, format="json")
    assert (someone_else.status_code, someone_else.json()["code"]) == (403, "oauth_scope")
    withdrawn = bot.post(f"/api/registrations/{registered.json()['id']}/withdraw/", {}, format="json")
    assert withdrawn.status_code == 200, withdrawn.content
    reviewed = EventFactory(game="boomerang-australia", registration_review=True,
                            registration_questions=[{"id": "club", "label": "Your club", "kind": "text"}])  # fmt: skip
    sent = bot.post(f"/api/events/{reviewed.pk}/registrations/", {"answers": {"club": "Owls"}}, format="json")
    assert sent.json()["status"] == "awaiting", sent.content
    registration_ask_change(registration=Registration.objects.get(pk=sent.json()["id"]),
                            by=reviewed.organisers.get(), note="Your full club name")  # fmt: skip
    answered = bot.post(f"/api/registrations/{sent.json()['id']}/review/", {"answers": {"club": "Owls of Lyon"}},
                        format="json")  # fmt: skip
    assert (answered.status_code, answered.json()["status"]) == (200, "awaiting")  # an app answers for its player
    sheets_only = bearer(consent(player_client, app, "read sheets:write")["access_token"])
    refused = sheets_only.post(f"/api/events/{event.pk}/registrations/", {}, format="json")
    assert (refused.status_code, refused.json()["code"]) == (403, "oauth_scope")


def test_a_replayed_code_is_refused_and_revokes_its_tokens_and_only_a_players_consent_makes_a_token() -> None:
    """Issue 67, item 9: a reused authorization code was refused but its first exchange's tokens stayed valid
    (RFC 6749 4.1.2); any user could register a client-credentials app and get a token no player consented to."""
    app = registered_app()
    player = PlayerFactory()
    browser = Client()
    browser.force_login(player.user)
    exchanged: dict = {}
    tokens = consent(browser, app, "read", exchanged)
    assert bearer(tokens["access_token"]).get("/api/me/").status_code == 200
    replay = Client().post("/o/token/", {
        "grant_type": "authorization_code", "redirect_uri": REDIRECT, "client_id": app.client_id, **exchanged,
    })  # fmt: skip
    assert (replay.status_code, replay.json()["error"]) == (400, "invalid_grant")
    assert bearer(tokens["access_token"]).get("/api/me/").status_code == 401  # the first exchange's tokens end
    refreshed = Client().post("/o/token/", {"grant_type": "refresh_token", "refresh_token": tokens["refresh_token"],
                                            "client_id": app.client_id})  # fmt: skip
    assert refreshed.status_code == 400

    machine = Application.objects.create(
        name="Machine", client_id="machine", client_secret="s3cret-s3cret", client_type="confidential",
        authorization_grant_type="client-credentials", user=UserFactory(), redirect_uris="",
    )  # fmt: skip
    assert machine.pk
    answer = Client().post("/o/token/", {"grant_type": "client_credentials", "client_id": "machine",
                                         "client_secret": "s3cret-s3cret"})  # fmt: skip
    assert answer.status_code in (400, 401)
    assert "access_token" not in answer.json()


def test_apps_register_for_the_code_alone_plain_pkce_is_refused_before_consent_and_the_server_describes_itself(
    monkeypatch,
) -> None:
    """Issue 67, item 9: the registration form offered every grant; PKCE `plain` showed the consent page before
    failing; /o/token/ was not throttled; no RFC 8414 document."""
    developer = Client()
    developer.force_login(UserFactory())
    form = developer.get("/o/applications/register/").content.decode()
    assert 'value="authorization-code"' in form
    assert 'value="client-credentials"' not in form
    assert 'value="password"' not in form
    refused = developer.post("/o/applications/register/", {
        "name": "Machine", "client_id": "machine", "client_secret": "", "client_type": "confidential",
        "authorization_grant_type": "client-credentials", "redirect_uris": REDIRECT, "algorithm": "",
        "post_logout_redirect_uris": "", "allowed_origins": "",
    })  # fmt: skip
    assert refused.status_code == 200  # the form again, with its error
    assert not Application.objects.filter(client_id="machine").exists()

    app = registered_app()
    player = Client()
    player.force_login(PlayerFactory().user)
    query = {"response_type": "code", "client_id": app.client_id, "redirect_uri": REDIRECT, "scope": "read",
             "state": "s1", "code_challenge": "a" * 43, "code_challenge_method": "plain"}  # fmt: skip
    plain = player.get(f"/o/authorize/?{urlencode(query)}")
    assert "Allow Table bot to act for you?" not in plain.content.decode()  # no consent page for it
    assert plain.status_code in (302, 400)

    metadata = Client().get("/.well-known/oauth-authorization-server").json()
    assert metadata["code_challenge_methods_supported"] == ["S256"]
    assert metadata["grant_types_supported"] == ["authorization_code", "refresh_token"]
    assert metadata["token_endpoint"].endswith("/o/token/")

    from django.core.cache import cache

    from config.throttling import OAuthTokenThrottle

    monkeypatch.setattr(
        OAuthTokenThrottle, "THROTTLE_RATES", {**OAuthTokenThrottle.THROTTLE_RATES, "oauth_token": "3/min"}
    )

    cache.clear()
    answers = [Client().post("/o/token/", {"grant_type": "refresh_token", "refresh_token": "x",
                                           "client_id": app.client_id}).status_code for _ in range(5)]  # fmt: skip
    assert answers[:3] == [400, 400, 400]
    assert answers[3:] == [429, 429]


def test_an_app_with_casual_write_records_its_players_casual_game_and_one_without_it_cannot() -> None:
    """Issue 70, item 4: a club's app records a casual table for its consenting player (the player's pad)."""
    import json
    from pathlib import Path

    sheet = json.loads((Path(__file__).resolve().parents[3] / "examples/sheets/boomerang-hunt.json").read_text())
    player, *_ = [PlayerFactory(handle=seat["player"]) for seat in sheet["seats"]]
    app = registered_app()
    player_client = Client()
    player_client.force_login(player.user)
    query = {"response_type": "code", "client_id": app.client_id, "redirect_uri": REDIRECT, "state": "s1",
             "scope": "read casual:write", "code_challenge": "x" * 43, "code_challenge_method": "S256"}  # fmt: skip
    french = player_client.get(f"/o/authorize/?{urlencode(query)}", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Enregistrer vos parties libres" in french
    reading = bearer(consent(player_client, app, "read")["access_token"])
    refused = reading.post("/api/casual-tables/", {"sheet": sheet}, format="json")
    assert (refused.status_code, refused.json()["code"]) == (403, "oauth_scope")
    recording = bearer(consent(player_client, app, "read casual:write")["access_token"])
    recorded = recording.post("/api/casual-tables/", {"sheet": sheet}, format="json")
    assert recorded.status_code == 201, recorded.content
    assert recorded.json()["seats"][0] == {**recorded.json()["seats"][0], "player": player.handle, "confirmed": True}
