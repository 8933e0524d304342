"""A federation's levy over the API (its rule, set by its staff, and its statement in JSON or CSV); an event's
entry fee and door ledger (its organisers)."""

from datetime import date
from typing import Any

from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.permissions import IsAuthenticated
from rest_framework.renderers import BrowsableAPIRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.errors import DomainError, NotAllowed, NotFound
from config.paging import ApiPages, many, paged
from config.renderers import CSVRenderer
from tournaments.finance.selectors import LevyStatement, event_ledger, ledger_registration, levy_statement
from tournaments.finance.serializers import (
    EntryFeeInputSerializer,
    EntryFeeSerializer,
    LedgerLineSerializer,
    LedgerSerializer,
    LevyLineSerializer,
    LevyRuleInputSerializer,
    LevyRuleSerializer,
    LevySheetLineSerializer,
    PaymentInputSerializer,
    PaymentSerializer,
)
from tournaments.finance.services import entry_fee_set, levy_rule_set, payment_record
from tournaments.integrations.models import ApiKey
from tournaments.models import Event, Organisation
from tournaments.selectors.permissions import is_organiser, require_staff

PERIOD = [
    OpenApiParameter("from", OpenApiTypes.DATE, required=True, description="The first day (events that began then)."),
    OpenApiParameter("to", OpenApiTypes.DATE, required=True, description="The last day, included."),
]


class LevyRuleView(APIView):
    """Set what the federation levies on the sanctioned events of the games it stewards (its staff): an amount
    a player, a minimum an event, the currency, and why (each change is kept with who and when)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=LevyRuleInputSerializer, responses={200: LevyRuleSerializer})
    def post(self, request: Request, slug: str) -> Response:
        payload = LevyRuleInputSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        rule = levy_rule_set(organisation=_organisation(slug), by=request.user, **payload.validated_data)
        return Response(LevyRuleSerializer(rule).data)


class LevyStatementView(APIView):
    """The federation's levy statement for a period (its staff): each sanctioned, finished, rated event of its
    games with its players and its levy; `.csv` for a treasurer's sheet (one line an event)."""

    permission_classes = [IsAuthenticated]
    renderer_classes = [JSONRenderer, BrowsableAPIRenderer, CSVRenderer]
    pagination_class = ApiPages

    @extend_schema(
        parameters=PERIOD,
        responses={(200, "application/json"): LevyLineSerializer(many=True), (200, "text/csv"): OpenApiTypes.STR},
    )
    def get(self, request: Request, slug: str, format: str | None = None) -> Response:
        federation = _organisation(slug)
        require_staff(user=request.user, organisation=federation)
        statement = levy_statement(federation=federation, start=_day(request, "from"), end=_day(request, "to"))
        serializer = LevySheetLineSerializer if format == "csv" else LevyLineSerializer  # the sheet: no players
        return paged(request, lines_of(statement), many(serializer))


def lines_of(statement: LevyStatement) -> list[dict[str, Any]]:
    currency = statement.rule.currency if statement.rule else ""
    return [
        {
            "event": line.event.pk,
            "name": line.event.name,
            "club": line.event.organisation.slug,
            "game": line.event.game,
            "starts_at": line.event.starts_at,
            "player_count": len(line.players),
            "players": line.players,
            "levy": line.levy,
            "currency": currency,
        }
        for line in statement.lines
    ]


def _organisation(slug: str) -> Organisation:
    organisation = Organisation.objects.filter(slug=slug).first()
    if organisation is None:
        raise NotFound(format_lazy(gettext_lazy("no organisation {slug}"), slug=slug), "not_found", "slug")
    return organisation


def _day(request: Request, name: str) -> date:
    text = request.query_params.get(name, "")
    try:
        return date.fromisoformat(text)
    except ValueError as error:
        raise DomainError(
            format_lazy(gettext_lazy("{name} is a day as YYYY-MM-DD"), name=name), "invalid_date", name
        ) from error


class EntryFeeView(APIView):
    """Set the event's entry fee (its organisers): the full amount, a reduced one for some licence categories,
    free for others; each change is kept with who, when and why."""

    key_scope = ApiKey.EVENTS_WRITE  # an organisation's key writes it (integrations/key_auth.py)

    permission_classes = [IsAuthenticated]

    @extend_schema(request=EntryFeeInputSerializer, responses={200: EntryFeeSerializer})
    def post(self, request: Request, pk: int) -> Response:
        payload = EntryFeeInputSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        fee = entry_fee_set(event=_event(pk), by=request.user, **payload.validated_data)
        return Response(EntryFeeSerializer(fee).data)


class PaymentsView(APIView):
    """Record a line of the event's door ledger (its organisers): money received from a registered player
    (cash, card or transfer), or given back. Lines are never changed; a mistake is undone by another line."""

    key_scope = ApiKey.EVENTS_WRITE  # an organisation's key writes it (integrations/key_auth.py)

    permission_classes = [IsAuthenticated]

    @extend_schema(request=PaymentInputSerializer, responses={201: PaymentSerializer})
    def post(self, request: Request, pk: int) -> Response:
        event = _event(pk)
        payload = PaymentInputSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        data = payload.validated_data
        registration = ledger_registration(event=event, handle=data.pop("player"))
        if registration is None:
            raise NotFound("no registration of this player in this event", "not_registered", "player")
        payment = payment_record(registration=registration, by=request.user, **data)
        return Response(PaymentSerializer(payment).data, status=status.HTTP_201_CREATED)


class LedgerView(APIView):
    """The event's door ledger (its organisers): its fee, each registration's fee, paid, refunded, due and
    credit, the totals and what each way of paying brought in; `.csv` gives one line a player."""

    permission_classes = [IsAuthenticated]
    renderer_classes = [JSONRenderer, BrowsableAPIRenderer, CSVRenderer]

    @extend_schema(
        responses={(200, "application/json"): LedgerSerializer, (200, "text/csv"): OpenApiTypes.STR},
    )
    def get(self, request: Request, pk: int, format: str | None = None) -> Response:
        event = _event(pk)
        if not is_organiser(user=request.user, event=event):
            raise NotAllowed("only an organiser of this event reads its ledger", "not_organiser", "event")
        ledger = event_ledger(event=event)
        if format == "csv":
            return Response(LedgerLineSerializer(ledger.lines, many=True).data)
        return Response(LedgerSerializer({
            "fee": ledger.fee, "totals": ledger.totals, "by_method": ledger.by_method, "lines": ledger.lines,
            "payments": ledger.payments,
        }).data)  # fmt: skip


def _event(pk: int) -> Event:
    event = Event.objects.filter(pk=pk).select_related("organisation").first()
    if event is None:
        raise NotFound(format_lazy(gettext_lazy("no event {pk}"), pk=pk), "not_found", "id")
    return event
