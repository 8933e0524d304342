"""A club's integrations page routes: webhooks and API keys (config/urls.py includes them)."""

from django.urls import path

from tournaments.integrations import pages as integrations

urlpatterns = [
    path("clubs/<slug:slug>/integrations/", integrations.integrations, name="club-integrations"),
    path("clubs/<slug:slug>/integrations/webhooks/", integrations.webhook_new, name="club-webhook-new"),
    path(
        "clubs/<slug:slug>/integrations/webhooks/<int:webhook_id>/<str:act>/",
        integrations.webhook_act,
        name="club-webhook-act",
    ),
    path(
        "clubs/<slug:slug>/integrations/webhooks/<int:webhook_id>/deliveries/<int:delivery_id>/redeliver/",
        integrations.delivery_redeliver,
        name="club-delivery-redeliver",
    ),
    path("clubs/<slug:slug>/integrations/keys/", integrations.key_new, name="club-key-new"),
    path("clubs/<slug:slug>/integrations/keys/<int:key_id>/revoke/", integrations.key_revoke, name="club-key-revoke"),
    path("account/apps/<int:application_id>/revoke/", integrations.app_revoke_page, name="app-revoke"),
]
