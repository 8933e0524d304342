"""API keys as DRF authentication: `Authorization: Bearer bk_...`. A key is held to its scopes and to its
organisation's events here, before any view runs, so no view can forget it (docs/api.md, "API keys"):

- `read`: reading (GET, HEAD, OPTIONS);
- `events:write`: writing an event of its organisation (its rounds, registrations, seats, check-in, close,
  closing registration, teams, entry exceptions, the entry fee and payments: views that say `key_scope`);
- `results:write`: results of those events (sheets, a table's pad, override, re-verification, forfeits).

Anything else (clubs, webhooks, keys, seasons, accounts, ratings' writes, a steward's sanctions and decisions)
is refused to a key: those are people's decisions, made with their own token or session. An organisation's
webhooks and keys (views marked `owners_only`) are refused to a key even to read: a leaked `read` key must not
map the organisation's other credentials and integrations (issue 67, item 17). A key acts for its
organisation, never as the person who made it: what is that person's own (their data, their stream, their
account: views marked `person_only`) is refused to a key, reading included."""

from typing import Any

from django.db.models import Model
from rest_framework import exceptions
from rest_framework.authentication import BaseAuthentication, get_authorization_header
from rest_framework.request import Request

from config import versioning
from tournaments.integrations.models import ApiKey
from tournaments.integrations.services.api_keys import api_key_of
from tournaments.models import Event, Organisation, Registration, Round, Seat, Table

# (the view's basename, its action) -> the scope a write needs; "*": every action of that basename.
RESULTS = {("seat", "sheets"), ("seat", "forfeit"), ("table", "*")}
EVENTS = {("event", "*"), ("round", "*"), ("registration", "*"), ("seat", "swap")}
# How to find a detail route's event: the basename's model and the path from it to its event's organisation.
ORGANISATION_OF: dict[str, tuple[type[Model], str]] = {
    "event": (Event, "organisation_id"),
    "round": (Round, "event__organisation_id"),
    "registration": (Registration, "event__organisation_id"),
    "table": (Table, "round__event__organisation_id"),
    "seat": (Seat, "table__round__event__organisation_id"),
}
SAFE = ("GET", "HEAD", "OPTIONS")
# A steward's decisions on an event are theirs to make with their own credentials, whatever a key's scopes.
STEWARDS_ONLY = {("event", "sanction"), ("event", "unsanction"), ("event", "result_change")}


class ApiKeyAuthentication(BaseAuthentication):  # type: ignore[misc]  # DRF ships no types
    keyword = b"bearer"

    def authenticate(self, request: Request) -> tuple[Any, ApiKey] | None:
        words = get_authorization_header(request).split()
        if len(words) != 2 or words[0].lower() != self.keyword or not words[1].startswith(b"bk_"):
            return None
        key = api_key_of(words[1].decode("ascii", errors="replace"))
        if key is None:
            raise exceptions.AuthenticationFailed("this API key is unknown or revoked")
        # Its writes are recorded, refused ones too (tournaments/integrations/api/key_writes.py).
        request._request.api_key = key
        versioning.pin(request._request, key.created_at)
        _require_scope(request, key)
        return key.created_by, key

    def authenticate_header(self, request: Request) -> str:
        return 'Bearer realm="api"'


def _require_scope(request: Request, key: ApiKey) -> None:
    view = (request.parser_context or {}).get("view")
    _refuse_views_of_persons(view)
    if request.method in SAFE:
        _require_read(request, key)
        return
    kind = (getattr(view, "basename", None), getattr(view, "action", None))
    declared = getattr(view, "key_scope", None)  # a view of an event's own (`events/{pk}/...`) says its scope
    scope = declared or _scope_of(kind)
    if scope is None:
        raise exceptions.PermissionDenied("an API key may not do this: it is for a person's own token",
                                          code="key_scope")  # fmt: skip
    if scope not in key.scopes:
        raise exceptions.PermissionDenied(f"this API key lacks the {scope} scope", code="key_scope")
    if _organisation_of(request, "event" if declared else kind[0] or "") != key.organisation_id:
        raise exceptions.PermissionDenied(
            f"this API key is for the events of {key.organisation.slug} only", code="key_organisation"
        )


def _refuse_views_of_persons(view: object) -> None:
    """A person's own data and an organisation's credentials are refused to every key, reading included."""
    if getattr(view, "person_only", False):
        raise exceptions.PermissionDenied(
            "an API key acts for its organisation, never as the person who made it: use that person's own token",
            code="key_person",
        )  # fmt: skip
    if getattr(view, "owners_only", False):
        raise exceptions.PermissionDenied(
            "an organisation's webhooks and keys are its owners' to read and manage, with their own token or session",
            code="key_scope",
        )


def _require_read(request: Request, key: ApiKey) -> None:
    if ApiKey.READ not in key.scopes:
        raise exceptions.PermissionDenied("this API key may not read: its scopes lack read", code="key_scope")
    slug = (request.parser_context or {}).get("kwargs", {}).get("slug")
    if slug is not None and slug != key.organisation.slug:  # an organisation's own reads (its members, staff)
        raise exceptions.PermissionDenied(f"this API key is for {key.organisation.slug} only",
                                          code="key_organisation")  # fmt: skip


def _scope_of(kind: tuple[str | None, str | None]) -> str | None:
    basename, action = kind
    if kind in STEWARDS_ONLY:
        return None
    if (basename, action) in RESULTS or (basename, "*") in RESULTS:
        return ApiKey.RESULTS_WRITE
    if (basename, action) in EVENTS or (basename, "*") in EVENTS:
        return ApiKey.EVENTS_WRITE
    return None


def _organisation_of(request: Request, basename: str) -> int | None:
    """The organisation whose event the request writes: by the object the URL names, else by the body (a
    new event's `organisation`, a swap's seats)."""
    kwargs = request.parser_context.get("kwargs", {})
    if basename in ORGANISATION_OF and str(kwargs.get("pk", "")).isdigit():
        model, path = ORGANISATION_OF[basename]
        return model._default_manager.filter(pk=int(kwargs["pk"])).values_list(path, flat=True).first()
    data = request.data if isinstance(request.data, dict) else {}
    if basename == "event" and isinstance(data.get("organisation"), str):
        return Organisation.objects.filter(slug=data["organisation"]).values_list("pk", flat=True).first()
    if basename == "seat":
        seats = [data.get("seat_a"), data.get("seat_b")]
        found = set(Seat.objects.filter(pk__in=[s for s in seats if isinstance(s, int)]).values_list(
            ORGANISATION_OF["seat"][1], flat=True))  # fmt: skip
        return found.pop() if len(found) == 1 else None
    return None
