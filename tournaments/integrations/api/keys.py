"""An organisation's API keys, managed by its owners (with their own token or session, never with a key)."""

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import status, viewsets
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments.integrations.api.webhooks import shown_once
from tournaments.integrations.models import ApiKey
from tournaments.integrations.selectors import api_key_of_organisation, api_keys_of
from tournaments.integrations.serializers import ApiKeyInputSerializer, ApiKeySerializer, ApiKeyWithSecretSerializer
from tournaments.integrations.services.api_keys import api_key_create, api_key_revoke
from tournaments.models import Organisation


class ApiKeyViewSet(viewsets.GenericViewSet):
    owners_only = True  # refused to an organisation's API key, reading included (integrations/key_auth.py)
    serializer_class = ApiKeySerializer
    queryset = ApiKey.objects.none()  # read through the selectors, as the owner asking

    @extend_schema(responses={200: ApiKeySerializer(many=True)})
    def list(self, request: Request, slug: str) -> Response:
        """The organisation's keys, revoked ones included (owners)."""
        organisation = get_object_or_404(Organisation, slug=slug)
        page = self.paginate_queryset(api_keys_of(organisation=organisation, by=request.user))
        return self.get_paginated_response(ApiKeySerializer(page, many=True).data)

    @extend_schema(request=ApiKeyInputSerializer, responses={201: ApiKeyWithSecretSerializer})
    def create(self, request: Request, slug: str) -> Response:
        """A named key with scopes (`read`, `events:write`, `results:write`); the key is shown this once."""
        payload = ApiKeyInputSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        organisation = get_object_or_404(Organisation, slug=slug)
        key, text = api_key_create(organisation=organisation, by=request.user, **payload.validated_data)
        answer = Response(ApiKeyWithSecretSerializer(key).data | {"key": text}, status=status.HTTP_201_CREATED)
        return shown_once(answer)

    @extend_schema(request=None, responses={200: ApiKeySerializer})
    def revoke(self, request: Request, slug: str, key_id: int) -> Response:
        """Revoke a key: refused from now on (owners)."""
        organisation = get_object_or_404(Organisation, slug=slug)
        key = api_key_of_organisation(organisation=organisation, key_id=key_id, by=request.user)
        return Response(ApiKeySerializer(api_key_revoke(key=key, by=request.user)).data)
