"""A club's integrations page, for its owners: webhooks (subscribe, ping, enable, rotate the secret, delete,
the deliveries' log and a redelivery) and API keys (make, revoke). Each action is one service call; a secret
or a key is shown on the page that made it, once, never stored where it could be read again."""

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from config.errors import DomainError
from tournaments.auth import SignedInRequest
from tournaments.integrations.models import ApiKey, Webhook
from tournaments.integrations.selectors import (
    api_key_of_organisation,
    api_keys_of,
    webhook_deliveries,
    webhook_delivery_of,
    webhook_of,
    webhooks_of,
)
from tournaments.integrations.services.api_keys import api_key_create, api_key_revoke
from tournaments.integrations.services.apps import app_revoke
from tournaments.integrations.services.subscriptions import (
    webhook_delete,
    webhook_enable,
    webhook_ping,
    webhook_redeliver,
    webhook_rotate_secret,
    webhook_subscribe,
)
from tournaments.models import Organisation
from tournaments.text import refusal

DELIVERIES_SHOWN = 10


@login_required
def integrations(request: SignedInRequest, slug: str, shown_once: dict[str, str] | None = None) -> HttpResponse:
    organisation = get_object_or_404(Organisation, slug=slug)
    try:
        hooks = list(webhooks_of(organisation=organisation, by=request.user))
        keys = list(api_keys_of(organisation=organisation, by=request.user))
    except DomainError as refused:
        raise PermissionDenied(refusal(refused.code, refused.message)) from None
    for hook in hooks:
        hook.recent = list(webhook_deliveries(hook=hook)[:DELIVERIES_SHOWN])  # type: ignore[attr-defined]
    page = render(request, "pages/integrations.html", {
        "organisation": organisation, "hooks": hooks, "keys": keys, "shown_once": shown_once,
        "events": Webhook.EVENTS, "scopes": ApiKey.SCOPES,
    })  # fmt: skip
    if shown_once:
        page["Cache-Control"] = "no-store"  # kept by no cache, never replayed to a repeated form
    return page


@require_POST
@login_required
def webhook_new(request: SignedInRequest, slug: str) -> HttpResponse:
    organisation = get_object_or_404(Organisation, slug=slug)
    try:
        hook = webhook_subscribe(organisation=organisation, by=request.user,
                                          url=request.POST.get("url", "").strip(),
                                          events=request.POST.getlist("events"))  # fmt: skip
    except DomainError as refused:
        messages.error(request, refusal(refused.code, refused.message))
        return redirect("club-integrations", slug=slug)
    return integrations(request, slug, shown_once={"what": hook.url, "secret": hook.secret})


@require_POST
@login_required
def webhook_act(request: SignedInRequest, slug: str, webhook_id: int, act: str) -> HttpResponse:
    """ping, enable, rotate or delete one of the club's webhooks."""
    organisation = get_object_or_404(Organisation, slug=slug)
    try:
        hook = webhook_of(organisation=organisation, webhook_id=webhook_id, by=request.user)
        if act == "rotate":
            hook = webhook_rotate_secret(hook=hook, by=request.user)
            return integrations(request, slug, shown_once={"what": hook.url, "secret": hook.secret})
        said = _WEBHOOK_ACTS[act](hook, request)
    except (DomainError, KeyError) as refused:
        message = refusal(refused.code, refused.message) if isinstance(refused, DomainError) else _("No such action.")
        messages.error(request, message)
    else:
        messages.success(request, said)
    return redirect("club-integrations", slug=slug)


def _ping(hook: Webhook, request: SignedInRequest) -> str:
    delivery = webhook_ping(hook=hook, by=request.user)
    if delivery.status == "delivered":
        return _("The ping was answered %(code)s in %(seconds)s s.") % {
            "code": delivery.response_code, "seconds": delivery.seconds,
        }  # fmt: skip
    return _("The ping was not answered well: %(answer)s.") % {
        "answer": delivery.response_code or delivery.response_body or _("no answer"),
    }  # fmt: skip


def _enable(hook: Webhook, request: SignedInRequest) -> str:
    webhook_enable(hook=hook, by=request.user)
    return _("The webhook gets deliveries again.")


def _delete(hook: Webhook, request: SignedInRequest) -> str:
    webhook_delete(hook=hook, by=request.user)
    return _("The webhook is deleted.")


_WEBHOOK_ACTS: dict[str, Callable[[Webhook, Any], str]] = {"ping": _ping, "enable": _enable, "delete": _delete}


@require_POST
@login_required
def delivery_redeliver(request: SignedInRequest, slug: str, webhook_id: int, delivery_id: int) -> HttpResponse:
    organisation = get_object_or_404(Organisation, slug=slug)
    try:
        hook = webhook_of(organisation=organisation, webhook_id=webhook_id, by=request.user)
        delivery = webhook_delivery_of(hook=hook, delivery_id=delivery_id)
        webhook_redeliver(delivery=delivery, by=request.user)
    except DomainError as refused:
        messages.error(request, refusal(refused.code, refused.message))
    else:
        messages.success(request, _("The delivery is sent again."))
    return redirect("club-integrations", slug=slug)


@require_POST
@login_required
def key_new(request: SignedInRequest, slug: str) -> HttpResponse:
    organisation = get_object_or_404(Organisation, slug=slug)
    name = request.POST.get("name", "")
    try:
        key, text = api_key_create(organisation=organisation, by=request.user, name=name,
                                            scopes=request.POST.getlist("scopes"))  # fmt: skip
    except DomainError as refused:
        messages.error(request, refusal(refused.code, refused.message))
        return redirect("club-integrations", slug=slug)
    return integrations(request, slug, shown_once={"what": key.name, "secret": text})


@require_POST
@login_required
def key_revoke(request: SignedInRequest, slug: str, key_id: int) -> HttpResponse:
    organisation = get_object_or_404(Organisation, slug=slug)
    try:
        key = api_key_of_organisation(organisation=organisation, key_id=key_id, by=request.user)
        api_key_revoke(key=key, by=request.user)
    except DomainError as refused:
        messages.error(request, refusal(refused.code, refused.message))
    else:
        messages.success(request, _("The key %(name)s is revoked.") % {"name": key.name})
    return redirect("club-integrations", slug=slug)


@require_POST
@login_required
def app_revoke_page(request: SignedInRequest, application_id: int) -> HttpResponse:
    """The player's page's "Revoke" beside an app they allowed."""
    app_revoke(user=request.user, application_id=application_id)
    messages.success(request, _("The app can no longer act for you."))
    return redirect("player", handle=request.user.player.handle)
