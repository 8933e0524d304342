"""The event API: sign-up, events, registrations and rounds."""

from typing import Any

from django.shortcuts import get_object_or_404
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy
from django_filters.rest_framework import DjangoFilterBackend
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.parsers import JSONParser, MultiPartParser
from rest_framework.renderers import BrowsableAPIRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response

from config.errors import DomainError, NotAllowed
from config.paging import ApiPages, ChangesCursor, many, paged
from config.renderers import CSVRenderer
from config.throttling import ApiThrottle, EventCreateThrottle
from tournaments.archive.services import event_import
from tournaments.catalogue.services import event_edition_reverify
from tournaments.entrants.services import entrants_import, guest_create
from tournaments.integrations.models import ApiKey
from tournaments.live.services import room_message_send
from tournaments.models import Player, Round
from tournaments.results.models import ResultChange
from tournaments.results.services.closing import event_close
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
from tournaments.selectors.players import plays_from_round
from tournaments.serializers.events import (
    ChangesQuery,
    EntrantOutcomeSerializer,
    EntrantsInputSerializer,
    EventChangeSerializer,
    EventInputSerializer,
    EventSerializer,
    EventUpdateSerializer,
    OrganiserInputSerializer,
    RoomMessageInputSerializer,
    RoomMessageSerializer,
    RoundSerializer,
    RoundsPlannedSerializer,
    StandingSerializer,
)
from tournaments.serializers.organisations import DecisionSerializer, ReasonSerializer
from tournaments.serializers.players import (
    GuestInputSerializer,
    GuestSerializer,
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
from tournaments.stewarding.selectors import event_decisions
from tournaments.stewarding.services import event_sanction, event_unsanction, result_change_decide

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

    @extend_schema(request=OpenApiTypes.OBJECT, responses={201: EventSerializer})
    @action(detail=False, methods=["post"], url_path="import")
    def import_archive(self, request: Request) -> Response:
        """Rebuild a finished event from its archive (docs/archive.md): every table is verified again, and a
        refusal names the table, the seat and the problem codes (400 `archive_refused`)."""
        event = event_import(archive=request.data, by=request.user)
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

    @extend_schema(request=ReasonSerializer, responses={200: EventSerializer})
    @action(detail=True, methods=["post"])
    def sanction(self, request: Request, pk: str) -> Response:
        """Sanction the event: its tables go into the rating pool (stewards of its game; before it starts or
        once it finished; a finished event's tables are rated in their own time slots)."""
        payload = ReasonSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        event = event_sanction(event=self.get_object(), by=request.user, **payload.validated_data)
        return Response(EventSerializer(event).data)

    @extend_schema(responses={200: DecisionSerializer(many=True)})
    @action(detail=True, methods=["get"], url_path="decisions", pagination_class=ApiPages, filter_backends=[])
    def decisions(self, request: Request, pk: str) -> Response:
        """The stewards' word on the event, oldest first: sanction decisions and changes of its results after
        the sanction (who, when, why, the places before and after, and what was decided)."""
        return paged(request, event_decisions(event=self.get_object()), many(DecisionSerializer), self)

    @extend_schema(request=ReasonSerializer, responses={200: DecisionSerializer})
    @action(detail=True, methods=["post"], url_path=r"result-changes/(?P<change_id>\d+)/(?P<decision>accept|refuse)")
    def result_change(self, request: Request, pk: str, change_id: str, decision: str) -> Response:
        """A steward accepts a change of the sanctioned results (the pool rates them as they are now) or
        refuses it (the pool keeps the results it held), with a reason."""
        payload = ReasonSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        change = get_object_or_404(ResultChange, pk=int(change_id), event_id=self.get_object().pk)
        result_change_decide(change=change, accept=decision == "accept", by=request.user,
                                      **payload.validated_data)  # fmt: skip
        decided = next(d for d in event_decisions(event=change.event) if d.get("id") == change.pk)
        return Response(DecisionSerializer(decided).data)

    @extend_schema(request=ReasonSerializer, responses={200: EventSerializer})
    @action(detail=True, methods=["post"])
    def unsanction(self, request: Request, pk: str) -> Response:
        """Refuse a waiting event or revoke a sanction: its tables leave the rating pool (stewards)."""
        payload = ReasonSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        event = event_unsanction(event=self.get_object(), by=request.user, **payload.validated_data)
        return Response(EventSerializer(event).data)

    @extend_schema(methods=["get"], responses=RoomMessageSerializer(many=True))
    @extend_schema(methods=["post"], request=RoomMessageInputSerializer, responses={201: RoomMessageSerializer})
    @action(detail=True, methods=["get", "post"], pagination_class=ApiPages, filter_backends=[])
    def messages(self, request: Request, pk: str) -> Response:
        """The organisers' word to the room (organisers): POST sends it to everyone registered, one table of
        the round at hand or the waitlist, each recipient's own stream carrying it (`your.message`); at most
        10 every ten minutes (409 `too_many_messages`). GET lists what was sent, newest first."""
        event = self.get_object()
        require_organiser(user=request.user, event=event)
        if request.method == "GET":
            return paged(request, event.room_messages.all(), many(RoomMessageSerializer), self)
        payload = RoomMessageInputSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        message = room_message_send(event=event, by=request.user, **payload.validated_data)
        return Response(RoomMessageSerializer(message).data, status=status.HTTP_201_CREATED)

    @extend_schema(
        request=None, responses={202: inline_serializer("TablesQueued", {"tables": serializers.IntegerField()})}
    )
    @action(detail=True, methods=["post"])
    def reverify(self, request: Request, pk: str) -> Response:
        """Verify again with the game's edition of now an event scored with practice data, which adopting the
        printed edition kept as played (organisers): `tables` queued; a table the printed cards reject goes
        back to its players. 409 `not_kept` for an event verified with the game's edition already."""
        return Response({"tables": event_edition_reverify(event=self.get_object(), by=request.user)}, status=202)

    @extend_schema(request=None, responses={200: EventSerializer})
    @action(detail=True, methods=["post"])
    def close(self, request: Request, pk: str) -> Response:
        """Close the event and publish its results from the rounds played (organisers): after its last round,
        or early after any finished round (a round seated but not started is cancelled); 409 `rounds_to_play`
        while a round is being played."""
        return Response(EventSerializer(event_close(event=self.get_object(), by=request.user)).data)

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
