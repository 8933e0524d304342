from django.urls import include, path
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.routers import DefaultRouter
from rest_framework.views import APIView

from config.throttling import LoginThrottle
from tournaments import api, services, views


class TokenView(ObtainAuthToken):
    """Log in with username and password for the API token (a new one if the last has expired)."""

    throttle_classes = [LoginThrottle]

    def post(self, request: Request, *args: object, **kwargs: object) -> Response:
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        return Response({"token": services.token_for_login(user=serializer.validated_data["user"])})


class TokenRotateView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={200: inline_serializer("RotatedToken", {"token": serializers.CharField()})})
    def post(self, request: Request) -> Response:
        """Replace your API token: the old one stops working at once."""
        return Response({"token": services.token_rotate(user=request.user)})


router = DefaultRouter()
router.include_root_view = False  # api.ApiRootView lists every route, not only the router's
router.register("editions", views.EditionViewSet, basename="edition")
router.register("sheet-checks", views.SheetCheckViewSet, basename="sheet-check")
router.register("players", api.PlayerViewSet, basename="player")
router.register("events", api.EventViewSet, basename="event")
router.register("registrations", api.RegistrationViewSet, basename="registration")
router.register("rounds", api.RoundViewSet, basename="round")
router.register("seats", api.SeatViewSet, basename="seat")
router.register("tables", api.TableViewSet, basename="table")

urlpatterns = [
    path("", api.ApiRootView.as_view(), name="api-root"),
    path("me/", api.MeView.as_view(), name="me"),
    path("games/", views.GameListView.as_view(), name="game-list"),
    path("games/<str:game>/score/", views.ScorePreviewView.as_view(), name="score-preview"),
    path("auth/token/", TokenView.as_view(), name="token"),
    path("auth/token/rotate/", TokenRotateView.as_view(), name="token-rotate"),
    path("", include(router.urls)),
]
