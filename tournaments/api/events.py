"""The event API: sign-up, events, registrations and rounds."""

from typing import Any

from django.shortcuts import get_object_or_404
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy
from django_filters.rest_framework import DjangoFilterBackend
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.renderers import BrowsableAPIRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response

from config.errors import DomainError, NotAllowed
from config.paging import ApiPages, ChangesCursor, many, paged
from config.renderers import CSVRenderer
from config.throttling import ApiThrottle, EventCreateThrottle
from tournaments.integrations.models import ApiKey
from tournaments.models import Player, Round
from tournaments.selectors.events import (
    division_standings,
    event_list,
    event_registrations,
    event_rounds,
    event_standings,
    events_changed,
    first_phase_standings,
    registrations_under_review,
    waitlist_position,
)
from tournaments.selectors.permissions import require_organiser
from tournaments.serializers.events import (
    ChangesQuery,
    EventChangeSerializer,
    EventInputSerializer,
    EventSerializer,
    EventUpdateSerializer,
    OrganiserInputSerializer,
    RoundSerializer,
    RoundsPlannedSerializer,
    StandingSerializer,
)
from tournaments.serializers.registrations import RegistrationInputSerializer, RegistrationSerializer, ReviewSerializer
from tournaments.services.attendance import event_close_check_in
from tournaments.services.events import (
    event_create,
    event_delete,
    event_open_registration,
    event_organiser_add,
    event_organiser_remove,
    event_rounds_plan,
    event_update,
)
from tournaments.services.registrations import registration_create
from tournaments.services.rounds import event_start, round_seat_next, round_start

DIVISION = OpenApiParameter(
    "division",
    str,
    required=False,
    description="An event with divisions: one division's standings (its name), its players ranked among them.",
)
PHASE = OpenApiParameter(
    "phase", int, enum=[1], required=False,
    description="1: an event with a cut, the standings of its first phase (rounds up to the cut). Left out: the "
    "event's standings, the qualified first.",
)  # fmt: skip


class EventViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    serializer_class = EventSerializer
    filter_backends = [DjangoFilterBackend]
    filterset_fields = ["game", "status"]

    def get_queryset(self):  # type: ignore[no-untyped-def]
        return event_list(with_organisers=self.action in ("list", "retrieve"))

    def get_throttles(self):  # type: ignore[no-untyped-def]
        return [ApiThrottle(), EventCreateThrottle()] if self.action == "create" else super().get_throttles()

    @extend_schema(parameters=[ChangesQuery], responses={200: EventChangeSerializer(many=True)})
    @action(detail=False, methods=["get"], pagination_class=ChangesCursor, filter_backends=[])
    def changes(self, request: Request) -> Response:
        """Events changed since `updated_since`, oldest change first, by cursor: what a bot syncs from."""
        query = ChangesQuery(data=request.query_params)
        query.is_valid(raise_exception=True)
        page = self.paginate_queryset(events_changed(since=query.validated_data.get("updated_since")))
        return self.get_paginated_response(EventChangeSerializer(page, many=True).data)

    @extend_schema(request=EventInputSerializer, responses={201: EventSerializer})
    def create(self, request: Request) -> Response:
        """Create an event in draft; you become its organiser."""
        payload = EventInputSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        event = event_create(organiser=request.user, **payload.validated_data)
        return Response(EventSerializer(event).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=EventUpdateSerializer, responses={200: EventSerializer})
    def partial_update(self, request: Request, pk: str) -> Response:
        """Change a draft event (organisers)."""
        payload = EventUpdateSerializer(data=request.data, partial=True)
        payload.is_valid(raise_exception=True)
        event = event_update(event=self.get_object(), by=request.user, **payload.validated_data)
        return Response(EventSerializer(event).data)

    @extend_schema(responses={204: None})
    def destroy(self, request: Request, pk: str) -> Response:
        """Delete a draft event (organisers)."""
        event_delete(event=self.get_object(), by=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(request=OrganiserInputSerializer, responses={200: EventSerializer})
    @action(detail=True, methods=["post"])
    def organisers(self, request: Request, pk: str) -> Response:
        """Add a co-organiser by handle (organisers)."""
        payload = OrganiserInputSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        player = get_object_or_404(Player, handle=payload.validated_data["player"])
        return Response(
            EventSerializer(event_organiser_add(event=self.get_object(), by=request.user, player=player)).data
        )

    @extend_schema(request=None, responses={200: EventSerializer})
    @action(detail=True, methods=["delete"], url_path=r"organisers/(?P<handle>[^/]+)")
    def organiser_remove(self, request: Request, pk: str, handle: str) -> Response:
        """Remove a co-organiser (organisers; the last one stays)."""
        player = get_object_or_404(Player, handle=handle)
        event = event_organiser_remove(event=self.get_object(), by=request.user, player=player)
        return Response(EventSerializer(event).data)

    @extend_schema(request=None, responses={200: EventSerializer})
    @action(detail=True, methods=["post"], url_path="open-registration")
    def open_registration(self, request: Request, pk: str) -> Response:
        return Response(EventSerializer(event_open_registration(event=self.get_object(), by=request.user)).data)

    @extend_schema(request=None, responses={200: RegistrationSerializer(many=True)})
    @action(detail=True, methods=["post"], url_path="close-check-in", pagination_class=None)
    def close_check_in(self, request: Request, pk: str) -> Response:
        """Registered players who did not check in become no-shows; the waitlist fills their places in order.
        Returns the no-shows. Starting the event does this too."""
        absent = event_close_check_in(event=self.get_object(), by=request.user)
        return Response(RegistrationSerializer(absent, many=True).data)

    @extend_schema(request=None, responses={201: RoundSerializer})
    @action(detail=True, methods=["post"])
    def start(self, request: Request, pk: str) -> Response:
        """Close registration and seat round 1 (random, from the event's seed) with the checked-in players."""
        round_ = event_start(event=self.get_object(), by=request.user)
        return Response(RoundSerializer(event_rounds(event=round_.event).get(pk=round_.pk)).data, status=201)

    @extend_schema(request=None, responses={201: RoundSerializer})
    @action(detail=True, methods=["post"], url_path="next-round")
    def next_round(self, request: Request, pk: str) -> Response:
        """Seat the next round Swiss-style (the last round must be finished)."""
        round_ = round_seat_next(event=self.get_object(), by=request.user)
        return Response(RoundSerializer(event_rounds(event=round_.event).get(pk=round_.pk)).data, status=201)

    @extend_schema(request=RoundsPlannedSerializer, responses={200: EventSerializer})
    @action(detail=True, methods=["post"], url_path="rounds-planned")
    def rounds_planned(self, request: Request, pk: str) -> Response:
        """Add or remove planned rounds while the event takes registrations or runs (organisers): never fewer
        than the rounds seated."""
        payload = RoundsPlannedSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        event = event_rounds_plan(event=self.get_object(), by=request.user, **payload.validated_data)
        return Response(EventSerializer(event).data)

    @extend_schema(methods=["get"], responses=RegistrationSerializer(many=True))
    @extend_schema(methods=["post"], request=RegistrationInputSerializer, responses={201: RegistrationSerializer})
    @action(detail=True, methods=["get", "post"], pagination_class=ApiPages, filter_backends=[])
    def registrations(self, request: Request, pk: str) -> Response:
        """List registrations with waitlist positions, or register (yourself, or a player as organiser)."""
        event = self.get_object()
        if request.method == "GET":
            return paged(request, event_registrations(event=event), many(RegistrationSerializer), self)
        payload = RegistrationInputSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        handle = payload.validated_data.get("player")
        player = self._registering_player(request, event, handle)
        registration = registration_create(event=event, player=player, at_the_door=handle is not None,
                                           answers=payload.validated_data.get("answers"))  # fmt: skip
        registration.waitlist_position = waitlist_position(registration=registration)  # type: ignore[attr-defined]
        return Response(RegistrationSerializer(registration).data, status=status.HTTP_201_CREATED)

    @extend_schema(responses=ReviewSerializer(many=True))
    @action(detail=True, methods=["get"], pagination_class=ApiPages, filter_backends=[])
    def review(self, request: Request, pk: str) -> Response:
        """The registrations awaiting the organisers' review, with their answers (organisers; oldest first):
        approve, ask a change or decline each at `/api/registrations/{id}/...`."""
        event = self.get_object()
        require_organiser(user=request.user, event=event)
        return paged(request, registrations_under_review(event=event), many(ReviewSerializer), self)

    def _registering_player(self, request: Request, event: Any, handle: str | None) -> Player:
        if handle is None and isinstance(request.auth, ApiKey):
            raise NotAllowed("an API key never acts as the person who made it: name the player (`player`)",
                             "key_person", "player")  # fmt: skip
        if handle is None:
            return get_object_or_404(Player, user=request.user)
        require_organiser(user=request.user, event=event)
        return get_object_or_404(Player, handle=handle)

    @extend_schema(responses=RoundSerializer(many=True))
    @action(detail=True, methods=["get"], pagination_class=ApiPages, filter_backends=[])
    def rounds(self, request: Request, pk: str) -> Response:
        return paged(request, event_rounds(event=self.get_object()), many(RoundSerializer), self)

    @extend_schema(
        parameters=[PHASE, DIVISION],
        responses={(200, "application/json"): StandingSerializer(many=True), (200, "text/csv"): OpenApiTypes.STR},
    )
    @action(
        detail=True,
        methods=["get"],
        renderer_classes=[JSONRenderer, BrowsableAPIRenderer, CSVRenderer],
        pagination_class=ApiPages,  # pages of the table; its CSV whole
        filter_backends=[],  # the event's list filters do not apply to its standings
    )
    def standings(self, request: Request, pk: str, format: str | None = None) -> Response:
        """Standings with every tie-break value; `?format=csv` for a CSV export; `?phase=1` an event's first phase."""
        event = self.get_object()
        phase = request.query_params.get("phase")
        if phase not in (None, "1"):
            raise DomainError("phase is 1 (the first phase of an event with a cut), or left out", "invalid_phase",
                              "phase")  # fmt: skip
        found = first_phase_standings(event=event) if phase else event_standings(event=event)
        if (division := request.query_params.get("division")) is not None:
            if division not in {d["name"] for d in event.divisions}:
                names = ", ".join(d["name"] for d in event.divisions) or "none"
                raise DomainError(format_lazy(gettext_lazy("division is one of the event's: {names}"), names=names),
                                  "invalid_division", "division")  # fmt: skip
            found = division_standings(event=event, division=division)
        return paged(request, [row.to_json() for row in found], many(StandingSerializer), self)


class RoundViewSet(mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    queryset = Round.objects.select_related("event").prefetch_related(
        "tables__seats__player", "tables__result", "tables__round", "byes__player"
    )
    serializer_class = RoundSerializer

    @extend_schema(request=None, responses={200: RoundSerializer})
    @action(detail=True, methods=["post"])
    def start(self, request: Request, pk: str) -> Response:
        round_ = round_start(round_=self.get_object(), by=request.user)
        return Response(RoundSerializer(event_rounds(event=round_.event).get(pk=round_.pk)).data)
