"""A steward's merge of two records of one person (tournaments/stewarding/merges.py), a game's titles and the
stewards' word on an event (its sanction and the changes of its results after it) and on a club (its
corrections trusted), over the API."""

from typing import Any

from django.shortcuts import get_object_or_404
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.decorators import action
from rest_framework.permissions import AllowAny, BasePermission, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.errors import NotFound
from config.paging import ApiPages, many, paged
from config.serializers import StrictSerializer
from games import GAMES
from ratings.selectors.titles import pool_titles
from tournaments.app_actions import EventActions, OrganisationActions
from tournaments.models import Player
from tournaments.results.models import ResultChange
from tournaments.results.services.rating import title_define
from tournaments.serializers.events import EventSerializer
from tournaments.serializers.organisations import (
    CorrectionsTrustSerializer,
    DecisionSerializer,
    OrganisationSerializer,
    ReasonSerializer,
)
from tournaments.stewarding.merges import player_merge_undo, players_merge
from tournaments.stewarding.models import PlayerMerge
from tournaments.stewarding.selectors import event_decisions
from tournaments.stewarding.services import (
    event_sanction,
    event_unsanction,
    organisation_corrections_trust,
    result_change_decide,
)


class MergeInputSerializer(StrictSerializer):
    kept = serializers.CharField(max_length=40, help_text="The handle of the record that stays.")
    merged = serializers.CharField(max_length=40, help_text="The handle of the record merged into it.")
    reason = serializers.CharField(max_length=500, help_text="Why the two records are one person.")


class MergeSerializer(StrictSerializer):
    id = serializers.IntegerField()
    kept = serializers.CharField(source="kept.handle")
    merged = serializers.CharField(source="merged_handle")
    by = serializers.CharField(source="by.username", allow_null=True)
    reason = serializers.CharField()
    merged_at = serializers.DateTimeField()
    undone_at = serializers.DateTimeField(allow_null=True, help_text="When a steward undid it; null while it holds.")
    undo_reason = serializers.CharField(help_text="Why it was undone; empty while it holds.")


class UndoInputSerializer(StrictSerializer):
    reason = serializers.CharField(max_length=500, help_text="Why the two records are two people after all.")


class PlayerMergeView(APIView):
    """Merge two records of one person (a steward of every game the merged record played): its results,
    sheets, registrations, season points and ratings become the kept record's; its pools are rated again."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=MergeInputSerializer, responses={201: MergeSerializer})
    def post(self, request: Request) -> Response:
        payload = MergeInputSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        data = payload.validated_data
        kept = get_object_or_404(Player, handle=data["kept"])
        merged = get_object_or_404(Player, handle=data["merged"])
        merge = players_merge(kept=kept, merged=merged, by=request.user, reason=data["reason"])
        return Response(MergeSerializer(merge).data, status=201)


class PlayerMergeUndoView(APIView):
    """Undo a merge (a steward of every game the merged record played), until an official list of one of those
    games is published: the two records are two again, each with its own results and ratings (pools replayed)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=UndoInputSerializer, responses={200: MergeSerializer})
    def post(self, request: Request, pk: int) -> Response:
        payload = UndoInputSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        merge = get_object_or_404(PlayerMerge, pk=pk)
        undone = player_merge_undo(merge=merge, by=request.user, reason=payload.validated_data["reason"])
        return Response(MergeSerializer(undone).data)


class TitleInputSerializer(StrictSerializer):
    name = serializers.CharField(max_length=60, help_text="Such as Master.")
    abbreviation = serializers.CharField(max_length=8, help_text="Such as M, shown beside the holder's name.")
    min_rating = serializers.FloatField(min_value=-100, max_value=100, help_text="The conservative rating to reach.")
    min_games = serializers.IntegerField(min_value=0, max_value=100_000, default=0,
                                         help_text="Rated games at least when it is reached.")  # fmt: skip
    held_for_games = serializers.IntegerField(min_value=1, max_value=1000, default=1,
                                              help_text="Rated games in a row at the rating.")  # fmt: skip
    reason = serializers.CharField(max_length=500, help_text="Why the federation defines it.")


class TitleHolderSerializer(StrictSerializer):
    player = serializers.CharField(source="name", help_text="The holder's name as the pool shows it.")
    awarded_at = serializers.DateTimeField(help_text="When the rule was met.")
    source = serializers.CharField(help_text="The rated table that completed it (table:<id>).")
    rating = serializers.FloatField(help_text="The conservative rating then.")
    games = serializers.IntegerField(help_text="Rated games then.")


class TitleSerializer(StrictSerializer):
    name = serializers.CharField()
    abbreviation = serializers.CharField()
    min_rating = serializers.FloatField()
    min_games = serializers.IntegerField()
    held_for_games = serializers.IntegerField()
    defined_by = serializers.CharField()
    reason = serializers.CharField()
    defined_at = serializers.DateTimeField()
    holders = TitleHolderSerializer(many=True, required=False)


class TitlesView(APIView):
    """A game's titles with their holders (anyone); a steward of the game defines one (POST): it is awarded
    at once to everyone whose rated history meets it, then as ratings move, and never taken back."""

    def get_permissions(self) -> list[BasePermission]:
        return [IsAuthenticated()] if self.request.method == "POST" else [AllowAny()]

    pagination_class = ApiPages

    @extend_schema(responses={200: TitleSerializer(many=True)})
    def get(self, request: Request, game: str) -> Response:
        _game(game)
        titles = [{**_fields(rule), "holders": holders} for rule, holders in pool_titles(game=game)]
        return paged(request, titles, many(TitleSerializer))

    @extend_schema(request=TitleInputSerializer, responses={201: TitleSerializer})
    def post(self, request: Request, game: str) -> Response:
        _game(game)
        payload = TitleInputSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        rule = title_define(game=game, by=request.user, **payload.validated_data)
        holders = pool_titles(game=game)
        answer = {**_fields(rule), "holders": next(awards for found, awards in holders if found.pk == rule.pk)}
        return Response(TitleSerializer(answer).data, status=status.HTTP_201_CREATED)


def _fields(rule: Any) -> dict[str, Any]:
    names = ("name", "abbreviation", "min_rating", "min_games", "held_for_games", "defined_by", "reason", "defined_at")
    return {name: getattr(rule, name) for name in names}


def _game(game: str) -> None:
    if game not in GAMES:
        raise NotFound(format_lazy(gettext_lazy("no game {game}"), game=game), "unknown_game", "game")


class EventStewardingViewSet(EventActions):
    """The stewards' word on an event: its sanction, its refusal or revocation, the decisions on changes of
    its results after the sanction."""

    @extend_schema(request=ReasonSerializer, responses={200: EventSerializer})
    @action(detail=True, methods=["post"])
    def sanction(self, request: Request, pk: str) -> Response:
        """Sanction the event: its tables go into the rating pool (stewards of its game; before it starts or
        once it finished; a finished event's tables are rated in their own time slots)."""
        payload = ReasonSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        event = event_sanction(event=self.get_object(), by=request.user, **payload.validated_data)
        return Response(EventSerializer(event).data)

    @extend_schema(responses={200: DecisionSerializer(many=True)})
    @action(detail=True, methods=["get"], url_path="decisions", pagination_class=ApiPages, filter_backends=[])
    def decisions(self, request: Request, pk: str) -> Response:
        """The stewards' word on the event, oldest first: sanction decisions and changes of its results after
        the sanction (who, when, why, the places before and after, and what was decided)."""
        return paged(request, event_decisions(event=self.get_object()), many(DecisionSerializer), self)

    @extend_schema(request=ReasonSerializer, responses={200: DecisionSerializer})
    @action(detail=True, methods=["post"], url_path=r"result-changes/(?P<change_id>\d+)/(?P<decision>accept|refuse)")
    def result_change(self, request: Request, pk: str, change_id: str, decision: str) -> Response:
        """A steward accepts a change of the sanctioned results (the pool rates them as they are now) or
        refuses it (the pool keeps the results it held), with a reason."""
        payload = ReasonSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        change = get_object_or_404(ResultChange, pk=int(change_id), event_id=self.get_object().pk)
        result_change_decide(change=change, accept=decision == "accept", by=request.user,
                                      **payload.validated_data)  # fmt: skip
        decided = next(d for d in event_decisions(event=change.event) if d.get("id") == change.pk)
        return Response(DecisionSerializer(decided).data)

    @extend_schema(request=ReasonSerializer, responses={200: EventSerializer})
    @action(detail=True, methods=["post"])
    def unsanction(self, request: Request, pk: str) -> Response:
        """Refuse a waiting event or revoke a sanction: its tables leave the rating pool (stewards)."""
        payload = ReasonSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        event = event_unsanction(event=self.get_object(), by=request.user, **payload.validated_data)
        return Response(EventSerializer(event).data)


class CorrectionsTrustViewSet(OrganisationActions):
    @extend_schema(request=CorrectionsTrustSerializer, responses={200: OrganisationSerializer})
    @action(detail=True, methods=["post"], url_path="corrections-trust")
    def corrections_trust(self, request: Request, slug: str) -> Response:
        """A steward of the game trusts the club's corrections of that game's sanctioned results: accepted as
        they come (or no longer)."""
        payload = CorrectionsTrustSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        organisation = organisation_corrections_trust(
            organisation=self.get_object(), by=request.user, **payload.validated_data
        )
        return Response(OrganisationSerializer(organisation).data)
