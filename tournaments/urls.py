from django.urls import include, path
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.routers import DefaultRouter

from config.throttling import LoginThrottle
from tournaments import api, views


class TokenView(ObtainAuthToken):
    throttle_classes = [LoginThrottle]


router = DefaultRouter()
router.register("editions", views.EditionViewSet, basename="edition")
router.register("sheet-checks", views.SheetCheckViewSet, basename="sheet-check")
router.register("players", api.PlayerViewSet, basename="player")
router.register("events", api.EventViewSet, basename="event")
router.register("registrations", api.RegistrationViewSet, basename="registration")
router.register("rounds", api.RoundViewSet, basename="round")
router.register("seats", api.SeatViewSet, basename="seat")
router.register("tables", api.TableViewSet, basename="table")

urlpatterns = [
    path("games/", views.GameListView.as_view(), name="game-list"),
    path("auth/token/", TokenView.as_view(), name="token"),
    path("", include(router.urls)),
]
