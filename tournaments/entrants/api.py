"""The entrants' API at the organiser's desk: a registered player locked out of logging in is let in again
from the desk's address (the page: the entrants page's "Cannot log in?")."""

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.login_limits import login_address
from config.serializers import StrictSerializer
from tournaments.entrants.services import entrant_login_unlock
from tournaments.models import Event


class LoginUnlockInputSerializer(StrictSerializer):
    handle = serializers.CharField(max_length=40, help_text="The handle of a player registered in the event.")


class LoginUnlockedSerializer(serializers.Serializer):
    handle = serializers.CharField()
    unlocked = serializers.BooleanField(help_text="Always true: the answer of a refusal is an error.")


class LoginUnlockView(APIView):
    """An organiser of the event lets one of its entrants log in again from the desk's address, after a
    stranger's wrong passwords locked their account (a player with no e-mail for the one-time link): the
    failed guesses from this address are forgotten and this address becomes one of theirs (elsewhere the lock
    holds). The password is still needed. Refused to API keys: a person at the desk does this."""

    permission_classes = [IsAuthenticated]
    person_only = True  # the desk's own address is what is vouched for: never a key's (integrations/key_auth.py)

    @extend_schema(
        request=LoginUnlockInputSerializer,
        responses={200: LoginUnlockedSerializer},
        examples=[OpenApiExample("an entrant", value={"handle": "ines"}, request_only=True)],
    )
    def post(self, request: Request, pk: int) -> Response:
        event = get_object_or_404(Event, pk=pk)
        payload = LoginUnlockInputSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        player = entrant_login_unlock(event=event, by=request.user, handle=payload.validated_data["handle"],
                                      address=login_address(request))  # fmt: skip
        return Response(LoginUnlockedSerializer({"handle": player.handle, "unlocked": True}).data)
