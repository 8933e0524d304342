from typing import Any

from django.http import HttpResponsePermanentRedirect, StreamingHttpResponse
from django.urls import reverse
from django.utils import timezone
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status, viewsets
from rest_framework.decorators import action
from rest_framework.permissions import AllowAny
from rest_framework.renderers import BrowsableAPIRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.serializers import BooleanField, IntegerField, Serializer

from config.errors import NotAllowed, NotFound
from config.paging import page_number
from config.renderers import CSVRenderer, csv_stream
from ratings.lab.models import QualityRun
from ratings.lab.services import QUALITY_ATTEMPTS, pool_parameters_adopt, pool_quality_report
from ratings.models import RatingList, RatingPool
from ratings.pagination import PoolPagination
from ratings.selectors import leaderboards as leaderboards_selectors
from ratings.selectors.leaderboards import active_since, is_provisional, player_history, rank_and_size
from ratings.selectors.lists import LIST_API_PAGE, list_detail, list_rows, may_steward_pool
from ratings.selectors.within import filtered_periods, leaderboard_within, player_filters
from ratings.serializers import (
    AdoptInputSerializer,
    ListInputSerializer,
    ParametersDecisionSerializer,
    PlayerRatingSerializer,
    QualitySerializer,
    RatingListDetailSerializer,
    RatingListSerializer,
    RatingPoolSerializer,
    RatingSerializer,
)
from ratings.services.lists import list_publish


class LeaderboardQuery(Serializer):
    established = BooleanField(required=False, default=False, help_text="only players past the provisional thresholds")
    active_days = IntegerField(
        required=False, min_value=1, max_value=3650, allow_null=True, default=None,
        help_text="only players who played within this many days",
    )  # fmt: skip


class RatingPoolViewSet(viewsets.ReadOnlyModelViewSet):
    """Rating pools (one per game) with their TrueSkill settings, leaderboards and player histories."""

    permission_classes = [AllowAny]
    queryset = RatingPool.objects.all()
    serializer_class = RatingPoolSerializer
    lookup_field = "game"

    @extend_schema(
        parameters=[
            LeaderboardQuery,  # established, active_days: with their bounds, as the server checks them
            OpenApiParameter(
                "club",
                str,
                description="a club's slug: its members, counting the tables each "
                "played while a member (rating after the last of them)",
            ),
            OpenApiParameter("country", str, description="players of this country (ISO 3166 code: FR)"),
        ],
        responses={(200, "application/json"): RatingSerializer(many=True), (200, "text/csv"): OpenApiTypes.STR},
    )
    @action(detail=True, methods=["get"], renderer_classes=[JSONRenderer, BrowsableAPIRenderer, CSVRenderer])
    def leaderboard(self, request: Request, game: str, format: str | None = None) -> Response:
        """Players by conservative rating (mu - 3 sigma); `?format=csv` exports the page."""
        query = LeaderboardQuery(data=request.query_params)
        query.is_valid(raise_exception=True)
        since = active_since(now=timezone.now(), days=query.validated_data["active_days"])
        established, pool = query.validated_data["established"], self.get_object()
        filters = {name: request.query_params[name] for name in player_filters() if request.query_params.get(name)}
        ratings: Any
        if filters:
            ratings = _within(pool, filters, established, since)
        elif not established and since is None:  # the whole pool: pages through the rank buckets
            paginator = PoolPagination()
            self._paginator = paginator
            page = paginator.paginate_pool(pool, request)
            data = RatingSerializer(page, many=True).data
            return Response(data) if request.accepted_renderer.format == "csv" else self.get_paginated_response(data)
        else:
            ratings = leaderboards_selectors.leaderboard(pool=pool, established_only=established, active_since=since)
        page = self.paginate_queryset(ratings)
        data = RatingSerializer(page, many=True).data
        if request.accepted_renderer.format == "csv":
            return Response(data)
        return self.get_paginated_response(data)

    @extend_schema(request=ListInputSerializer, responses={201: RatingListSerializer})
    @action(detail=True, methods=["post"])
    def lists(self, request: Request, game: str) -> Response:
        """Publish an official list: the pool's ratings frozen now (the game's stewards)."""
        if not may_steward_pool(user=request.user, game=game):
            raise NotAllowed("only a steward of this game's rating pool publishes its lists", "not_steward")
        payload = ListInputSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        actor = request.user.get_username()
        values = payload.validated_data
        rating_list = list_publish(
            game=self.get_object().game, name=values["name"], actor=actor, min_games=values["min_games"],
            leave_out_provisional=values["leave_out_provisional"],
        )  # fmt: skip
        return Response(RatingListSerializer(rating_list).data, status=status.HTTP_201_CREATED)

    @extend_schema(responses={200: QualitySerializer})
    @action(detail=True, methods=["get"])
    def quality(self, request: Request, game: str) -> Response:
        """How well the pool's ratings predicted its tables: refreshed nightly, computed when first asked for a
        small pool (404 while a big pool's first report is being computed). `tables` below 50: too few to
        judge the ratings by."""
        pool = self.get_object()
        report = pool_quality_report(pool=pool)
        if report is None:
            run = QualityRun.objects.filter(pool=pool).first()
            waiting = gettext_lazy("the first quality report for {game} is being computed: ask again in a few minutes")
            if run:
                waiting = gettext_lazy(
                    "the first quality report for {game} is being computed ({state}, attempt {attempt} of "
                    "{attempts}): ask again in a few minutes"
                )
            raise NotFound(
                format_lazy(
                    waiting, game=game, state=run and run.state, attempt=run and run.attempt, attempts=QUALITY_ATTEMPTS
                ),
                "not_found",
                "game",
            )
        return Response(QualitySerializer(report).data)

    @extend_schema(request=AdoptInputSerializer, responses={201: ParametersDecisionSerializer})
    @action(detail=True, methods=["post"], url_path="quality/adopt")
    def adopt(self, request: Request, game: str) -> Response:
        """Adopt the parameters the newest quality report fitted (the game's stewards): the pool is replayed
        under them and the decision recorded. 409 when there is no fit, when it is no better on the held-out
        tables, or when the pool's parameters changed since the report."""
        if not may_steward_pool(user=request.user, game=game):
            raise NotAllowed("only a steward of this game's rating pool changes its parameters", "not_steward")
        payload = AdoptInputSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        pool = self.get_object()
        decision = pool_parameters_adopt(
            game=pool.game, actor=request.user.get_username(), reason=payload.validated_data["reason"]
        )
        return Response(ParametersDecisionSerializer(decision).data, status=status.HTTP_201_CREATED)

    @extend_schema(
        parameters=[OpenApiParameter("handle", str, OpenApiParameter.PATH, description="The player's handle.")],
        responses={
            200: PlayerRatingSerializer,
            301: OpenApiResponse(description="A number that is no handle: the old path by user id, redirected."),
        },
    )  # fmt: skip
    @action(detail=True, methods=["get"], url_path=r"players/(?P<handle>[^/.]+)")
    def player(self, request: Request, game: str, handle: str) -> Response | HttpResponsePermanentRedirect:
        """A player's rating by handle, and how it moved, table by table (newest first). The old path by user
        id (a number that is no player's handle) answers a redirect to the handle's."""
        pool = self.get_object()
        rating = pool.ratings.filter(player__player__handle=handle).first()
        if rating is None and handle.isdigit():
            rating = pool.ratings.filter(player_id=int(handle)).select_related("player__player").first()
            known_as = getattr(rating.player, "player", None) if rating else None  # an account with no player
            if known_as is not None:
                return HttpResponsePermanentRedirect(
                    reverse("rating-pool-player", kwargs={"game": game, "handle": known_as.handle})
                )
        if rating is None:
            raise NotFound(
                format_lazy(gettext_lazy("{handle!r} has no rating in the {game} pool"), handle=handle, game=game),
                "not_found",
                "handle",
            )
        history = player_history(pool=pool, player_id=rating.player_id)
        rank, _size = rank_and_size(rating=rating)
        return Response(PlayerRatingSerializer({"rating": rating, "rank": rank, "history": history}).data)


LIST_CSV_COLUMNS = ("rank", "player", "handle", "conservative", "mu", "sigma", "games", "inactive")


class RatingListViewSet(viewsets.ReadOnlyModelViewSet):
    """Official rating lists: frozen snapshots of a pool; a later correction never changes one."""

    permission_classes = [AllowAny]
    queryset = RatingList.objects.select_related("pool")
    serializer_class = RatingListSerializer

    @extend_schema(
        responses={(200, "application/json"): RatingListDetailSerializer, (200, "text/csv"): OpenApiTypes.STR}
    )
    def retrieve(self, request: Request, *args: Any, **kwargs: Any) -> Response | StreamingHttpResponse:
        """The list's entries by rank (`?page=N`, LIST_API_PAGE a page), and how many ratings moved since it
        was published; `?format=csv`: every entry, streamed."""
        rating_list = self.get_object()
        if request.accepted_renderer.format == "csv":
            return csv_stream(LIST_CSV_COLUMNS, list_rows(rating_list=rating_list), f"list-{rating_list.pk}")
        page = list_detail(
            list_id=rating_list.pk, page=page_number(request.query_params.get("page")),
            per_page=LIST_API_PAGE,
        )  # fmt: skip
        assert page is not None  # get_object answered 404 otherwise
        return Response(RatingListDetailSerializer(page).data)

    def get_renderers(self):  # type: ignore[no-untyped-def]
        """CSV for one list's entries only: the lists' own list is a page of their headers, not a sheet."""
        csv = [CSVRenderer()] if self.action == "retrieve" else []
        return [JSONRenderer(), BrowsableAPIRenderer(), *csv]


def _within(pool: Any, filters: dict[str, str], established: bool, since: Any) -> list[Any]:
    """The leaderboard of the players the filters name (a country, a club), established and active as asked."""
    return [
        rating
        for rating in leaderboard_within(pool=pool, periods=filtered_periods(filters))
        if not (established and is_provisional(rating))
        and (since is None or (rating.last_played_at and rating.last_played_at >= since))
    ]
