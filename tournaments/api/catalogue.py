"""The games, their editions, live score previews and casual sheet checks: no event needed."""

from typing import Any

from django_filters.rest_framework import DjangoFilterBackend
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.permissions import AllowAny
from rest_framework.renderers import BrowsableAPIRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

import games
from config.errors import DomainError
from config.renderers import CSVRenderer
from config.throttling import ScorePreviewAnonThrottle, ScorePreviewThrottle, SheetCheckThrottle
from ratings.selectors.leaderboards import is_provisional, player_ratings, rank_and_size
from tournaments.models import Edition, SeatPickAccuracy
from tournaments.selectors.analysis import CARD_SORTS, card_statistics, player_pick_accuracy_tables
from tournaments.selectors.catalogue import game_catalogue, sheet_check_list, table_preview, table_rebuild
from tournaments.selectors.players import player_events, player_of_handle
from tournaments.serializers.answers import PickAccuracyLineSerializer, RebuildSerializer, ScorePreviewSerializer
from tournaments.serializers.catalogue import (
    CardStatisticSerializer,
    EditionSerializer,
    GameSerializer,
    RebuildInputSerializer,
    ScorePreviewInputSerializer,
    SheetCheckInputSerializer,
    SheetCheckSerializer,
)
from tournaments.serializers.players import PlayerProfileSerializer
from tournaments.services.editions import sheet_check_submit


class GameListView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses=GameSerializer(many=True))
    def get(self, request: Request) -> Response:
        return Response(GameSerializer(game_catalogue(), many=True).data)


class ScorePreviewView(APIView):
    """The score pad's live scoring, open to anyone: any table in progress, scored by the rules engine."""

    permission_classes = [AllowAny]
    throttle_classes = [ScorePreviewThrottle, ScorePreviewAnonThrottle]

    @extend_schema(
        request=ScorePreviewInputSerializer,
        responses={200: ScorePreviewSerializer},
    )  # fmt: skip
    def post(self, request: Request, game: str) -> Response:
        """Score a table as it is played: 1 to 4 rounds per seat (drafting), or the hunt/flip seat objects."""
        return Response(ScorePreviewSerializer(table_preview(game=game, sheet=request.data)).data)


class RebuildView(APIView):
    """The whole draft of a drafting table, rebuilt: each seat's dealt hand and the hand it held at every pick."""

    permission_classes = [AllowAny]
    throttle_classes = [ScorePreviewThrottle, ScorePreviewAnonThrottle]

    @extend_schema(
        request=RebuildInputSerializer,
        responses={200: RebuildSerializer},
    )  # fmt: skip
    def post(self, request: Request, game: str) -> Response:
        """`direction`: "left" (to the next seat in the table's order) or "alternate" (the Direction Variant);
        a card in two rows of a round is a 400 naming it."""
        payload = RebuildInputSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        return Response(RebuildSerializer(table_rebuild(game=game, **payload.validated_data)).data)


class CardStatisticsView(APIView):
    """Each card of a drafting edition over the verified tables of sanctioned events: how often taken and at
    which pick, how often offered, the mean points by category of the rounds it was drafted in, and the win
    uplift with its 95% interval and sample size (docs/rules.md, "Card statistics")."""

    permission_classes = [AllowAny]
    renderer_classes = [JSONRenderer, BrowsableAPIRenderer, CSVRenderer]

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
        return Response([_flat(row.to_json()) if format == "csv" else row.to_json() for row in rows])


class PickAccuracyView(APIView):
    """A player's pick accuracy at each verified drafting table, newest first: for each round, each pick that
    had a choice, the card taken, the round's points with it and the best points any card offered would give
    (docs/rules.md, "Pick accuracy")."""

    permission_classes = [AllowAny]
    renderer_classes = [JSONRenderer, BrowsableAPIRenderer, CSVRenderer]

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
            raise DomainError(f"game is a drafting edition: {drafted}", "invalid_game", "game")
        rows = player_pick_accuracy_tables(player=player, game=game)
        lines = [_pick_line(row, with_rounds=format != "csv") for row in rows[:500]]
        return Response(PickAccuracyLineSerializer(lines, many=True).data)


def _pick_line(row: SeatPickAccuracy, *, with_rounds: bool) -> dict[str, Any]:
    event = row.table.round.event
    line: dict[str, Any] = {
        "event": event.pk, "event_name": event.name, "game": event.game, "round": row.table.round.number,
        "table": row.table.number, "choices": row.choices, "best_picks": row.best_picks,
        "points_lost": row.points_lost,
    }  # fmt: skip
    if not with_rounds:
        return line
    rounds = [
        {"round": number, "picks": [dict(zip(PICK_FIELDS, pick, strict=True)) for pick in picks]}
        for number, picks in enumerate(row.rounds, start=1)
    ]
    return {**line, "rounds": rounds}


PICK_FIELDS = ("pick", "taken", "points", "best_points", "best_card")  # SeatPickAccuracy.rounds' positions


def _flat(row: dict[str, Any]) -> dict[str, Any]:
    """For the sheet: each category's points as its own column."""
    points = row.pop("points")
    return {**row, **{f"points_{category}": value for category, value in points.items()}}


class EditionViewSet(viewsets.ReadOnlyModelViewSet):
    queryset = Edition.objects.all()
    serializer_class = EditionSerializer
    filter_backends = [DjangoFilterBackend]
    filterset_fields = ["game", "is_active", "is_practice"]


class SheetCheckViewSet(
    mixins.CreateModelMixin, mixins.RetrieveModelMixin, mixins.ListModelMixin, viewsets.GenericViewSet
):
    """Verify a casual game's whole table sheet; verification runs on a worker and the result is polled."""

    serializer_class = SheetCheckSerializer
    filter_backends = [DjangoFilterBackend]
    filterset_fields = ["game", "status"]

    def get_queryset(self):  # type: ignore[no-untyped-def]
        return sheet_check_list()

    def get_throttles(self):  # type: ignore[no-untyped-def]
        return [SheetCheckThrottle()] if self.action == "create" else super().get_throttles()

    @extend_schema(
        request=SheetCheckInputSerializer,
        responses={202: SheetCheckSerializer},
    )
    def create(self, request: Request, *args: object, **kwargs: object) -> Response:
        payload = SheetCheckInputSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        check = sheet_check_submit(sheet=payload.validated_data["sheet"], submitted_by=request.user)
        return Response(SheetCheckSerializer(check).data, status=status.HTTP_202_ACCEPTED)


class PlayerProfileView(APIView):
    """A player by handle: who they are, their rating and rank in each game, and their newest events with the
    place in each finished one (a claimed guest answers its claimer's handle)."""

    permission_classes = [AllowAny]

    @extend_schema(responses={200: PlayerProfileSerializer})
    def get(self, request: Request, handle: str) -> Response:
        player = player_of_handle(handle=handle)
        ratings = []
        for rating, _history in player_ratings(player_id=player.user_id):
            rank, of = rank_and_size(rating=rating)
            ratings.append({
                "game": rating.pool.game, "conservative": rating.conservative, "mu": rating.mu, "sigma": rating.sigma,
                "games": rating.games, "provisional": is_provisional(rating), "rank": rank, "of": of,
            })  # fmt: skip
        events = [
            {"event": r.event.pk, "name": r.event.name, "game": r.event.game, "starts_at": r.event.starts_at,
             "status": r.event.status, "place": place, "players": size}
            for r, place, size in player_events(player=player)
        ]  # fmt: skip
        profile = {"handle": player.handle, "display_name": player.display_name, "country": player.country,
                   "guest": player.guest, "demo": player.demo, "ratings": ratings, "events": events}  # fmt: skip
        return Response(PlayerProfileSerializer(profile).data)
