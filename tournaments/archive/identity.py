"""An archive's identity (docs/archive.md, "source"): where it was exported, and the hash of its games. An
instance imports an archive once; an archive of an event still on this instance is refused, known by the
instance's own id, which does not change with its address (an instance moved to another `SITE_URL`, or a
venue laptop's `make run` on another port, exported under one address and imported under another)."""

import hashlib
import hmac
import json
from typing import Any

from django.conf import settings
from django.db.models import Q
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy

from config.errors import Conflict, DomainError
from tournaments.models import Event

SOURCE_LENGTH = 300  # Event.imported_from


class Refused(DomainError):
    """An archive that does not verify: where and why."""

    def __init__(self, message: str, where: str) -> None:
        super().__init__(message, "archive_refused", field=where)


def instance_id() -> str:
    """This instance's id in its archives: derived from its secret key (which it keeps), revealing nothing of it."""
    return hmac.new(settings.SECRET_KEY.encode(), b"boomerang event archive instance", hashlib.sha256).hexdigest()[:24]


def archive_source(event: Event) -> dict[str, Any]:
    return {"instance": settings.SITE_URL, "instance_id": instance_id(), "event": event.pk}


def archive_identity(data: dict[str, Any]) -> tuple[str, str]:
    """Where the archive comes from ("<instance>#<event id>", empty when it does not say) and the hash of its
    results (rounds, tables, sheets, verdicts), its games' content alone: the same games imported twice are
    refused whatever the settings or the tables' times say (a near-copy differing by a microsecond is the
    same games)."""
    source = data.get("source") or {}
    origin = f"{source['instance']}#{int(source['event'])}" if source else ""
    if len(origin) > SOURCE_LENGTH:
        raise Refused("the archive's source is too long", "source")
    games_played = [
        {**round_, "tables": [{k: v for k, v in table.items() if k != "verified_at"} for table in round_["tables"]]}
        for round_ in data["rounds"]
    ]
    canonical = json.dumps(games_played, sort_keys=True, separators=(",", ":"), default=str)
    return origin, "sha256:" + hashlib.sha256(canonical.encode()).hexdigest()


def legacy_results_hash(data: dict[str, Any]) -> str:
    """The hash events imported before 0.5.0 keep: of the rounds as they came, the tables' times included
    (issue 67, item 16). Their archive is not kept, so it cannot be hashed again the new way; an archive
    arriving now is compared with both."""
    canonical = json.dumps(data["rounds"], sort_keys=True, separators=(",", ":"), default=str)
    return "sha256:" + hashlib.sha256(canonical.encode()).hexdigest()


def refuse_a_second_import(data: dict[str, Any], source: str, results: str) -> None:
    hashes = [results, legacy_results_hash(data)]
    first = Event.objects.filter(Q(results_hash__in=hashes) | (Q(imported_from=source) & ~Q(imported_from=""))).first()
    exported = data.get("source") or {}
    here = source.startswith(f"{settings.SITE_URL}#") or exported.get("instance_id") == instance_id()
    if first is None and here:
        first = Event.objects.filter(pk=int(exported["event"])).first()  # exported from here, still here
    if first is not None:
        raise Conflict(
            format_lazy(
                gettext_lazy(
                    "this archive's event is here already: event {pk} ({name!r}); an archive is imported once"
                ),
                pk=first.pk,
                name=first.name,
            ),
            "archive_imported",
            "archive",
        )
