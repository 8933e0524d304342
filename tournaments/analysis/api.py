"""The analysis API: card statistics, pick accuracy and par."""

from typing import Any

from django.shortcuts import get_object_or_404
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.renderers import BrowsableAPIRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

import games
from config.errors import DomainError, NotFound
from config.paging import ApiPages, paged
from config.renderers import CSVRenderer
from games.readings import READINGS
from tournaments.analysis.models import SeatPickAccuracy
from tournaments.analysis.selectors.luck import LuckLine, events_luck
from tournaments.analysis.selectors.readings import game_reading_report
from tournaments.analysis.selectors.statistics import (
    CARD_SORTS,
    card_statistics,
    player_pick_accuracy_tables,
    table_par,
)
from tournaments.catalogue.serializers import (
    CardStatisticSerializer,
)
from tournaments.models import Event
from tournaments.seasons.models import Season
from tournaments.seasons.selectors import season_counting
from tournaments.selectors.players import player_of_handle
from tournaments.serializers.answers import (
    LuckLedgerSerializer,
    PickAccuracyLineSerializer,
    ReadingReportSerializer,
    TableParSerializer,
)

PICK_FIELDS = ("pick", "taken", "points", "best_points", "best_card")  # SeatPickAccuracy.rounds' positions


class CardStatisticsView(APIView):
    """Each card of a drafting edition over the verified tables of sanctioned events: how often taken and at
    which pick, how often offered, the mean points by category of the rounds it was drafted in, and the win
    uplift with its 95% interval and sample size (docs/rules.md, "Card statistics")."""

    permission_classes = [AllowAny]
    renderer_classes = [JSONRenderer, BrowsableAPIRenderer, CSVRenderer]
    pagination_class = ApiPages

    @extend_schema(
        parameters=[
            OpenApiParameter("players", int, enum=[2, 3, 4], description="only tables of this many players"),
            OpenApiParameter("sort", str, enum=CARD_SORTS, description="the order (default mean_pick)"),
        ],
        responses={
            (200, "application/json"): CardStatisticSerializer(many=True),
            (200, "text/csv"): OpenApiTypes.STR,  # the same lines, each category's points a column
        },
    )  # fmt: skip
    def get(self, request: Request, game: str, format: str | None = None) -> Response:
        players = request.query_params.get("players")
        if players is not None and players not in ("2", "3", "4"):
            raise DomainError("players is 2, 3 or 4", "invalid_players", "players")
        rows = card_statistics(
            game=game, players=int(players) if players else None, sort=request.query_params.get("sort", "mean_pick")
        )
        return paged(request, rows, lambda page: [_flat(r.to_json()) if format == "csv" else r.to_json() for r in page])


class PickAccuracyView(APIView):
    """A player's pick accuracy at each verified drafting table, newest first: for each round, each pick that
    had a choice, the card taken, the round's points with it and the best points any card offered would give
    (docs/rules.md, "Pick accuracy")."""

    permission_classes = [AllowAny]
    renderer_classes = [JSONRenderer, BrowsableAPIRenderer, CSVRenderer]
    pagination_class = ApiPages

    @extend_schema(
        parameters=[OpenApiParameter("game", str, description="only this drafting edition")],
        responses={
            (200, "application/json"): PickAccuracyLineSerializer(many=True),
            (200, "text/csv"): OpenApiTypes.STR,  # the same lines without their rounds
        },
    )
    def get(self, request: Request, handle: str, format: str | None = None) -> Response:
        player = player_of_handle(handle=handle)
        game = request.query_params.get("game")
        if game is not None and (game not in games.GAMES or games.GAMES[game].drafting is None):
            drafted = ", ".join(g.id for g in games.GAMES.values() if g.drafting)
            raise DomainError(
                format_lazy(gettext_lazy("game is a drafting edition: {drafted}"), drafted=drafted),
                "invalid_game",
                "game",
            )
        rows = player_pick_accuracy_tables(player=player, game=game)
        return paged(request, rows, lambda page: PickAccuracyLineSerializer(
            [_pick_line(row, with_rounds=format != "csv") for row in page], many=True).data)  # fmt: skip


class RulesLabView(APIView):
    """The rules lab (docs/rules.md, "Readings"): the game's verified tables scored under another reading of a
    rule; how many tables, winners and places it would change. Nothing changes any result or rating."""

    permission_classes = [AllowAny]

    @extend_schema(responses={200: ReadingReportSerializer})
    def get(self, request: Request, reading: str) -> Response:
        found = READINGS.get(reading)
        if found is None:
            raise NotFound(
                format_lazy(
                    gettext_lazy("no reading {reading!r}; the readings: {choices}"),
                    reading=reading,
                    choices=", ".join(READINGS),
                ),
                "unknown_reading",
                "reading",
            )
        report = game_reading_report(reading=found)
        return Response(
            ReadingReportSerializer({**report.as_json(), "game": found.game, "summary": found.summary}).data
        )


class TableParView(APIView):
    """Each seat's par at a verified drafting table: what a reference drafter would have made of the hands the
    seat was offered, the other seats' picks as they were, beside the points the seat made (docs/rules.md,
    "Par"). 404 `no_par` while the table's draft is not analysed (a table of another game, not verified, or
    queued): the analysis follows the verdict within seconds."""

    permission_classes = [AllowAny]

    @extend_schema(responses={200: TableParSerializer})
    def get(self, request: Request, table_id: int) -> Response:
        par = table_par(table_id=table_id)
        if par is None:
            raise NotFound(
                "this table has no par yet: it is not a verified drafting table, or not analysed yet", "no_par"
            )
        return Response(TableParSerializer(par).data)


def _pick_line(row: SeatPickAccuracy, *, with_rounds: bool) -> dict[str, Any]:
    event = row.table.round.event
    line: dict[str, Any] = {
        "event": event.pk, "event_name": event.name, "game": event.game, "round": row.table.round.number,
        "table": row.table.number, "choices": row.choices, "best_picks": row.best_picks,
        "points_lost": row.points_lost, "made": row.made, "par": row.par, "performance": row.performance,
    }  # fmt: skip
    if not with_rounds:
        return line
    rounds = [
        {"round": number, "picks": [dict(zip(PICK_FIELDS, pick, strict=True)) for pick in picks]}
        for number, picks in enumerate(row.rounds, start=1)
    ]
    return {**line, "rounds": rounds}


def _flat(row: dict[str, Any]) -> dict[str, Any]:
    """For the sheet: each category's points as its own column."""
    points = row.pop("points")
    return {**row, **{f"points_{category}": value for category, value in points.items()}}


LUCK_METHOD = (
    "Over the analysed tables: par, what a reference drafter made of the hands each seat was offered (the deal's "
    'worth), and made minus par, what the player\'s own play added (docs/ratings.md, "The luck ledger")'
)


class EventLuckView(APIView):
    """The event's luck ledger: each player's points over its analysed tables split into what the deals gave
    (par) and what their play added (made minus par), the best play first; empty for a game without a draft
    or before its tables are analysed."""

    permission_classes = [AllowAny]

    @extend_schema(responses={200: LuckLedgerSerializer})
    def get(self, request: Request, pk: int) -> Response:
        event = get_object_or_404(Event, pk=pk)
        return _ledger(events_luck(events=[event]))


class SeasonLuckView(APIView):
    """A season's luck ledger over its counting events (as the event's, summed)."""

    permission_classes = [AllowAny]

    @extend_schema(responses={200: LuckLedgerSerializer})
    def get(self, request: Request, pk: int) -> Response:
        season = get_object_or_404(Season, pk=pk)
        return _ledger(events_luck(events=season_counting(season=season)))


def _ledger(lines: list[LuckLine]) -> Response:
    players = [{**vars(line), "play": line.play} for line in lines]
    return Response(LuckLedgerSerializer({"method": LUCK_METHOD, "players": players}).data)
