"""A finished event rebuilt from its archive over the API (`POST /api/events/import/`, docs/archive.md)."""

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments.app_actions import EventActions
from tournaments.archive.services import event_import
from tournaments.serializers.events import EventSerializer


class EventImportViewSet(EventActions):
    @extend_schema(request=OpenApiTypes.OBJECT, responses={201: EventSerializer})
    @action(detail=False, methods=["post"], url_path="import")
    def import_archive(self, request: Request) -> Response:
        """Rebuild a finished event from its archive (docs/archive.md): every table is verified again, and a
        refusal names the table, the seat and the problem codes (400 `archive_refused`)."""
        event = event_import(archive=request.data, by=request.user)
        return Response(EventSerializer(event).data, status=status.HTTP_201_CREATED)
