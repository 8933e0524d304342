"""Seasons: leagues and circuits over one game, their events and their standings."""

from typing import Any

from django.http import StreamingHttpResponse
from django.shortcuts import get_object_or_404
from django_filters.rest_framework import DjangoFilterBackend
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.renderers import BrowsableAPIRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response

from config import versioning
from config.paging import ApiPages, paged
from config.renderers import CSVRenderer, csv_stream
from tournaments.models import Event, Player
from tournaments.seasons.models import Season
from tournaments.seasons.odds import METHOD as ODDS_METHOD
from tournaments.seasons.points import SeasonRow
from tournaments.seasons.selectors import (
    ODDS_SAMPLES,
    StandingsPages,
    season_counting,
    season_events,
    season_odds_kept,
    season_standings,
)
from tournaments.seasons.serializers import (
    DeclineInputSerializer,
    FinalInputSerializer,
    SeasonEventInputSerializer,
    SeasonEventSerializer,
    SeasonInputSerializer,
    SeasonOddsSerializer,
    SeasonRowSerializer,
    SeasonSerializer,
)
from tournaments.seasons.services import qualification_decline, season_create, season_event_add, season_final_set


def _csv_row(row: SeasonRow, events: list[Event]) -> list[Any]:
    """Numbers a spreadsheet reads: the event's points in its column (empty: not played), and the events
    whose points do not count (past the best N) named in the last column."""
    played = {event: float(points) for event, points in row.played}
    not_counted = [f"#{event}" for i, (event, _points) in enumerate(row.played) if i not in row.counted]
    return [row.place, row.player, float(row.points), *(played.get(e.pk, "") for e in events), " ".join(not_counted)]


class SeasonViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    queryset = Season.objects.select_related("organisation")  # its events are read a page at a time
    serializer_class = SeasonSerializer
    filter_backends = [DjangoFilterBackend]
    filterset_fields = ["game", "organisation__slug"]

    @extend_schema(request=SeasonInputSerializer, responses={201: SeasonSerializer})
    def create(self, request: Request) -> Response:
        """A season of an organisation you are staff of."""
        payload = SeasonInputSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        season = season_create(by=request.user, **payload.validated_data)
        return Response(self.get_serializer(season).data, status=status.HTTP_201_CREATED)

    @extend_schema(methods=["GET"], responses={200: SeasonEventSerializer(many=True)})
    @extend_schema(methods=["POST"], request=SeasonEventInputSerializer, responses={201: SeasonSerializer})
    @action(detail=True, methods=["get", "post"], pagination_class=ApiPages, filter_backends=[])
    def events(self, request: Request, pk: str) -> Response:
        """GET: the events that count, with their tier, in the order played (a page). POST: an event joins
        the season with a tier (the season's staff)."""
        season = self.get_object()
        if request.method == "GET":
            counting = season_counting(season=season).values_list("pk", "season_entries__tier")
            rows = counting.filter(season_entries__season=season)
            return paged(request, rows, lambda page: [{"event": e, "tier": t} for e, t in page], self)
        payload = SeasonEventInputSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        season_event_add(season=season, by=request.user, **payload.validated_data)
        return Response(self.get_serializer(self.get_object()).data, status=status.HTTP_201_CREATED)

    @extend_schema(
        responses={(200, "application/json"): SeasonRowSerializer(many=True), (200, "text/csv"): OpenApiTypes.STR}
    )
    @action(
        detail=True, methods=["get"], renderer_classes=[JSONRenderer, BrowsableAPIRenderer, CSVRenderer],
        pagination_class=ApiPages, filter_backends=[],
    )  # fmt: skip
    def standings(self, request: Request, pk: str, format: str | None = None) -> Response | StreamingHttpResponse:
        """Season points by player, each event's points and whether it counted; `?format=csv` for a sheet
        (streamed: place, player, points, one column per event with its points, then the events that do not
        count)."""
        season = self.get_object()
        if request.accepted_renderer.format == "csv":
            counting, _coming = season_events(season=season)
            events = [event for event, _tier in counting]
            header = ["place", "player", "points", *(f"{event.name} #{event.pk}" for event in events), "not_counted"]
            rows = season_standings(season=season)
            return csv_stream(header, (_csv_row(row, events) for row in rows), f"season-{season.pk}")
        if versioning.before(request._request, versioning.SEASON_TOTALS):  # every event played, counted or not
            return paged(request, StandingsPages(season, counted_only=False),
                         lambda page: [row.to_json_with_every_event() for row in page], self)  # fmt: skip
        pages = StandingsPages(season, counted_only=True)
        return paged(request, pages, lambda page: [row.to_json() for row in page], self)  # SeasonRowSerializer's

    @extend_schema(responses={200: SeasonOddsSerializer})
    @action(detail=True, methods=["get"])
    def odds(self, request: Request, pk: str) -> Response:
        """Each player's chance to qualify for the final and to win the season, in the order of the standings:
        the coming events simulated from the ratings (their entrants, or everyone when none has registered),
        the season's own points and best-of rules applied (`method`); kept until a result counts (ten minutes
        at most: a registration to a coming event moves it then)."""
        data = {"method": ODDS_METHOD, "samples": ODDS_SAMPLES, "players": season_odds_kept(season=self.get_object())}
        return Response(SeasonOddsSerializer(data).data)

    @extend_schema(request=FinalInputSerializer, responses={200: SeasonSerializer})
    @action(detail=True, methods=["post"])
    def final(self, request: Request, pk: str) -> Response:
        """The season's staff make an event its final (or none, with null): only the season's qualifiers may
        then register for it, a refusal naming the condition (`entry_qualification`)."""
        payload = FinalInputSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        chosen = payload.validated_data["event"]
        event = None if chosen is None else get_object_or_404(Event, pk=chosen)
        season = season_final_set(season=self.get_object(), by=request.user, event=event)
        return Response(self.get_serializer(season).data)

    @extend_schema(request=DeclineInputSerializer, responses={200: SeasonSerializer})
    @action(detail=True, methods=["post"])
    def decline(self, request: Request, pk: str) -> Response:
        """A player gives up their qualifier slot (they, or the season's staff): the next in line takes it."""
        payload = DeclineInputSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        season = self.get_object()
        player = get_object_or_404(Player, handle=payload.validated_data["player"])
        qualification_decline(season=season, by=request.user, player=player)
        return Response(self.get_serializer(season).data)
