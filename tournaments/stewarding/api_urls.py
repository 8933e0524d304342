"""The stewards' API routes: merges, titles and their word on an event."""

from django.urls import path

from tournaments.event_actions import event_action_routes
from tournaments.stewarding.api import EventStewardingViewSet, PlayerMergeUndoView, PlayerMergeView, TitlesView

urlpatterns = [
    path("player-merges/", PlayerMergeView.as_view(), name="player-merge"),
    path("player-merges/<int:pk>/undo/", PlayerMergeUndoView.as_view(), name="player-merge-undo"),
    path("games/<str:game>/titles/", TitlesView.as_view(), name="game-titles"),
    *event_action_routes(EventStewardingViewSet),
]
