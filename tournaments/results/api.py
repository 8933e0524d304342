"""The table API: a seat's sheet, a whole table's sheets, the score pad's draft, overrides; an event closed
with its results published, a player dropping out of a running event, a guest's results claimed."""

from django.shortcuts import get_object_or_404
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.errors import NotFound
from config.paging import ApiPages, ChangesCursor, many, paged
from config.throttles_together import together
from config.throttling import ApiThrottle, ClaimThrottle, SubmissionThrottle
from ratings.selectors.chances import SAMPLES
from tournaments.app_actions import EventActions, RegistrationActions
from tournaments.models import Event, Player, Seat, TableResult
from tournaments.results.selectors.chances import METHOD, WORTH_EXPLANATION, table_chances, table_place_worth
from tournaments.results.selectors.handicap import HANDICAP_METHOD, event_handicap
from tournaments.results.selectors.recap import stored_recap
from tournaments.results.selectors.sheets import pad_draft, seat_sheets, sheets_with_table_status
from tournaments.results.serializers import (
    EventHandicapSerializer,
    EventRecapSerializer,
    TableChancesSerializer,
    TablePlaceWorthSerializer,
)
from tournaments.results.services import pad as pad_services
from tournaments.results.services.claims import guest_claim
from tournaments.results.services.closing import event_close
from tournaments.results.services.forfeits import registration_drop, seat_forfeit
from tournaments.results.services.pad import pad_contest_withdraw, pad_draft_save
from tournaments.results.services.sheets import StoredSheets, sheet_submit, table_sheets_submit
from tournaments.results.services.verification import table_override, table_reverify
from tournaments.selectors.events import table_for_sheets, table_list, tables_changed, waitlist_position
from tournaments.serializers.events import (
    EventSerializer,
    SeatSwapInputSerializer,
    SeatSwapResultSerializer,
    TableChangeSerializer,
    TableChangesQuery,
    TableResultSerializer,
    TableSerializer,
)
from tournaments.serializers.players import ClaimInputSerializer, GuestSerializer
from tournaments.serializers.registrations import RegistrationSerializer
from tournaments.serializers.sheets import (
    OverrideInputSerializer,
    PadDraftSerializer,
    ScoreSheetSerializer,
    SheetInputSerializer,
    SubmittedSheetSerializer,
    TableSheetsInputSerializer,
)
from tournaments.services.rounds import seat_swap


class SeatViewSet(viewsets.GenericViewSet):
    queryset = Seat.objects.select_related("table__round__event", "player")
    serializer_class = ScoreSheetSerializer

    @extend_schema(methods=["get"], responses=ScoreSheetSerializer(many=True))
    @extend_schema(
        methods=["post"],
        request=SheetInputSerializer,
        responses={200: SubmittedSheetSerializer, 202: SubmittedSheetSerializer},
    )
    @action(
        detail=True,
        methods=["get", "post"],
        throttle_classes=[together(ApiThrottle, SubmissionThrottle)],
        pagination_class=ApiPages,
    )
    def sheets(self, request: Request, pk: str) -> Response:
        """Every version of the seat's sheet (newest first), or submit a new one (verified once the table is full)."""
        if request.method == "GET":
            seat = self.get_object()
            return paged(request, seat_sheets(seat_id=seat.pk), many(ScoreSheetSerializer), self)
        payload = SheetInputSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        # The service reads the seat with its table's lock, in one query (404 when there is no such seat).
        stored = sheet_submit(seat_id=_seat_id(pk), data=payload.validated_data["data"], by=request.user)
        return _sheets_answer(stored, many=False)

    @extend_schema(request=None, responses={200: TableSerializer})
    @action(detail=True, methods=["post"])
    def forfeit(self, request: Request, pk: str) -> Response:
        """Forfeit a seat (organisers; a no-show at the table): the table finishes with the others' sheets."""
        seat = seat_forfeit(seat=self.get_object(), by=request.user)
        return Response(TableSerializer(table_list().get(pk=seat.table_id)).data)

    @extend_schema(request=SeatSwapInputSerializer, responses={200: SeatSwapResultSerializer})
    @action(detail=False, methods=["post"])
    def swap(self, request: Request) -> Response:
        """Swap two players of a round that has not started."""
        payload = SeatSwapInputSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        a, b = seat_swap(**payload.validated_data, by=request.user)
        return Response(SeatSwapResultSerializer({"seat_a": a.player.handle, "seat_b": b.player.handle}).data)


def _seat_id(pk: str) -> int:
    """The seat's id from the URL: a key the database can hold, or no such seat (404)."""
    if not (pk.isascii() and pk.isdigit() and 0 < int(pk) < 2**63):
        raise NotFound(format_lazy(gettext_lazy("no seat has the id {pk!r}"), pk=pk), "not_found", field="seat")
    return int(pk)


def _sheets_answer(stored: StoredSheets, *, many: bool) -> Response:
    """The stored sheets with the table's status: 200 when its verdict is already known (tasks run
    in-process), 202 while it waits for sheets or for its verification. Sheets are answered as written,
    unless their verification ran at the commit (in-process) and marked them: then they are read again.
    Who entered them is the request's user, whose player the token authentication read."""
    sheets, table_status = stored.sheets, stored.table_status
    if stored.verified_since:
        current = sheets_with_table_status(sheet_ids=[s.pk for s in sheets], table_id=sheets[0].seat.table_id)
        sheets, table_status = current.sheets, current.table_status
    final = table_status in (*TableResult.COUNTS, TableResult.Status.REJECTED)
    data = [{**_SHEET_ANSWER.to_representation(sheet), "table_status": table_status} for sheet in sheets]
    return Response(data if many else data[0], status=status.HTTP_200_OK if final else status.HTTP_202_ACCEPTED)


# One serializer for every answer: its fields, built once, only read the sheet (no request, no context), and
# building them for each answer was a tenth of a sheet POST's own work.
_SHEET_ANSWER = ScoreSheetSerializer()


class TableViewSet(mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    serializer_class = TableSerializer

    def get_queryset(self):  # type: ignore[no-untyped-def]
        return table_for_sheets() if self.action in ("sheets", "pad", "pad_contest") else table_list()

    @extend_schema(parameters=[TableChangesQuery], responses={200: TableChangeSerializer(many=True)})
    @action(detail=False, methods=["get"], pagination_class=ChangesCursor, filter_backends=[])
    def changes(self, request: Request) -> Response:
        """An event's tables whose result changed since `updated_since`, oldest change first, by cursor."""
        query = TableChangesQuery(data=request.query_params)
        query.is_valid(raise_exception=True)
        event = get_object_or_404(Event, pk=query.validated_data["event"])
        since = query.validated_data.get("updated_since")
        page = self.paginate_queryset(tables_changed(event=event, since=since))
        return self.get_paginated_response(TableChangeSerializer(page, many=True).data)

    @extend_schema(
        request=TableSheetsInputSerializer,
        responses={200: SubmittedSheetSerializer(many=True), 202: SubmittedSheetSerializer(many=True)},
    )
    @action(
        detail=True,
        methods=["post"],
        throttle_classes=[together(ApiThrottle, SubmissionThrottle)],
        pagination_class=None,
    )
    def sheets(self, request: Request, pk: str) -> Response:
        """Submit several seats' sheets at once, the table's score pad (a player at the table or an organiser)."""
        payload = TableSheetsInputSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        table = self.get_object()
        stored = table_sheets_submit(table=table, seats=payload.validated_data["seats"], by=request.user)
        return _sheets_answer(stored, many=True)

    @extend_schema(methods=["get"], responses={200: PadDraftSerializer})
    @extend_schema(methods=["put"], request=PadDraftSerializer, responses={200: PadDraftSerializer})
    @action(detail=True, methods=["get", "put"], throttle_classes=[together(ApiThrottle, SubmissionThrottle)])
    def pad(self, request: Request, pk: str) -> Response:
        """The table's score pad draft (players at the table, organisers): GET it, or PUT {data, version}
        with the version last read; an older version is refused with 409 `draft_conflict`."""
        table = self.get_object()
        if request.method == "GET":
            draft = pad_draft(table=table, user=request.user)
            return Response(PadDraftSerializer(draft).data)
        payload = PadDraftSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        draft = pad_draft_save(table=table, by=request.user, **payload.validated_data)
        return Response(PadDraftSerializer(draft).data)

    @extend_schema(methods=["post"], request=OverrideInputSerializer, responses={200: PadDraftSerializer})
    @extend_schema(methods=["delete"], request=None, responses={200: PadDraftSerializer})
    @action(detail=True, methods=["post", "delete"], url_path="pad/contest")
    def pad_contest(self, request: Request, pk: str) -> Response:
        """A player contests the pad's entry of their own seat, with a reason (POST), or withdraws it (DELETE)."""
        table = self.get_object()
        if request.method == "DELETE":
            return Response(PadDraftSerializer(pad_contest_withdraw(table=table, by=request.user)).data)
        payload = OverrideInputSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        draft = pad_services.pad_contest(table=table, by=request.user, reason=payload.validated_data["reason"])
        return Response(PadDraftSerializer(draft).data)

    @extend_schema(responses={200: TableChancesSerializer})
    @action(detail=True, methods=["get"])
    def chances(self, request: Request, pk: str) -> Response:
        """Each seat's chance of each place at this table, from the game's ratings before it is played (the
        rated model's own prediction: `method`); each seat's chances sum to 1, and so do each place's."""
        table = self.get_object()
        seats = table_chances(table=table)
        return Response(TableChancesSerializer({"method": METHOD, "samples": SAMPLES, "seats": seats}).data)

    @extend_schema(responses={200: TablePlaceWorthSerializer})
    @action(detail=True, methods=["get"], url_path="place-worth")
    def place_worth(self, request: Request, pk: str) -> Response:
        """What each place would have given each player of this rated table: the change of their conservative
        rating had they finished 1st, 2nd, ..., the others keeping their order (empty before it is rated)."""
        seats = table_place_worth(table=self.get_object())
        return Response(TablePlaceWorthSerializer({"explanation": str(WORTH_EXPLANATION), "seats": seats}).data)

    @extend_schema(request=OverrideInputSerializer, responses={200: TableResultSerializer})
    @action(detail=True, methods=["post"])
    def override(self, request: Request, pk: str) -> Response:
        """Accept the table's result as it stands, with a reason (organisers)."""
        payload = OverrideInputSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        result = table_override(table=self.get_object(), reason=payload.validated_data["reason"], by=request.user)
        return Response(TableResultSerializer(result).data)

    @extend_schema(request=None, responses={202: TableResultSerializer})
    @action(detail=True, methods=["post"], throttle_classes=[together(ApiThrottle, SubmissionThrottle)])
    def reverify(self, request: Request, pk: str) -> Response:
        result = table_reverify(table=self.get_object(), by=request.user)
        return Response(TableResultSerializer(result).data, status=status.HTTP_202_ACCEPTED)


class EventHandicapView(APIView):
    """The event's handicap standings, when its organisers chose to show them (`handicap_shown`; else 404
    `handicap_not_shown`): each player's places above what their ratings expected, summed over the event's
    tables, best first. Beside the real standings, never instead of them: places, season points and ratings
    follow the real ones."""

    @extend_schema(responses={200: EventHandicapSerializer})
    def get(self, request: Request, pk: int) -> Response:
        event = get_object_or_404(Event, pk=pk)
        if not event.handicap_shown:
            raise NotFound("this event's organisers do not show handicap standings", "handicap_not_shown", "event")
        rows = [{"place": place, **vars(row), "beyond": row.beyond} for place, row in event_handicap(event=event)]
        return Response(EventHandicapSerializer({"method": HANDICAP_METHOD, "rows": rows}).data)


class EventRecapView(APIView):
    """The finished event's recap (docs/recap.md): the upset of the night by rating, the best draft by pick
    accuracy, the luckiest and the unluckiest hands by par, the card of the night; a finding the night gives no
    ground for is null. 404 `no_recap` before the event is finished and its recap made."""

    @extend_schema(responses={200: EventRecapSerializer})
    def get(self, request: Request, pk: int) -> Response:
        event = get_object_or_404(Event, pk=pk)
        recap = stored_recap(event_id=event.pk) if event.can.show_results else None
        if recap is None:
            raise NotFound(
                "this event has no recap: it is not finished, or its recap is being made", "no_recap", "event"
            )
        return Response(EventRecapSerializer(recap.to_json()).data)


class EventClosingViewSet(EventActions):
    @extend_schema(request=None, responses={200: EventSerializer})
    @action(detail=True, methods=["post"])
    def close(self, request: Request, pk: str) -> Response:
        """Close the event and publish its results from the rounds played (organisers): after its last round,
        or early after any finished round (a round seated but not started is cancelled); 409 `rounds_to_play`
        while a round is being played."""
        return Response(EventSerializer(event_close(event=self.get_object(), by=request.user)).data)


class RegistrationDropViewSet(RegistrationActions):
    @extend_schema(request=None, responses={200: RegistrationSerializer})
    @action(detail=True, methods=["post"])
    def drop(self, request: Request, pk: str) -> Response:
        """Leave a running event; a seat at a table without a final result is forfeited."""
        registration = registration_drop(registration=self.get_object(), by=request.user)
        registration.waitlist_position = waitlist_position(registration=registration)  # type: ignore[attr-defined]
        return Response(RegistrationSerializer(registration).data)


class GuestClaimViewSet(viewsets.GenericViewSet):
    queryset = Player.objects.none()
    serializer_class = ClaimInputSerializer  # what OPTIONS describes

    @extend_schema(request=ClaimInputSerializer, responses={200: GuestSerializer})
    @action(detail=False, methods=["post"], permission_classes=[IsAuthenticated],
            throttle_classes=[ApiThrottle, ClaimThrottle])  # fmt: skip
    def claim(self, request: Request) -> Response:
        """Claim a guest with its code: its events, results and ratings become your player's (once)."""
        payload = ClaimInputSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        guest = guest_claim(code=payload.validated_data["code"], by=request.user)
        return Response({**GuestSerializer(guest).data, "claimed_by": request.user.player.handle})
