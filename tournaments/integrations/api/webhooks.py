"""An organisation's webhooks, managed by its owners: list, subscribe, read, delete, rotate the secret, ping,
enable a paused one, the deliveries' log and a redelivery (docs/webhooks.md)."""

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import status, viewsets
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments.integrations.models import Webhook
from tournaments.integrations.selectors import webhook_deliveries, webhook_delivery_of, webhook_of, webhooks_of
from tournaments.integrations.serializers import (
    WebhookDeliverySerializer,
    WebhookInputSerializer,
    WebhookSerializer,
    WebhookWithSecretSerializer,
)
from tournaments.integrations.services.subscriptions import (
    webhook_delete,
    webhook_enable,
    webhook_ping,
    webhook_redeliver,
    webhook_rotate_secret,
    webhook_subscribe,
)
from tournaments.models import Organisation


def shown_once(response: Response) -> Response:
    """An answer holding a secret: kept by no cache, and never replayed to a repeated request."""
    response["Cache-Control"] = "no-store"
    return response


class WebhookViewSet(viewsets.GenericViewSet):
    owners_only = True  # refused to an organisation's API key, reading included (integrations/key_auth.py)
    serializer_class = WebhookSerializer
    queryset = Webhook.objects.none()  # each action reads through the selectors, as the owner asking

    def _hook(self, request: Request, slug: str, webhook_id: int) -> Webhook:
        organisation = get_object_or_404(Organisation, slug=slug)
        return webhook_of(organisation=organisation, webhook_id=webhook_id, by=request.user)

    @extend_schema(responses={200: WebhookSerializer(many=True)})
    def list(self, request: Request, slug: str) -> Response:
        """The organisation's subscriptions (owners), `failing` ones paused."""
        organisation = get_object_or_404(Organisation, slug=slug)
        hooks = self.paginate_queryset(webhooks_of(organisation=organisation, by=request.user))
        return self.get_paginated_response(WebhookSerializer(hooks, many=True).data)

    @extend_schema(request=WebhookInputSerializer, responses={201: WebhookWithSecretSerializer})
    def create(self, request: Request, slug: str) -> Response:
        """Subscribe a URL to some of the organisation's events (owners); the signing secret is shown once."""
        payload = WebhookInputSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        organisation = get_object_or_404(Organisation, slug=slug)
        hook = webhook_subscribe(organisation=organisation, by=request.user, **payload.validated_data)
        return shown_once(Response(WebhookWithSecretSerializer(hook).data, status=status.HTTP_201_CREATED))

    @extend_schema(responses={200: WebhookSerializer})
    def retrieve(self, request: Request, slug: str, webhook_id: int) -> Response:
        return Response(WebhookSerializer(self._hook(request, slug, webhook_id)).data)

    @extend_schema(responses={204: None})
    def destroy(self, request: Request, slug: str, webhook_id: int) -> Response:
        webhook_delete(hook=self._hook(request, slug, webhook_id), by=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(request=None, responses={200: WebhookWithSecretSerializer})
    def rotate_secret(self, request: Request, slug: str, webhook_id: int) -> Response:
        """A new secret, shown once; for 24 hours deliveries are signed with the old one too."""
        hook = webhook_rotate_secret(hook=self._hook(request, slug, webhook_id), by=request.user)
        return shown_once(Response(WebhookWithSecretSerializer(hook).data))

    @extend_schema(request=None, responses={200: WebhookSerializer})
    def enable(self, request: Request, slug: str, webhook_id: int) -> Response:
        """A paused (`failing`) subscription gets deliveries again."""
        hook = webhook_enable(hook=self._hook(request, slug, webhook_id), by=request.user)
        return Response(WebhookSerializer(hook).data)

    @extend_schema(request=None, responses={200: WebhookDeliverySerializer})
    def ping(self, request: Request, slug: str, webhook_id: int) -> Response:
        """Send a `ping` now, once, and answer how the receiver answered (within the delivery deadline)."""
        delivery = webhook_ping(hook=self._hook(request, slug, webhook_id), by=request.user)
        return Response(WebhookDeliverySerializer(delivery).data)

    @extend_schema(responses={200: WebhookDeliverySerializer(many=True)})
    def deliveries(self, request: Request, slug: str, webhook_id: int) -> Response:
        """Every delivery, newest first: its status, attempts, the receiver's answer code and time."""
        page = self.paginate_queryset(webhook_deliveries(hook=self._hook(request, slug, webhook_id)))
        return self.get_paginated_response(WebhookDeliverySerializer(page, many=True).data)

    @extend_schema(request=None, responses={202: WebhookDeliverySerializer})
    def redeliver(self, request: Request, slug: str, webhook_id: int, delivery_id: int) -> Response:
        """Send a delivery again from its first attempt (the same `Webhook-Id`)."""
        hook = self._hook(request, slug, webhook_id)
        delivery = webhook_delivery_of(hook=hook, delivery_id=delivery_id)
        delivery = webhook_redeliver(delivery=delivery, by=request.user)
        return Response(WebhookDeliverySerializer(delivery).data, status=status.HTTP_202_ACCEPTED)
