"""The site's URLs and `POST /bench/floor/`: the token authentication and JSON parsing of the API (the site's
middleware and DRF settings), a serializer validating `{"data": {...}}` as SheetInputSerializer does, and
one row inserted. No throttle, no lock, no other query: what any authenticated write of a sheet pays."""

import json

from django.db import connection
from django.urls import path
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.urls import urlpatterns as site

TABLE = "bench_floor"
CREATE = f"CREATE TABLE IF NOT EXISTS {TABLE} (id bigserial PRIMARY KEY, user_id integer NOT NULL, body jsonb NOT NULL)"


class FloorInput(serializers.Serializer):
    data = serializers.JSONField()


class Floor(APIView):
    permission_classes = [IsAuthenticated]
    throttle_classes = []

    def post(self, request: Request) -> Response:
        payload = FloorInput(data=request.data)
        payload.is_valid(raise_exception=True)
        with connection.cursor() as cursor:
            cursor.execute(
                f"INSERT INTO {TABLE} (user_id, body) VALUES (%s, %s) RETURNING id",
                [request.user.pk, json.dumps(payload.validated_data["data"])],
            )
            (row,) = cursor.fetchone()
        return Response({"id": row}, status=status.HTTP_202_ACCEPTED)


urlpatterns = [path("bench/floor/", Floor.as_view()), *site]
