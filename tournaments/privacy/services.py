"""A person's right to be forgotten: erasing an account removes what identifies its person while every
result stays valid (docs/privacy: /privacy/). Their handle becomes a stable pseudonym everywhere it is
written (sheets, verdicts, held results, pads, the verdicts' history, ratings, placings, published lists,
and the copies kept for a while: stream messages, webhook deliveries, idempotent answers),
so every table still verifies, standings, seasons and ratings are unchanged, and lists show the pseudonym;
their user name, e-mail, names, country, tokens, keys and sessions go. Guests' e-mails go a year after
their last event when nobody claimed them."""

import hashlib
import json
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from oauth2_provider.models import get_application_model
from rest_framework.authtoken.models import Token

from config.errors import DomainError
from tournaments.casual.models import CasualTable
from tournaments.finance.models import Payment
from tournaments.integrations.models import ApiKey, IdempotentRequest, WebhookDelivery
from tournaments.integrations.services.apps import app_revoke
from tournaments.live.models import StreamMessage
from tournaments.models import Licence, Player, Seat, Table, TableResult, Team
from tournaments.results.models import StoredRecap
from tournaments.results.services.claims import rename_in_results, tables_lock_out_racing_writes
from tournaments.results.services.rating import player_ratings_rename
from tournaments.validators import handle_key
from tournaments.verdicts import renamed_in_json

PSEUDONYM_START = "erased-"
GUEST_EMAIL_KEPT = timedelta(days=365)


def pseudonym_of(player: Player) -> str:
    """The same pseudonym for the same player on every run, and no way back to them from it."""
    digest = hashlib.sha256(f"{settings.SECRET_KEY}:erased:{player.pk}".encode()).hexdigest()
    return f"{PSEUDONYM_START}{digest[:10]}"


def account_erase(*, user: User, password: str) -> str:
    """Erase the account whose password this is; returns the pseudonym its player now goes by."""
    if not user.check_password(password):
        raise DomainError("the password is not this account's", "wrong_password", "password")
    with transaction.atomic():
        player = Player.objects.select_for_update().get(user=user)
        old, new = player.handle, pseudonym_of(player)
        tables = set(Seat.objects.filter(player=player).values_list("table_id", flat=True))
        tables_lock_out_racing_writes(tables)
        rename_in_results(tables, old, new)
        _rename_in_history(tables, old, new)
        events = _events_of(player, tables)
        _rename_in_copies(user, old, new, events=events)
        _rename_in_recaps(events, old, new)
        player_ratings_rename(user_id=user.pk, name=new)
        Player.objects.filter(pk=player.pk).update(
            handle=new, handle_key=handle_key(new), display_name="", country="", claim_code="",
            notify_seated=False, notify_rejected=False, notify_finished=False, notify_changes=False,
        )  # fmt: skip
        user.username, user.email, user.first_name, user.last_name = new, "", "", ""
        user.set_unusable_password()  # every session of the account ends with its password's hash
        user.is_active = False
        user.save()
        Token.objects.filter(user=user).delete()
        app_revoke(user=user)  # the apps acting for them act no more
        ApiKey.objects.filter(created_by=user, revoked_at__isnull=True).update(revoked_at=timezone.now())
        _erase_what_identifies(player, user)
        _rename_in_casual_tables(player, old, new)
    return new


def _erase_what_identifies(player: Player, user: User) -> None:
    """What names the person as well as a name does, kept beside their results: their licences (a number,
    a category and a club), the notes on their ledger lines (the amounts stay, as the till saw them), the
    names of their teams (which often name their players: a team becomes "Team <id>") and the OAuth apps they
    registered."""
    Licence.objects.filter(player=player).delete()
    Payment.objects.filter(registration__player=player).exclude(note="").update(note="")
    for team in Team.objects.filter(members__player=player).distinct():
        Team.objects.filter(pk=team.pk).update(name=f"Team {team.pk}")
    get_application_model().objects.filter(user=user).delete()


def _rename_in_casual_tables(player: Player, old: str, new: str) -> None:
    """A casual table's sheet and verdict name its players (tournaments/casual): the pseudonym there too."""
    for table in CasualTable.objects.filter(seats__player=player).only("pk", "sheet", "verdict"):
        CasualTable.objects.filter(pk=table.pk).update(
            sheet=renamed_in_json(table.sheet, old, new), verdict=renamed_in_json(table.verdict, old, new)
        )


def _events_of(player: Player, tables: set[int]) -> set[int]:
    played = Table.objects.filter(pk__in=tables).values_list("round__event_id", flat=True)
    return set(played) | set(player.registrations.values_list("event_id", flat=True))


def _rename_in_copies(user: User, old: str, new: str, *, events: set[int]) -> None:
    """The copies kept for a while name the player too: the events' stream messages (two days: the public
    streams' and the other players' own; their own stream's are deleted), the webhooks' deliveries, the
    idempotent answers (a day). Each is renamed wherever a value is the old handle; an answer that is not
    JSON and names them is forgotten (its retry is done again, once)."""
    StreamMessage.objects.filter(user=user).delete()
    for message in StreamMessage.objects.filter(event_id__in=events).only("pk", "data"):  # others' own too
        renamed = handle_renamed(message.data, old, new)
        if renamed != message.data:
            StreamMessage.objects.filter(pk=message.pk).update(data=renamed)
    for delivery in WebhookDelivery.objects.filter(body__contains=json.dumps(old)).only("pk", "body"):
        renamed_body = json.dumps(handle_renamed(json.loads(delivery.body), old, new))
        WebhookDelivery.objects.filter(pk=delivery.pk).update(body=renamed_body)
    for answer in IdempotentRequest.objects.only("pk", "body", "content_type").iterator():
        if old.encode() not in bytes(answer.body):
            continue
        if answer.content_type.startswith("application/json"):
            renamed_answer = json.dumps(handle_renamed(json.loads(bytes(answer.body)), old, new)).encode()
            IdempotentRequest.objects.filter(pk=answer.pk).update(body=renamed_answer)
        else:
            IdempotentRequest.objects.filter(pk=answer.pk).delete()


def _rename_in_recaps(events: set[int], old: str, new: str) -> None:
    """The events' recaps name the players of their findings (tournaments/results, docs/recap.md)."""
    for recap in StoredRecap.objects.filter(event_id__in=events).only("pk", "data"):
        renamed = handle_renamed(recap.data, old, new)
        if renamed != recap.data:
            StoredRecap.objects.filter(pk=recap.pk).update(data=renamed)


def handle_renamed(data: Any, old: str, new: str) -> Any:
    """The JSON with every string equal to the old handle made the new one, whatever its key."""
    if isinstance(data, dict):
        return {key: handle_renamed(value, old, new) for key, value in data.items()}
    if isinstance(data, list):
        return [handle_renamed(item, old, new) for item in data]
    return new if data == old else data


def _rename_in_history(tables: set[int], old: str, new: str) -> None:
    """The verdicts' past versions name the player too."""
    history = TableResult.history.model
    for row in history.objects.filter(table_id__in=tables).only("pk", "verdict"):
        renamed = renamed_in_json(row.verdict, old, new)
        if renamed != row.verdict:
            history.objects.filter(pk=row.pk).update(verdict=renamed)


def guest_emails_forget() -> int:
    """Forget the e-mail of every unclaimed guest whose last event was created more than a year ago; returns
    how many were forgotten."""
    since = timezone.now() - GUEST_EMAIL_KEPT
    stale = (
        Player.objects.filter(guest=True, claimed_by__isnull=True)
        .exclude(user__email="")
        .annotate(last=Max("registrations__event__created_at"))
        .filter(last__lt=since)
        .values_list("user_id", flat=True)
    )
    return User.objects.filter(pk__in=list(stale)).update(email="")
