"""The integrations' API routes: an organisation's webhooks and API keys."""

from django.urls import path

from tournaments.integrations.api.keys import ApiKeyViewSet
from tournaments.integrations.api.webhooks import WebhookViewSet

hooks = "organisations/<str:slug>/webhooks/"
hook = hooks + "<int:webhook_id>/"
keys = "organisations/<str:slug>/keys/"

urlpatterns = [
    path(hooks, WebhookViewSet.as_view({"get": "list", "post": "create"}), name="webhook-list"),
    path(hook, WebhookViewSet.as_view({"get": "retrieve", "delete": "destroy"}), name="webhook-detail"),
    path(hook + "rotate-secret/", WebhookViewSet.as_view({"post": "rotate_secret"}), name="webhook-rotate-secret"),
    path(hook + "enable/", WebhookViewSet.as_view({"post": "enable"}), name="webhook-enable"),
    path(hook + "ping/", WebhookViewSet.as_view({"post": "ping"}), name="webhook-ping"),
    path(hook + "deliveries/", WebhookViewSet.as_view({"get": "deliveries"}), name="webhook-deliveries"),
    path(
        hook + "deliveries/<int:delivery_id>/redeliver/",
        WebhookViewSet.as_view({"post": "redeliver"}),
        name="webhook-redeliver",
    ),
    path(keys, ApiKeyViewSet.as_view({"get": "list", "post": "create"}), name="api-key-list"),
    path(keys + "<int:key_id>/revoke/", ApiKeyViewSet.as_view({"post": "revoke"}), name="api-key-revoke"),
]
