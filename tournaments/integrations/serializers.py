"""Webhooks and their deliveries."""

from rest_framework import serializers

from config.serializers import StrictModelSerializer, StrictSerializer
from tournaments.integrations.models import ApiKey, Webhook, WebhookDelivery
from tournaments.serializers.fields import StringListField


class WebhookInputSerializer(StrictSerializer):
    url = serializers.URLField(max_length=500)
    events = serializers.ListField(child=serializers.ChoiceField(choices=Webhook.EVENTS), min_length=1)


class WebhookSerializer(StrictModelSerializer):
    events = StringListField(required=False, help_text="The kinds delivered (docs/webhooks.md): round.seated, ...")
    previous_secret_until = serializers.DateTimeField(
        read_only=True, allow_null=True, help_text="Until then deliveries also carry a signature by the old secret."
    )

    class Meta:
        model = Webhook
        fields = ["id", "url", "events", "failing", "created_at", "previous_secret_until"]


class WebhookWithSecretSerializer(WebhookSerializer):
    """A subscription as created or rotated: its secret, shown this once."""

    secret = serializers.CharField(read_only=True)

    class Meta(WebhookSerializer.Meta):
        fields = [*WebhookSerializer.Meta.fields, "secret"]


class WebhookDeliverySerializer(StrictModelSerializer):
    class Meta:
        model = WebhookDelivery
        fields = [
            "id", "event_type", "status", "attempts", "response_code", "response_body", "seconds",
            "created_at", "last_tried_at", "next_attempt_at",
        ]  # fmt: skip


class ApiKeyInputSerializer(StrictSerializer):
    name = serializers.CharField(max_length=80)
    scopes = serializers.ListField(child=serializers.ChoiceField(choices=ApiKey.SCOPES), min_length=1)


class ApiKeySerializer(StrictModelSerializer):
    prefix = serializers.SerializerMethodField(help_text="The key's public start, to tell keys apart.")
    scopes = StringListField(required=False, help_text="What the key may do: read, results:write, ...")

    class Meta:
        model = ApiKey
        fields = ["id", "name", "prefix", "scopes", "created_at", "last_used_at", "revoked_at"]

    def get_prefix(self, key: ApiKey) -> str:
        return f"bk_{key.prefix}"


class ApiKeyWithSecretSerializer(ApiKeySerializer):
    """A key as made: the whole key, shown this once."""

    key = serializers.CharField(read_only=True, help_text="Send it as `Authorization: Bearer <key>`.")

    class Meta(ApiKeySerializer.Meta):
        fields = [*ApiKeySerializer.Meta.fields, "key"]
