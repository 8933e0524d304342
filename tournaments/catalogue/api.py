"""The games, their editions, live score previews and casual sheet checks (no event needed), and an event kept
on practice data verified again with its game's edition of now."""

from django_filters.rest_framework import DjangoFilterBackend
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.paging import ApiPages, many, paged
from config.throttling import ApiThrottle, ScorePreviewAnonThrottle, ScorePreviewThrottle, SheetCheckThrottle
from tournaments.app_actions import EventActions
from tournaments.catalogue.models import Edition
from tournaments.catalogue.selectors import game_catalogue, sheet_check_list, table_preview, table_rebuild
from tournaments.catalogue.serializers import (
    EditionSerializer,
    GameSerializer,
    RebuildInputSerializer,
    ScorePreviewInputSerializer,
    SheetCheckInputSerializer,
    SheetCheckSerializer,
)
from tournaments.catalogue.services import event_edition_reverify, sheet_check_submit
from tournaments.serializers.answers import RebuildSerializer, ScorePreviewSerializer


class GameListView(APIView):
    permission_classes = [AllowAny]
    pagination_class = ApiPages

    @extend_schema(responses=GameSerializer(many=True))
    def get(self, request: Request) -> Response:
        return paged(request, game_catalogue(), many(GameSerializer))


class ScorePreviewView(APIView):
    """The score pad's live scoring, open to anyone: any table in progress, scored by the rules engine."""

    permission_classes = [AllowAny]
    throttle_classes = [ApiThrottle, ScorePreviewThrottle, ScorePreviewAnonThrottle]

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
    throttle_classes = [ApiThrottle, ScorePreviewThrottle, ScorePreviewAnonThrottle]

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
        return [ApiThrottle(), SheetCheckThrottle()] if self.action == "create" else super().get_throttles()

    @extend_schema(
        request=SheetCheckInputSerializer,
        responses={202: SheetCheckSerializer},
    )
    def create(self, request: Request, *args: object, **kwargs: object) -> Response:
        payload = SheetCheckInputSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        check = sheet_check_submit(sheet=payload.validated_data["sheet"], submitted_by=request.user)
        return Response(SheetCheckSerializer(check).data, status=status.HTTP_202_ACCEPTED)


class EventEditionViewSet(EventActions):
    @extend_schema(
        request=None, responses={202: inline_serializer("TablesQueued", {"tables": serializers.IntegerField()})}
    )
    @action(detail=True, methods=["post"])
    def reverify(self, request: Request, pk: str) -> Response:
        """Verify again with the game's edition of now an event scored with practice data, which adopting the
        printed edition kept as played (organisers): `tables` queued; a table the printed cards reject goes
        back to its players. 409 `not_kept` for an event verified with the game's edition already."""
        return Response({"tables": event_edition_reverify(event=self.get_object(), by=request.user)}, status=202)
