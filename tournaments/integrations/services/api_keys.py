"""An organisation's owners make and revoke its API keys; each use is checked and each write recorded."""

import hashlib
import hmac
import secrets

from django.contrib.auth.models import User
from django.utils import timezone
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy

from config.errors import DomainError
from tournaments.integrations.models import ApiKey, ApiKeyWrite
from tournaments.models import Organisation, Staff
from tournaments.selectors.permissions import require_staff

KEY_START = "bk_"
NAME_LENGTH = 80  # ApiKey.name


def api_key_create(*, organisation: Organisation, by: User, name: str, scopes: list[str]) -> tuple[ApiKey, str]:
    """A new key, returned once as text (`bk_<prefix>_<secret>`); only its hash is kept."""
    require_staff(user=by, organisation=organisation, owner=True)
    name = " ".join(name.split())
    if not name or len(name) > NAME_LENGTH:
        raise DomainError(
            format_lazy(gettext_lazy("a key's name is 1 to {name_length} characters"), name_length=NAME_LENGTH),
            "invalid_name",
            "name",
        )
    unknown = sorted(set(scopes) - set(ApiKey.SCOPES))
    if unknown or not scopes:
        raise DomainError(
            format_lazy(gettext_lazy("scopes are some of {choices}"), choices=", ".join(ApiKey.SCOPES)),
            "invalid_scopes",
            "scopes",
        )
    prefix, secret = secrets.token_hex(6), secrets.token_urlsafe(32)
    text = f"{KEY_START}{prefix}_{secret}"
    key = ApiKey.objects.create(organisation=organisation, name=name, prefix=prefix, digest=_digest(text),
                                scopes=[s for s in ApiKey.SCOPES if s in scopes], created_by=by)  # fmt: skip
    return key, text


def api_key_revoke(*, key: ApiKey, by: User) -> ApiKey:
    require_staff(user=by, organisation=key.organisation, owner=True)
    if key.revoked_at is None:
        key.revoked_at = timezone.now()
        key.save(update_fields=["revoked_at"])
    return key


def api_key_of(text: str) -> ApiKey | None:
    """The live key this text is, or None: unknown, revoked, or its maker no longer an owner of its
    organisation (a key never outlives the rights of the person who made it). Marks it used."""
    prefix = text.removeprefix(KEY_START).split("_", 1)[0]
    key = ApiKey.objects.select_related("created_by__player", "organisation").filter(prefix=prefix).first()
    if key is None or key.revoked_at is not None or not hmac.compare_digest(key.digest, _digest(text)):
        return None
    if not Staff.objects.filter(
        organisation_id=key.organisation_id, user_id=key.created_by_id, role=Staff.Role.OWNER
    ).exists():
        return None
    now = timezone.now()
    if key.last_used_at is None or (now - key.last_used_at).total_seconds() > 60:  # one write a minute at most
        ApiKey.objects.filter(pk=key.pk).update(last_used_at=now)
    return key


def api_key_write_record(*, key: ApiKey, method: str, path: str, status_code: int) -> None:
    ApiKeyWrite.objects.create(key=key, method=method, path=path[:300], status_code=status_code)


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()
