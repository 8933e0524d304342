"""The event API: thin views that validate input, call one service or selector, and serialise."""

from typing import Any

from django.shortcuts import get_object_or_404
from django_filters.rest_framework import DjangoFilterBackend
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.renderers import BrowsableAPIRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.renderers import CSVRenderer
from config.throttling import EventCreateThrottle, SignupThrottle, SubmissionThrottle
from tournaments import selectors, services
from tournaments.models import Player, Registration, Round, Seat, TableResult
from tournaments.serializers import (
    EventInputSerializer,
    EventSerializer,
    EventUpdateSerializer,
    MeSerializer,
    OrganiserInputSerializer,
    OverrideInputSerializer,
    PadDraftSerializer,
    PlayerSignupResultSerializer,
    PlayerSignupSerializer,
    RegistrationInputSerializer,
    RegistrationSerializer,
    RoundSerializer,
    ScoreSheetSerializer,
    SeatSwapInputSerializer,
    SheetInputSerializer,
    StandingSerializer,
    SubmittedSheetSerializer,
    TableResultSerializer,
    TableSerializer,
    TableSheetsInputSerializer,
)

ERROR = OpenApiResponse(description="A domain error: {code, detail, field}.")
ERRORS = {400: ERROR, 401: ERROR, 403: ERROR, 404: ERROR, 409: ERROR}


class PlayerViewSet(viewsets.GenericViewSet):
    permission_classes = [AllowAny]
    throttle_classes = [SignupThrottle]
    serializer_class = PlayerSignupSerializer  # also what OPTIONS describes

    @extend_schema(request=PlayerSignupSerializer, responses={201: PlayerSignupResultSerializer, **ERRORS})
    def create(self, request: Request) -> Response:
        """Sign up: an account, a unique handle and an API token."""
        payload = PlayerSignupSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        player, token = services.player_signup(**payload.validated_data)
        return Response({"handle": player.handle, "token": token}, status=status.HTTP_201_CREATED)


class EventViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    serializer_class = EventSerializer
    filter_backends = [DjangoFilterBackend]
    filterset_fields = ["game", "status"]

    def get_queryset(self):  # type: ignore[no-untyped-def]
        return selectors.event_list(with_organisers=self.action in ("list", "retrieve"))

    def get_throttles(self):  # type: ignore[no-untyped-def]
        return [EventCreateThrottle()] if self.action == "create" else super().get_throttles()

    @extend_schema(request=EventInputSerializer, responses={201: EventSerializer, **ERRORS})
    def create(self, request: Request) -> Response:
        """Create an event in draft; you become its organiser."""
        payload = EventInputSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        event = services.event_create(organiser=request.user, **payload.validated_data)
        return Response(EventSerializer(event).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=EventUpdateSerializer, responses={200: EventSerializer, **ERRORS})
    def partial_update(self, request: Request, pk: str) -> Response:
        """Change a draft event (organisers)."""
        payload = EventUpdateSerializer(data=request.data, partial=True)
        payload.is_valid(raise_exception=True)
        event = services.event_update(event=self.get_object(), by=request.user, **payload.validated_data)
        return Response(EventSerializer(event).data)

    @extend_schema(responses={204: None, **ERRORS})
    def destroy(self, request: Request, pk: str) -> Response:
        """Delete a draft event (organisers)."""
        services.event_delete(event=self.get_object(), by=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(request=OrganiserInputSerializer, responses={200: EventSerializer, **ERRORS})
    @action(detail=True, methods=["post"])
    def organisers(self, request: Request, pk: str) -> Response:
        """Add a co-organiser by handle (organisers)."""
        payload = OrganiserInputSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        player = get_object_or_404(Player, handle=payload.validated_data["player"])
        return Response(
            EventSerializer(services.event_organiser_add(event=self.get_object(), by=request.user, player=player)).data
        )

    @extend_schema(request=None, responses={200: EventSerializer, **ERRORS})
    @action(detail=True, methods=["delete"], url_path=r"organisers/(?P<handle>[^/]+)")
    def organiser_remove(self, request: Request, pk: str, handle: str) -> Response:
        """Remove a co-organiser (organisers; the last one stays)."""
        player = get_object_or_404(Player, handle=handle)
        event = services.event_organiser_remove(event=self.get_object(), by=request.user, player=player)
        return Response(EventSerializer(event).data)

    @extend_schema(request=None, responses={200: EventSerializer, **ERRORS})
    @action(detail=True, methods=["post"], url_path="open-registration")
    def open_registration(self, request: Request, pk: str) -> Response:
        return Response(
            EventSerializer(services.event_open_registration(event=self.get_object(), by=request.user)).data
        )

    @extend_schema(request=None, responses={200: RegistrationSerializer(many=True), **ERRORS})
    @action(detail=True, methods=["post"], url_path="close-check-in", pagination_class=None)
    def close_check_in(self, request: Request, pk: str) -> Response:
        """Registered players who did not check in become no-shows; the waitlist fills their places in order.
        Returns the no-shows. Starting the event does this too."""
        absent = services.event_close_check_in(event=self.get_object(), by=request.user)
        return Response(RegistrationSerializer(absent, many=True).data)

    @extend_schema(request=None, responses={201: RoundSerializer, **ERRORS})
    @action(detail=True, methods=["post"])
    def start(self, request: Request, pk: str) -> Response:
        """Close registration and seat round 1 (random, from the event's seed) with the checked-in players."""
        round_ = services.event_start(event=self.get_object(), by=request.user)
        return Response(RoundSerializer(selectors.event_rounds(event=round_.event).get(pk=round_.pk)).data, status=201)

    @extend_schema(request=None, responses={201: RoundSerializer, **ERRORS})
    @action(detail=True, methods=["post"], url_path="next-round")
    def next_round(self, request: Request, pk: str) -> Response:
        """Seat the next round Swiss-style (the last round must be finished)."""
        round_ = services.round_seat_next(event=self.get_object(), by=request.user)
        return Response(RoundSerializer(selectors.event_rounds(event=round_.event).get(pk=round_.pk)).data, status=201)

    @extend_schema(methods=["get"], responses=RegistrationSerializer(many=True))
    @extend_schema(
        methods=["post"], request=RegistrationInputSerializer, responses={201: RegistrationSerializer, **ERRORS}
    )
    @action(detail=True, methods=["get", "post"], pagination_class=None)
    def registrations(self, request: Request, pk: str) -> Response:
        """List registrations with waitlist positions, or register (yourself, or a player as organiser)."""
        event = self.get_object()
        if request.method == "GET":
            return Response(RegistrationSerializer(selectors.event_registrations(event=event), many=True).data)
        payload = RegistrationInputSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        player = self._registering_player(request, event, payload.validated_data.get("player"))
        registration = services.registration_create(event=event, player=player)
        registration.waitlist_position = selectors.waitlist_position(registration=registration)  # type: ignore[attr-defined]
        return Response(RegistrationSerializer(registration).data, status=status.HTTP_201_CREATED)

    def _registering_player(self, request: Request, event: Any, handle: str | None) -> Player:
        if handle is None:
            return get_object_or_404(Player, user=request.user)
        selectors.require_organiser(user=request.user, event=event)
        return get_object_or_404(Player, handle=handle)

    @extend_schema(responses=RoundSerializer(many=True))
    @action(detail=True, methods=["get"], pagination_class=None)
    def rounds(self, request: Request, pk: str) -> Response:
        return Response(RoundSerializer(selectors.event_rounds(event=self.get_object()), many=True).data)

    @extend_schema(
        responses={(200, "application/json"): StandingSerializer(many=True), (200, "text/csv"): OpenApiTypes.STR}
    )
    @action(
        detail=True,
        methods=["get"],
        renderer_classes=[JSONRenderer, BrowsableAPIRenderer, CSVRenderer],
        pagination_class=None,  # the whole table, always; without this the schema promised a paginated object
    )
    def standings(self, request: Request, pk: str, format: str | None = None) -> Response:
        """Standings with every tie-break value; `?format=csv` for a CSV export."""
        rows = [row.to_json() for row in selectors.event_standings(event=self.get_object())]
        return Response(StandingSerializer(rows, many=True).data)


class RegistrationViewSet(mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    queryset = Registration.objects.select_related("event", "player")
    serializer_class = RegistrationSerializer

    def retrieve(self, request: Request, pk: str) -> Response:
        return self._answer(self.get_object())

    def _answer(self, registration: Registration) -> Response:
        registration.waitlist_position = selectors.waitlist_position(registration=registration)  # type: ignore[attr-defined]
        return Response(RegistrationSerializer(registration).data)

    @extend_schema(request=None, responses={200: RegistrationSerializer, **ERRORS})
    @action(detail=True, methods=["post"], url_path="check-in")
    def check_in(self, request: Request, pk: str) -> Response:
        return self._answer(services.registration_check_in(registration=self.get_object(), by=request.user))

    @extend_schema(request=None, responses={200: RegistrationSerializer, **ERRORS})
    @action(detail=True, methods=["post"])
    def withdraw(self, request: Request, pk: str) -> Response:
        return self._answer(services.registration_withdraw(registration=self.get_object(), by=request.user))

    @extend_schema(request=None, responses={200: RegistrationSerializer, **ERRORS})
    @action(detail=True, methods=["post"])
    def drop(self, request: Request, pk: str) -> Response:
        """Leave a running event; a seat at a table without a final result is forfeited."""
        return self._answer(services.registration_drop(registration=self.get_object(), by=request.user))

    @extend_schema(request=None, responses={200: RegistrationSerializer, **ERRORS})
    @action(detail=True, methods=["post"])
    def reinstate(self, request: Request, pk: str) -> Response:
        """Bring back a dropped player or a no-show (organisers): seated again from the next round."""
        return self._answer(services.registration_reinstate(registration=self.get_object(), by=request.user))


class RoundViewSet(mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    queryset = Round.objects.select_related("event").prefetch_related(
        "tables__seats__player", "tables__result", "tables__round", "byes__player"
    )
    serializer_class = RoundSerializer

    @extend_schema(request=None, responses={200: RoundSerializer, **ERRORS})
    @action(detail=True, methods=["post"])
    def start(self, request: Request, pk: str) -> Response:
        round_ = services.round_start(round_=self.get_object(), by=request.user)
        return Response(RoundSerializer(selectors.event_rounds(event=round_.event).get(pk=round_.pk)).data)


class SeatViewSet(viewsets.GenericViewSet):
    queryset = Seat.objects.select_related("table__round__event", "player")
    serializer_class = ScoreSheetSerializer

    @extend_schema(methods=["get"], responses=ScoreSheetSerializer(many=True))
    @extend_schema(
        methods=["post"],
        request=SheetInputSerializer,
        responses={200: SubmittedSheetSerializer, 202: SubmittedSheetSerializer, **ERRORS},
    )
    @action(detail=True, methods=["get", "post"], throttle_classes=[SubmissionThrottle], pagination_class=None)
    def sheets(self, request: Request, pk: str) -> Response:
        """Every version of the seat's sheet (newest first), or submit a new one (verified once the table is full)."""
        seat = self.get_object()
        if request.method == "GET":
            return Response(ScoreSheetSerializer(selectors.seat_sheets(seat_id=seat.pk), many=True).data)
        payload = SheetInputSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        sheet = services.sheet_submit(seat=seat, data=payload.validated_data["data"], by=request.user)
        return _sheets_answer([sheet], seat.table_id, many=False)

    @extend_schema(request=None, responses={200: TableSerializer, **ERRORS})
    @action(detail=True, methods=["post"])
    def forfeit(self, request: Request, pk: str) -> Response:
        """Forfeit a seat (organisers; a no-show at the table): the table finishes with the others' sheets."""
        seat = services.seat_forfeit(seat=self.get_object(), by=request.user)
        return Response(TableSerializer(selectors.table_list().get(pk=seat.table_id)).data)

    @extend_schema(request=SeatSwapInputSerializer, responses={200: None, **ERRORS})
    @action(detail=False, methods=["post"])
    def swap(self, request: Request) -> Response:
        """Swap two players of a round that has not started."""
        payload = SeatSwapInputSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        a, b = services.seat_swap(**payload.validated_data, by=request.user)
        return Response({"seat_a": a.player.handle, "seat_b": b.player.handle})


def _sheets_answer(sheets: list[Any], table_id: int, *, many: bool) -> Response:
    """The stored sheets as they stand now, with the table's status: 200 when its verdict is already known
    (tasks run in-process, or a fast worker), 202 while it waits for sheets or for its verification."""
    current = selectors.sheets_with_table_status(sheet_ids=[sheet.pk for sheet in sheets], table_id=table_id)
    final = current.table_status in (*TableResult.COUNTS, TableResult.Status.REJECTED)
    data = ScoreSheetSerializer(current.sheets, many=True).data
    for row in data:
        row["table_status"] = current.table_status
    return Response(data if many else data[0], status=status.HTTP_200_OK if final else status.HTTP_202_ACCEPTED)


class TableViewSet(mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    serializer_class = TableSerializer

    def get_queryset(self):  # type: ignore[no-untyped-def]
        return (
            selectors.table_for_sheets() if self.action in ("sheets", "pad", "pad_contest") else selectors.table_list()
        )

    @extend_schema(
        request=TableSheetsInputSerializer,
        responses={200: SubmittedSheetSerializer(many=True), 202: SubmittedSheetSerializer(many=True), **ERRORS},
    )
    @action(detail=True, methods=["post"], throttle_classes=[SubmissionThrottle])
    def sheets(self, request: Request, pk: str) -> Response:
        """Submit several seats' sheets at once, the table's score pad (a player at the table or an organiser)."""
        payload = TableSheetsInputSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        table = self.get_object()
        sheets = services.table_sheets_submit(table=table, seats=payload.validated_data["seats"], by=request.user)
        return _sheets_answer(sheets, table.pk, many=True)

    @extend_schema(methods=["get"], responses={200: PadDraftSerializer, **ERRORS})
    @extend_schema(methods=["put"], request=PadDraftSerializer, responses={200: PadDraftSerializer, **ERRORS})
    @action(detail=True, methods=["get", "put"], throttle_classes=[SubmissionThrottle])
    def pad(self, request: Request, pk: str) -> Response:
        """The table's score pad draft (players at the table, organisers): GET it, or PUT {data, version}
        with the version last read; an older version is refused with 409 `draft_conflict`."""
        table = self.get_object()
        if request.method == "GET":
            draft = selectors.pad_draft(table=table, user=request.user)
            return Response(PadDraftSerializer(draft).data)
        payload = PadDraftSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        draft = services.pad_draft_save(table=table, by=request.user, **payload.validated_data)
        return Response(PadDraftSerializer(draft).data)

    @extend_schema(methods=["post"], request=OverrideInputSerializer, responses={200: PadDraftSerializer, **ERRORS})
    @extend_schema(methods=["delete"], request=None, responses={200: PadDraftSerializer, **ERRORS})
    @action(detail=True, methods=["post", "delete"], url_path="pad/contest")
    def pad_contest(self, request: Request, pk: str) -> Response:
        """A player contests the pad's entry of their own seat, with a reason (POST), or withdraws it (DELETE)."""
        table = self.get_object()
        if request.method == "DELETE":
            return Response(PadDraftSerializer(services.pad_contest_withdraw(table=table, by=request.user)).data)
        payload = OverrideInputSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        draft = services.pad_contest(table=table, by=request.user, reason=payload.validated_data["reason"])
        return Response(PadDraftSerializer(draft).data)

    @extend_schema(request=OverrideInputSerializer, responses={200: TableResultSerializer, **ERRORS})
    @action(detail=True, methods=["post"])
    def override(self, request: Request, pk: str) -> Response:
        """Accept the table's result as it stands, with a reason (organisers)."""
        payload = OverrideInputSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        result = services.table_override(
            table=self.get_object(), reason=payload.validated_data["reason"], by=request.user
        )
        return Response(TableResultSerializer(result).data)

    @extend_schema(request=None, responses={202: TableResultSerializer, **ERRORS})
    @action(detail=True, methods=["post"])
    def reverify(self, request: Request, pk: str) -> Response:
        result = services.table_reverify(table=self.get_object(), by=request.user)
        return Response(TableResultSerializer(result).data, status=status.HTTP_202_ACCEPTED)


class MeView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: MeSerializer, **ERRORS})
    def get(self, request: Request) -> Response:
        """Your handle, your registrations and your seat in the round that is on."""
        return Response(MeSerializer(selectors.player_overview(user=request.user)).data)


class ApiRootView(APIView):
    """Every route of the API: lists by their address, single objects and actions as templates."""

    permission_classes = [AllowAny]

    @extend_schema(responses={200: OpenApiTypes.OBJECT})
    def get(self, request: Request) -> Response:
        base = request.build_absolute_uri("/api/")
        return Response({name: base + route for name, route in API_ROUTES})


API_ROUTES = [
    ("games", "games/"), ("score-preview", "games/{game}/score/"), ("editions", "editions/"),
    ("sheet-checks", "sheet-checks/"),
    ("sign-up", "players/"), ("token", "auth/token/"), ("token-rotate", "auth/token/rotate/"), ("me", "me/"),
    ("events", "events/"), ("event", "events/{id}/"), ("event-open-registration", "events/{id}/open-registration/"),
    ("event-registrations", "events/{id}/registrations/"), ("event-start", "events/{id}/start/"),
    ("event-next-round", "events/{id}/next-round/"), ("event-rounds", "events/{id}/rounds/"),
    ("event-standings", "events/{id}/standings/"), ("event-organisers", "events/{id}/organisers/"),
    ("event-organiser", "events/{id}/organisers/{handle}/"),
    ("registration", "registrations/{id}/"), ("registration-check-in", "registrations/{id}/check-in/"),
    ("registration-withdraw", "registrations/{id}/withdraw/"), ("registration-drop", "registrations/{id}/drop/"),
    ("round", "rounds/{id}/"), ("round-start", "rounds/{id}/start/"),
    ("seat-sheets", "seats/{id}/sheets/"), ("seat-swap", "seats/swap/"),
    ("table", "tables/{id}/"), ("table-sheets", "tables/{id}/sheets/"), ("table-override", "tables/{id}/override/"),
    ("table-reverify", "tables/{id}/reverify/"), ("table-pad", "tables/{id}/pad/"),
    ("rating-pools", "ratings/pools/"), ("rating-pool", "ratings/pools/{game}/"),
    ("leaderboard", "ratings/pools/{game}/leaderboard/"), ("player-rating", "ratings/pools/{game}/players/{user_id}/"),
    ("schema", "schema/"), ("docs", "docs/"),
]  # fmt: skip
