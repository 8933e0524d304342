"""The stewards' API routes: merges, titles and their word on an event and a club."""

from django.urls import path

from tournaments.app_actions import app_action_routes
from tournaments.stewarding.api import (
    CorrectionsTrustViewSet,
    EventStewardingViewSet,
    PlayerMergeUndoView,
    PlayerMergeView,
    TitlesView,
)

urlpatterns = [
    path("player-merges/", PlayerMergeView.as_view(), name="player-merge"),
    path("player-merges/<int:pk>/undo/", PlayerMergeUndoView.as_view(), name="player-merge-undo"),
    path("games/<str:game>/titles/", TitlesView.as_view(), name="game-titles"),
    *app_action_routes("events", EventStewardingViewSet),
    *app_action_routes("organisations", CorrectionsTrustViewSet),
]
