"""Log-in limits that stop a guesser and never a venue or an owner (config/login_limits.py): a venue's
address keeps signing people in after a script's wrong passwords there, and an owner whose account strangers
guessed at gets in from their own address or by the e-mailed link."""

import re

import pytest
from django.core import mail

pytestmark = pytest.mark.django_db

VENUE = "192.0.2.50"


def api_login(api_client, username: str, password: str, address: str = VENUE) -> int:
    body = {"username": username, "password": password}
    return api_client.post("/api/auth/token/", body, format="json", REMOTE_ADDR=address).status_code


def form_login(client, username: str, password: str, address: str = VENUE) -> int:
    body = {"username": username, "password": password}
    return client.post("/accounts/login/", body, REMOTE_ADDR=address).status_code


@pytest.mark.embedded
def test_after_100_failed_log_ins_from_one_address_another_accounts_right_password_from_it_is_accepted(
    api_client, client, django_user_model
) -> None:
    target = django_user_model.objects.create_user("target", password="target-right-pw")
    arriving = django_user_model.objects.create_user("arriving", password="arriving-right-pw")
    late = django_user_model.objects.create_user("late", password="late-right-pw")
    # 34 wrong passwords at one account, then 66 sprayed over others, all from the venue's address
    statuses = [api_login(api_client, target.username, "guess") for _ in range(34)]
    statuses += [api_login(api_client, f"someone{n}", "guess") for n in range(66)]
    assert set(statuses) <= {401, 429}
    assert api_login(api_client, arriving.username, "arriving-right-pw") == 200
    assert form_login(client, late.username, "late-right-pw") == 302
    assert client.session["_auth_user_id"] == str(late.pk)


def test_past_the_addresss_limit_a_wrong_password_is_slowed_with_a_429(api_client, django_user_model) -> None:
    django_user_model.objects.create_user("sprayed", password="sprayed-right-pw")
    statuses = [api_login(api_client, f"someone{n}", "guess") for n in range(100)]
    assert statuses == [401] * 100
    answer = api_client.post("/api/auth/token/", {"username": "sprayed", "password": "guess"}, format="json",
                             REMOTE_ADDR=VENUE)  # fmt: skip
    assert answer.status_code == 429
    assert int(answer["Retry-After"]) > 0
    assert api_login(api_client, "sprayed", "sprayed-right-pw") == 200


def test_guesses_at_one_account_from_one_address_lock_that_pair_even_for_the_right_password(
    api_client, django_user_model
) -> None:
    django_user_model.objects.create_user("owner", password="owner-right-pw")
    assert api_login(api_client, "owner", "owner-right-pw", address="198.51.100.7") == 200  # their own address
    statuses = [api_login(api_client, "owner", "guess", address="198.51.100.7") for _ in range(31)]
    assert statuses[:30] == [401] * 30
    assert statuses[30] == 429
    assert api_login(api_client, "owner", "owner-right-pw", address="198.51.100.7") == 429


@pytest.mark.embedded
def test_an_owner_whose_handle_got_30_wrong_passwords_from_elsewhere_logs_in_from_their_own_address(
    api_client, client, django_user_model
) -> None:
    from tests.factories import PlayerFactory

    player = PlayerFactory(handle="Owner", user__username="owner-account")
    player.user.set_password("owner-right-pw")
    player.user.save()
    home = "203.0.113.5"
    assert form_login(client, "owner-account", "owner-right-pw", address=home) == 302
    client.logout()
    statuses = [api_login(api_client, "Owner", "guess", address=f"198.51.100.{n}") for n in range(31)]
    assert statuses[30] == 429  # strangers are locked out of the account
    assert api_login(api_client, "owner", "owner-right-pw", address="198.51.100.200") == 429
    assert form_login(client, "Owner", "owner-right-pw", address=home) == 302  # the owner is not
    assert client.session["_auth_user_id"] == str(player.user.pk)


def test_a_locked_owner_gets_in_by_the_emailed_one_time_link(client, django_user_model) -> None:
    user = django_user_model.objects.create_user("locked", email="locked@example.org", password="old-right-pw")
    for n in range(31):
        form_login(client, "locked", "guess", address=f"198.51.100.{n}")
    assert form_login(client, "locked", "old-right-pw", address="203.0.113.9") == 429
    client.post("/accounts/password/reset/", {"email": "locked@example.org"}, REMOTE_ADDR="203.0.113.9")
    link = re.search(r"https?://[^/\s]+(/accounts/password/reset/\S+/)", mail.outbox[-1].body).group(1)
    form = client.get(link, REMOTE_ADDR="203.0.113.9", follow=True)
    answer = client.post(form.redirect_chain[-1][0], {"new_password1": "a-new-right-pw-9", "new_password2":
                         "a-new-right-pw-9"}, REMOTE_ADDR="203.0.113.9")  # fmt: skip
    assert answer.status_code == 302
    assert client.session["_auth_user_id"] == str(user.pk)  # signed in by the link
    client.logout()
    assert form_login(client, "locked", "a-new-right-pw-9", address="203.0.113.9") == 302  # now their own address


@pytest.mark.embedded
def test_a_locked_player_without_e_mail_is_let_in_at_the_organisers_desk(api_client, client) -> None:
    """Issue 66: a locked account can always get in through its e-mail or at the organiser's desk. A stranger
    guessed at a player's account from the venue itself and from elsewhere; the player has no e-mail. The
    organiser at the desk (the venue's address) lets them in; the password is still needed there, and the
    stranger elsewhere stays locked out."""
    from tests.factories import EventFactory, PlayerFactory
    from tournaments.models import Registration

    event = EventFactory(game="boomerang-australia")
    organiser = event.organisers.first()
    player = PlayerFactory(handle="Noemail", user__username="noemail", user__email="")
    player.user.set_password("noemail-right-pw")
    player.user.save()
    Registration.objects.create(event=event, player=player, status="registered")
    statuses = [api_login(api_client, "noemail", "guess") for _ in range(16)]
    statuses += [api_login(api_client, "noemail", "guess", address=f"198.51.100.{n}") for n in range(16)]
    assert statuses[-1] == 429
    assert api_login(api_client, "noemail", "noemail-right-pw") == 429  # locked at the venue too
    desk = client
    desk.force_login(organiser)
    page = desk.post(f"/events/{event.pk}/entrants/", {"unlock-handle": "noemail"}, REMOTE_ADDR=VENUE, follow=True)
    assert "Noemail can log in from here again" in page.content.decode()
    assert api_login(api_client, "noemail", "wrong-still") == 401  # the password is still needed
    assert api_login(api_client, "noemail", "noemail-right-pw") == 200
    assert api_login(api_client, "noemail", "noemail-right-pw", address="198.51.100.77") == 429  # elsewhere: locked


def test_the_desk_unlocks_only_its_own_events_entrants(api_client) -> None:
    from tests.factories import EventFactory, PlayerFactory
    from tournaments.models import Registration

    event = EventFactory(game="boomerang-australia")
    stranger = PlayerFactory()
    api_client.force_authenticate(event.organisers.first())
    refused = api_client.post(f"/api/events/{event.pk}/login-unlock/", {"handle": stranger.handle}, format="json")
    assert (refused.status_code, refused.json()["code"], refused.json()["field"]) == (400, "unknown_entrant", "handle")
    other = EventFactory(game="boomerang-australia")
    Registration.objects.create(event=other, player=stranger, status="registered")
    refused = api_client.post(f"/api/events/{other.pk}/login-unlock/", {"handle": stranger.handle}, format="json")
    assert refused.status_code == 403  # not this organiser's event
    api_client.force_authenticate(other.organisers.first())
    answer = api_client.post(f"/api/events/{other.pk}/login-unlock/", {"handle": stranger.handle}, format="json")
    assert answer.json() == {"handle": stranger.handle, "unlocked": True}
