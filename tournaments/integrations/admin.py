"""The admin of webhooks and their deliveries."""

from django.contrib import admin
from django.http import HttpRequest

from tournaments.integrations.models import Webhook, WebhookDelivery


@admin.register(Webhook)
class WebhookAdmin(admin.ModelAdmin):
    list_display = ["url", "organisation", "failing", "created_at"]
    list_filter = ["failing"]
    readonly_fields = ["organisation", "url", "events", "failing", "created_at"]
    exclude = ["secret"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # subscribed through the API by an owner (services.webhook_subscribe)


@admin.register(WebhookDelivery)
class WebhookDeliveryAdmin(admin.ModelAdmin):
    """Every delivery with the receiver's answer: what was sent, how often, and what came back."""

    list_display = ["event_type", "webhook", "status", "attempts", "response_code", "created_at", "last_tried_at"]
    list_filter = ["status", "event_type"]
    readonly_fields = ["webhook", "event_type", "body", "status", "attempts", "response_code", "response_body",
                       "created_at", "last_tried_at"]  # fmt: skip

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False
