"""Players in the API: signing up, finding one, claiming a guest, a public profile."""

from django.utils import translation
from drf_spectacular.utils import extend_schema
from rest_framework import status, viewsets
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.throttling import ApiThrottle, SignupThrottle
from ratings.selectors.leaderboards import is_provisional, player_ratings, rank_and_size
from tournaments.models import Player, Table
from tournaments.results.sources import table_of_source
from tournaments.selectors.players import head_to_head, player_events, player_of_handle, player_search
from tournaments.serializers.players import (
    HeadToHeadSerializer,
    PlayerProfileSerializer,
    PlayerSearchQuery,
    PlayerSignupResultSerializer,
    PlayerSignupSerializer,
    PlayerSummarySerializer,
)
from tournaments.services.accounts import player_language_remember, player_signup


class PlayerProfileView(APIView):
    """A player by handle: who they are, their rating and rank in each game, and their newest events with the
    place in each finished one (a claimed guest answers its claimer's handle)."""

    permission_classes = [AllowAny]

    @extend_schema(responses={200: PlayerProfileSerializer})
    def get(self, request: Request, handle: str) -> Response:
        player = player_of_handle(handle=handle)
        ratings = []
        rated = player_ratings(player_id=player.user_id)
        tables = {rating.pk: table_of_source(peak.source) if peak else None for rating, _history, peak in rated}
        event_of = dict(
            Table.objects.filter(pk__in=[t for t in tables.values() if t]).values_list("pk", "round__event")
        )
        for rating, _history, peak in rated:
            rank, of = rank_and_size(rating=rating)
            ratings.append({
                "game": rating.pool.game, "conservative": rating.conservative, "mu": rating.mu, "sigma": rating.sigma,
                "games": rating.games, "provisional": is_provisional(rating), "rank": rank, "of": of,
                "peak": None if peak is None else {
                    "conservative": peak.conservative, "at": peak.at, "table": tables[rating.pk],
                    "event": event_of.get(tables[rating.pk] or 0),
                },
            })  # fmt: skip
        events = [
            {"event": r.event.pk, "name": r.event.name, "game": r.event.game, "starts_at": r.event.starts_at,
             "status": r.event.status, "place": place, "players": size}
            for r, place, size in player_events(player=player)
        ]  # fmt: skip
        profile = {"handle": player.handle, "display_name": player.display_name, "country": player.country,
                   "guest": player.guest, "demo": player.demo, "ratings": ratings, "events": events}  # fmt: skip
        return Response(PlayerProfileSerializer(profile).data)


class HeadToHeadView(APIView):
    """Two players' tables shared (counting results), newest first, and by game how often each finished
    ahead of the other (a shared place counts as level)."""

    permission_classes = [AllowAny]

    @extend_schema(responses={200: HeadToHeadSerializer})
    def get(self, request: Request, handle: str, other: str) -> Response:
        first, second = player_of_handle(handle=handle), player_of_handle(handle=other)
        games, tables = head_to_head(first=first, second=second)
        return Response(HeadToHeadSerializer({
            "players": [first.handle, second.handle],
            "games": [vars(game) for game in games],
            "tables": [{**vars(table), "ranks": list(table.ranks)} for table in tables[:200]],
        }).data)  # fmt: skip


class PlayerViewSet(viewsets.GenericViewSet):
    permission_classes = [AllowAny]
    throttle_classes = [ApiThrottle, SignupThrottle]
    serializer_class = PlayerSignupSerializer  # also what OPTIONS describes
    queryset = Player.objects.none()  # the list reads through selectors.player_search

    def get_throttles(self):  # type: ignore[no-untyped-def]
        return super().get_throttles() if self.action != "list" else [ApiThrottle()]

    @extend_schema(parameters=[PlayerSearchQuery], responses={200: PlayerSummarySerializer(many=True)})
    def list(self, request: Request) -> Response:
        """Find players: `?search=` part of a handle or a display name (two characters at least), by handle."""
        query = PlayerSearchQuery(data=request.query_params)
        query.is_valid(raise_exception=True)
        page = self.paginate_queryset(player_search(text=query.validated_data.get("search")))
        return self.get_paginated_response(PlayerSummarySerializer(page, many=True, context={"request": request}).data)

    @extend_schema(request=PlayerSignupSerializer, responses={201: PlayerSignupResultSerializer})
    def create(self, request: Request) -> Response:
        """Sign up: an account, a unique handle and an API token."""
        payload = PlayerSignupSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        player, token = player_signup(**payload.validated_data)
        player_language_remember(user=player.user, language=translation.get_language() or "")
        return Response({"handle": player.handle, "token": token}, status=status.HTTP_201_CREATED)
