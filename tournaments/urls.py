from django.urls import include, path
from rest_framework.routers import DefaultRouter

from tournaments.api.account import ApiRootView, EraseView, MeView, MyDataView, TokenRotateView, TokenView
from tournaments.api.catalogue import (
    CardStatisticsView,
    EditionViewSet,
    GameListView,
    PickAccuracyView,
    PlayerProfileView,
    RebuildView,
    ScorePreviewView,
    SheetCheckViewSet,
)
from tournaments.api.clubs import OrganisationViewSet
from tournaments.api.events import EventViewSet, PlayerViewSet, RegistrationViewSet, RoundViewSet
from tournaments.api.keys import ApiKeyViewSet
from tournaments.api.seasons import SeasonViewSet
from tournaments.api.stream import EventStreamView, MyStreamView
from tournaments.api.tables import SeatViewSet, TableViewSet
from tournaments.api.webhooks import WebhookViewSet

router = DefaultRouter()
router.include_root_view = False  # api.ApiRootView lists every route, not only the router's
# Django tries a path against the routes in order: the busiest write (every player posting their sheet) first.
router.register("seats", SeatViewSet, basename="seat")
router.register("tables", TableViewSet, basename="table")
router.register("editions", EditionViewSet, basename="edition")
router.register("sheet-checks", SheetCheckViewSet, basename="sheet-check")
router.register("players", PlayerViewSet, basename="player")
router.register("organisations", OrganisationViewSet, basename="organisation")
router.register("events", EventViewSet, basename="event")
router.register("seasons", SeasonViewSet, basename="season")
router.register("registrations", RegistrationViewSet, basename="registration")
router.register("rounds", RoundViewSet, basename="round")

hooks = "organisations/<str:slug>/webhooks/"
hook = hooks + "<int:webhook_id>/"
webhook_routes = [
    path(hooks, WebhookViewSet.as_view({"get": "list", "post": "create"}), name="webhook-list"),
    path(hook, WebhookViewSet.as_view({"get": "retrieve", "delete": "destroy"}), name="webhook-detail"),
    path(hook + "rotate-secret/", WebhookViewSet.as_view({"post": "rotate_secret"}), name="webhook-rotate-secret"),
    path(hook + "enable/", WebhookViewSet.as_view({"post": "enable"}), name="webhook-enable"),
    path(hook + "ping/", WebhookViewSet.as_view({"post": "ping"}), name="webhook-ping"),
    path(hook + "deliveries/", WebhookViewSet.as_view({"get": "deliveries"}), name="webhook-deliveries"),
    path(
        hook + "deliveries/<int:delivery_id>/redeliver/",
        WebhookViewSet.as_view({"post": "redeliver"}),
        name="webhook-redeliver",
    ),
]

keys = "organisations/<str:slug>/keys/"
key_routes = [
    path(keys, ApiKeyViewSet.as_view({"get": "list", "post": "create"}), name="api-key-list"),
    path(keys + "<int:key_id>/revoke/", ApiKeyViewSet.as_view({"post": "revoke"}), name="api-key-revoke"),
]

urlpatterns = [
    path("", ApiRootView.as_view(), name="api-root"),
    path("me/", MeView.as_view(), name="me"),
    path("me/stream/", MyStreamView.as_view(), name="me-stream"),
    path("events/<int:pk>/stream/", EventStreamView.as_view(), name="event-stream"),
    path("me/export/", MyDataView.as_view(), name="me-export"),
    path("me/erase/", EraseView.as_view(), name="me-erase"),
    path("games/", GameListView.as_view(), name="game-list"),
    path("games/<str:game>/score/", ScorePreviewView.as_view(), name="score-preview"),
    path("games/<str:game>/rebuild/", RebuildView.as_view(), name="game-rebuild"),
    path("games/<str:game>/cards/", CardStatisticsView.as_view(), name="game-cards"),
    path("players/<str:handle>/pick-accuracy/", PickAccuracyView.as_view(), name="player-pick-accuracy"),
    path("auth/token/", TokenView.as_view(), name="token"),
    path("auth/token/rotate/", TokenRotateView.as_view(), name="token-rotate"),
    *webhook_routes,
    *key_routes,
    path("", include(router.urls)),
    # After the router: /api/players/claim/ is the router's (a handle cannot be "claim": it reads as that).
    path("players/<str:handle>/", PlayerProfileView.as_view(), name="player-profile"),
]
