"""The stewards' API routes."""

from django.urls import path

from tournaments.stewarding.api import PlayerMergeView

urlpatterns = [path("player-merges/", PlayerMergeView.as_view(), name="player-merge")]
