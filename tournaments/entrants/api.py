"""The entrants' API at the organiser's desk: the entrants listed or imported, a walk-in entered as a guest,
and a registered player locked out of logging in let in again from the desk's address (the page: the entrants
page's "Cannot log in?")."""

from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import serializers, status
from rest_framework.decorators import action
from rest_framework.parsers import JSONParser, MultiPartParser
from rest_framework.permissions import IsAuthenticated
from rest_framework.renderers import BrowsableAPIRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.login_limits import login_address
from config.paging import ApiPages, many, paged
from config.renderers import CSVRenderer
from config.serializers import StrictSerializer
from tournaments.app_actions import EventActions
from tournaments.entrants.services import entrant_login_unlock, entrants_import, guest_create
from tournaments.models import Event
from tournaments.selectors.permissions import require_organiser
from tournaments.selectors.players import plays_from_round
from tournaments.serializers.events import EntrantOutcomeSerializer, EntrantsInputSerializer
from tournaments.serializers.players import GuestInputSerializer, GuestSerializer
from tournaments.serializers.registrations import ReviewSerializer


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


class EventEntrantsViewSet(EventActions):
    """An event's entrants at the organisers' desk: the list of them with their answers, an import of many
    from a CSV, a walk-in without an account."""

    @extend_schema(methods=["get"], responses={(200, "application/json"): ReviewSerializer(many=True),
                                               (200, "text/csv"): OpenApiTypes.STR})  # fmt: skip
    @extend_schema(
        methods=["post"], request={"multipart/form-data": EntrantsInputSerializer},
        responses={(200, "application/json"): EntrantOutcomeSerializer(many=True)},
    )  # fmt: skip
    @action(detail=True, methods=["get", "post"], pagination_class=ApiPages, filter_backends=[],
            parser_classes=[MultiPartParser, JSONParser],
            renderer_classes=[JSONRenderer, BrowsableAPIRenderer, CSVRenderer])  # fmt: skip
    def entrants(self, request: Request, pk: str, format: str | None = None) -> Response:
        """Every registration with its status and its answers to the event's questions, by pages, `.csv` whole
        with a column an answer (organisers); or import entrants from a CSV (organisers): existing players by
        handle, anyone else as a guest, all or nothing, a refusal naming the line and the column."""
        if request.method == "GET":
            event = self.get_object()
            require_organiser(user=request.user, event=event)
            rows = event.registrations.select_related("player").order_by("created_at", "id")
            return paged(request, rows, many(ReviewSerializer), self)
        payload = EntrantsInputSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        outcomes = entrants_import(event=self.get_object(), by=request.user, text=payload.validated_data["csv"])
        return Response(EntrantOutcomeSerializer(outcomes, many=True).data)

    @extend_schema(request=GuestInputSerializer, responses={201: GuestSerializer})
    @action(detail=True, methods=["post"])
    def guests(self, request: Request, pk: str) -> Response:
        """Enter a walk-in without an account (organisers): a guest player, registered at once and, once check-in
        is open (the event's day: at the door), checked in with it, so the start never marks them absent. A
        running event always takes them (a late arrival, a replacement), whatever its late-entry setting:
        `plays_from_round` says from which round. The answer's claim code lets the person claim the guest's
        results with their own account later."""
        payload = GuestInputSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        data = payload.validated_data
        event = self.get_object()
        guest = guest_create(
            event=event, by=request.user, handle=data["handle"], display_name=data["name"], email=data["email"]
        )
        guest.plays_from_round = plays_from_round(event=event, player=guest)  # type: ignore[attr-defined]
        return Response(GuestSerializer(guest).data, status=status.HTTP_201_CREATED)
