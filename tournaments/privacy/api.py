"""A player's rights over the API: what the service holds about them (`GET /api/me/export/`) and their
account erased (`POST /api/me/erase/`); /privacy/ says what and why."""

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.serializers import StrictSerializer
from config.throttling import ApiThrottle, EraseThrottle
from tournaments.privacy.selectors import person_export
from tournaments.privacy.services import account_erase


class MyDataView(APIView):
    permission_classes = [IsAuthenticated]
    person_only = True  # refused to an organisation's API key (tournaments/integrations/key_auth.py)

    @extend_schema(responses={200: OpenApiTypes.OBJECT})
    def get(self, request: Request) -> Response:
        """Everything the service holds about you, as JSON (your right of access; /privacy/ says what and why)."""
        answer = Response(person_export(user=request.user))
        answer["Content-Disposition"] = 'attachment; filename="my-boomerang-data.json"'
        answer["Cache-Control"] = "no-store"
        return answer


class EraseInputSerializer(StrictSerializer):
    password = serializers.CharField(help_text="Your password: erasing cannot be undone.")


class ErasedSerializer(StrictSerializer):
    handle = serializers.CharField(help_text="The pseudonym your results now carry.")


class EraseView(APIView):
    permission_classes = [IsAuthenticated]
    person_only = True  # refused to an organisation's API key (tournaments/integrations/key_auth.py)
    throttle_classes = [ApiThrottle, EraseThrottle]  # a password check: guesses are few

    @extend_schema(request=EraseInputSerializer, responses={200: ErasedSerializer})
    def post(self, request: Request) -> Response:
        """Erase your account: what identifies you goes, your results stay under a pseudonym (/privacy/)."""
        payload = EraseInputSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        pseudonym = account_erase(user=request.user, password=payload.validated_data["password"])
        return Response(ErasedSerializer({"handle": pseudonym}).data)
