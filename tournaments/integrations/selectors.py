"""An organisation's webhook subscriptions and their deliveries, and its API keys: for its owners; the apps a
player allowed to act for them: for that player."""

from dataclasses import dataclass

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import Q, QuerySet
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy
from oauth2_provider.models import AccessToken, get_application_model

from config.errors import NotFound
from tournaments.integrations.models import ApiKey, Webhook, WebhookDelivery
from tournaments.models import Organisation
from tournaments.selectors.permissions import require_staff


def webhooks_of(*, organisation: Organisation, by: User | AnonymousUser) -> QuerySet[Webhook]:
    require_staff(user=by, organisation=organisation, owner=True)
    return Webhook.objects.filter(organisation=organisation).select_related("organisation").order_by("id")


def webhook_of(*, organisation: Organisation, webhook_id: int, by: User | AnonymousUser) -> Webhook:
    hook = webhooks_of(organisation=organisation, by=by).filter(pk=webhook_id).first()
    if hook is None:
        raise NotFound(
            format_lazy(
                gettext_lazy("{slug} has no webhook {webhook_id}"), slug=organisation.slug, webhook_id=webhook_id
            ),
            "not_found",
            "webhook",
        )
    return hook


def webhook_deliveries(*, hook: Webhook) -> QuerySet[WebhookDelivery]:
    """Newest first."""
    return hook.deliveries.select_related("webhook__organisation").order_by("-created_at", "-id")


def webhook_delivery_of(*, hook: Webhook, delivery_id: int) -> WebhookDelivery:
    delivery = webhook_deliveries(hook=hook).filter(pk=delivery_id).first()
    if delivery is None:
        raise NotFound(
            format_lazy(
                gettext_lazy("webhook {pk} has no delivery {delivery_id}"), pk=hook.pk, delivery_id=delivery_id
            ),
            "not_found",
            "delivery",
        )
    return delivery


def api_keys_of(*, organisation: Organisation, by: User | AnonymousUser) -> QuerySet[ApiKey]:
    require_staff(user=by, organisation=organisation, owner=True)
    return ApiKey.objects.filter(organisation=organisation).order_by("-created_at", "-id")


def api_key_of_organisation(*, organisation: Organisation, key_id: int, by: User | AnonymousUser) -> ApiKey:
    key = api_keys_of(organisation=organisation, by=by).filter(pk=key_id).first()
    if key is None:
        raise NotFound(
            format_lazy(gettext_lazy("{slug} has no API key {key_id}"), slug=organisation.slug, key_id=key_id),
            "not_found",
            "key",
        )
    return key


@dataclass(frozen=True)
class AllowedApp:
    """An app a player allowed to act for them (tournaments/integrations/app_auth.py), and what it may do."""

    application_id: int
    name: str
    scopes: list[str]


def apps_allowed(*, user: User) -> list[AllowedApp]:
    """The apps holding a token of the player's: an access token, or a refresh token that makes new ones."""
    held = Q(accesstoken__user=user) | Q(refreshtoken__user=user, refreshtoken__revoked__isnull=True)
    apps = get_application_model().objects.filter(held).distinct().order_by("name")
    scopes = dict(
        AccessToken.objects.filter(user=user).order_by("created").values_list("application_id", "scope")
    )  # the latest grant's scopes win
    return [AllowedApp(app.pk, app.name, sorted(scopes.get(app.pk, "").split())) for app in apps]
