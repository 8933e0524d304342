"""Casual rated games over the API (issue 70, item 4; docs/casual.md): a player records a table they played,
every other player at it confirms (or declines) it on their own account, the rules engine verifies it behind
the answer, and once both hold it is rated in the game's casual pool. A person's own: never an API key's."""

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.paging import ApiPages, many, paged
from tournaments.casual.selectors import casual_table_of, casual_tables_of
from tournaments.casual.serializers import CasualSheetInputSerializer, CasualTableInputSerializer, CasualTableSerializer
from tournaments.casual.services import (
    casual_table_confirm,
    casual_table_correct,
    casual_table_decline,
    casual_table_record,
)


class _Casual(APIView):
    permission_classes = [IsAuthenticated]
    person_only = True  # a player's own games and word: never an organisation's key (integrations/key_auth.py)
    basename = "casual-table"  # an app acting for the player needs casual:write (integrations/app_auth.py)


class CasualTablesView(_Casual):
    pagination_class = ApiPages

    @extend_schema(operation_id="casual_tables_list", responses={200: CasualTableSerializer(many=True)})
    def get(self, request: Request) -> Response:
        """The casual tables you sit at, newest first (those waiting for your confirmation among them)."""
        return paged(request, casual_tables_of(user=request.user), many(CasualTableSerializer), self)

    @extend_schema(
        operation_id="casual_tables_record", request=CasualTableInputSerializer, responses={201: CasualTableSerializer}
    )
    def post(self, request: Request) -> Response:
        """Record a table you played: its whole sheet, every seat a player's handle (yours among them). Your seat
        is confirmed; each other player confirms on their own account within 7 days."""
        payload = CasualTableInputSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        table = casual_table_record(recorded_by=request.user, **payload.validated_data)
        return Response(CasualTableSerializer(casual_table_of(user=request.user, table_id=table.pk)).data,
                        status=status.HTTP_201_CREATED)  # fmt: skip


class CasualTableView(_Casual):
    @extend_schema(operation_id="casual_tables_retrieve", responses={200: CasualTableSerializer})
    def get(self, request: Request, pk: int) -> Response:
        """One of your casual tables, with the verdict once the rules engine has given it."""
        return Response(CasualTableSerializer(casual_table_of(user=request.user, table_id=pk)).data)


class CasualConfirmView(_Casual):
    @extend_schema(operation_id="casual_tables_confirm", request=None, responses={200: CasualTableSerializer})
    def post(self, request: Request, pk: int) -> Response:
        """Confirm the table as you played it; the last confirmation of a valid sheet rates it."""
        casual_table_confirm(table_id=pk, by=request.user)
        return Response(CasualTableSerializer(casual_table_of(user=request.user, table_id=pk)).data)


class CasualDeclineView(_Casual):
    @extend_schema(operation_id="casual_tables_decline", request=None, responses={200: CasualTableSerializer})
    def post(self, request: Request, pk: int) -> Response:
        """Say this is not the game you played: it is never rated."""
        casual_table_decline(table_id=pk, by=request.user)
        return Response(CasualTableSerializer(casual_table_of(user=request.user, table_id=pk)).data)


class CasualCorrectView(_Casual):
    @extend_schema(
        operation_id="casual_tables_correct", request=CasualSheetInputSerializer, responses={200: CasualTableSerializer}
    )
    def post(self, request: Request, pk: int) -> Response:
        """Send the sheet again (the rules refused it, or a seat was mistyped): the same players and seats; it is
        verified again and every other player confirms again."""
        payload = CasualSheetInputSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        casual_table_correct(table_id=pk, sheet=payload.validated_data["sheet"], by=request.user)
        return Response(CasualTableSerializer(casual_table_of(user=request.user, table_id=pk)).data)
