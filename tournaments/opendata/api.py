"""The open data over the API: the files (a month and a game each), one file, and a line's schema."""

from typing import Any

from django.http import HttpResponse
from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.paging import ApiPages, many, paged
from tournaments.opendata.models import OpenDataDump
from tournaments.opendata.selectors import KINDS, dump_bytes, dumps, line_schema
from tournaments.opendata.services import LICENCE


class OpenDataDumpSerializer(serializers.ModelSerializer):
    month = serializers.DateField(format="%Y-%m")
    licence = serializers.SerializerMethodField()
    csv = serializers.SerializerMethodField(help_text="One line a seat (gzip).")
    jsonl = serializers.SerializerMethodField(help_text="One line a table with its sheets (gzip).")

    class Meta:
        model = OpenDataDump
        fields = ["game", "month", "tables", "made_at", "licence", "csv", "jsonl"]

    def get_licence(self, dump: OpenDataDump) -> str:
        return LICENCE

    def get_csv(self, dump: OpenDataDump) -> str:
        return reverse("open-data-file", kwargs={"game": dump.game, "month": f"{dump.month:%Y-%m}", "kind": "csv"})

    def get_jsonl(self, dump: OpenDataDump) -> str:
        return reverse("open-data-file", kwargs={"game": dump.game, "month": f"{dump.month:%Y-%m}", "kind": "jsonl"})


class OpenDataListView(APIView):
    """Each game's verified tables of sanctioned events, a file a month (CC BY 4.0, players by pseudonym)."""

    permission_classes = [AllowAny]
    pagination_class = ApiPages

    @extend_schema(operation_id="open_data_list", responses={200: OpenDataDumpSerializer(many=True)})
    def get(self, request: Request) -> Response:
        return paged(request, dumps(), many(OpenDataDumpSerializer), self)


class OpenDataFileView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(operation_id="open_data_file", responses={(200, "application/gzip"): OpenApiTypes.BINARY})
    def get(self, request: Request, game: str, month: str, kind: str) -> HttpResponse:
        """One file, gzip-compressed: `csv` (a line a seat) or `jsonl` (a line a table, with its sheets)."""
        response = HttpResponse(dump_bytes(game=game, month=month, kind=kind), content_type="application/gzip")
        response["Content-Disposition"] = f'attachment; filename="boomerang-{game}-{month}.{kind}.gz"'
        response["X-Content-Media-Type"] = KINDS[kind][1]  # what the gzip holds
        return response


class OpenDataSchemaView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(operation_id="open_data_schema", responses={200: OpenApiTypes.OBJECT})
    def get(self, request: Request) -> Response:
        """The JSON Schema of a line of the JSON Lines files."""
        schema: dict[str, Any] = line_schema()
        return Response(schema)
