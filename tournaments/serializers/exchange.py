"""Webhooks."""

from rest_framework import serializers

from tournaments.models import (
    Webhook,
)


class WebhookInputSerializer(serializers.Serializer):
    url = serializers.URLField(max_length=500)
    events = serializers.ListField(child=serializers.ChoiceField(choices=Webhook.EVENTS), min_length=1)


class WebhookSerializer(serializers.ModelSerializer):
    class Meta:
        model = Webhook
        fields = ["id", "url", "events", "failing", "created_at"]
