"""A steward's merge of two records of one person, over the API (tournaments/stewarding/merges.py)."""

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.serializers import StrictSerializer
from tournaments.models import Player
from tournaments.stewarding.merges import players_merge


class MergeInputSerializer(StrictSerializer):
    kept = serializers.CharField(max_length=40, help_text="The handle of the record that stays.")
    merged = serializers.CharField(max_length=40, help_text="The handle of the record merged into it.")
    reason = serializers.CharField(max_length=500, help_text="Why the two records are one person.")


class MergeSerializer(StrictSerializer):
    kept = serializers.CharField(source="kept.handle")
    merged = serializers.CharField(source="merged_handle")
    by = serializers.CharField(source="by.username", allow_null=True)
    reason = serializers.CharField()
    merged_at = serializers.DateTimeField()


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
