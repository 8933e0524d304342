"""The stewards' API routes."""

from django.urls import path

from tournaments.stewarding.api import PlayerMergeUndoView, PlayerMergeView, TitlesView

urlpatterns = [
    path("player-merges/", PlayerMergeView.as_view(), name="player-merge"),
    path("player-merges/<int:pk>/undo/", PlayerMergeUndoView.as_view(), name="player-merge-undo"),
    path("games/<str:game>/titles/", TitlesView.as_view(), name="game-titles"),
]
