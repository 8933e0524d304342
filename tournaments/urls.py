from django.urls import include, path
from rest_framework.routers import DefaultRouter

from tournaments import api
from tournaments.api.stream import EventStreamView, MyStreamView

router = DefaultRouter()
router.include_root_view = False  # api.ApiRootView lists every route, not only the router's
# Django tries a path against the routes in order: the busiest write (every player posting their sheet) first.
router.register("seats", api.SeatViewSet, basename="seat")
router.register("tables", api.TableViewSet, basename="table")
router.register("editions", api.EditionViewSet, basename="edition")
router.register("sheet-checks", api.SheetCheckViewSet, basename="sheet-check")
router.register("players", api.PlayerViewSet, basename="player")
router.register("organisations", api.OrganisationViewSet, basename="organisation")
router.register("events", api.EventViewSet, basename="event")
router.register("seasons", api.SeasonViewSet, basename="season")
router.register("registrations", api.RegistrationViewSet, basename="registration")
router.register("rounds", api.RoundViewSet, basename="round")

hooks = "organisations/<str:slug>/webhooks/"
hook = hooks + "<int:webhook_id>/"
webhook_routes = [
    path(hooks, api.WebhookViewSet.as_view({"get": "list", "post": "create"}), name="webhook-list"),
    path(hook, api.WebhookViewSet.as_view({"get": "retrieve", "delete": "destroy"}), name="webhook-detail"),
    path(hook + "rotate-secret/", api.WebhookViewSet.as_view({"post": "rotate_secret"}), name="webhook-rotate-secret"),
    path(hook + "enable/", api.WebhookViewSet.as_view({"post": "enable"}), name="webhook-enable"),
    path(hook + "ping/", api.WebhookViewSet.as_view({"post": "ping"}), name="webhook-ping"),
    path(hook + "deliveries/", api.WebhookViewSet.as_view({"get": "deliveries"}), name="webhook-deliveries"),
    path(
        hook + "deliveries/<int:delivery_id>/redeliver/",
        api.WebhookViewSet.as_view({"post": "redeliver"}),
        name="webhook-redeliver",
    ),
]

keys = "organisations/<str:slug>/keys/"
key_routes = [
    path(keys, api.ApiKeyViewSet.as_view({"get": "list", "post": "create"}), name="api-key-list"),
    path(keys + "<int:key_id>/revoke/", api.ApiKeyViewSet.as_view({"post": "revoke"}), name="api-key-revoke"),
]

urlpatterns = [
    path("", api.ApiRootView.as_view(), name="api-root"),
    path("me/", api.MeView.as_view(), name="me"),
    path("me/stream/", MyStreamView.as_view(), name="me-stream"),
    path("events/<int:pk>/stream/", EventStreamView.as_view(), name="event-stream"),
    path("me/export/", api.MyDataView.as_view(), name="me-export"),
    path("me/erase/", api.EraseView.as_view(), name="me-erase"),
    path("games/", api.GameListView.as_view(), name="game-list"),
    path("games/<str:game>/score/", api.ScorePreviewView.as_view(), name="score-preview"),
    path("games/<str:game>/rebuild/", api.RebuildView.as_view(), name="game-rebuild"),
    path("games/<str:game>/cards/", api.CardStatisticsView.as_view(), name="game-cards"),
    path("players/<str:handle>/pick-accuracy/", api.PickAccuracyView.as_view(), name="player-pick-accuracy"),
    path("auth/token/", api.TokenView.as_view(), name="token"),
    path("auth/token/rotate/", api.TokenRotateView.as_view(), name="token-rotate"),
    *webhook_routes,
    *key_routes,
    path("", include(router.urls)),
    # After the router: /api/players/claim/ is the router's (a handle cannot be "claim": it reads as that).
    path("players/<str:handle>/", api.PlayerProfileView.as_view(), name="player-profile"),
]
