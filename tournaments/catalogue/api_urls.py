"""The catalogue's API routes: games, their editions, a table scored or rebuilt, sheets checked."""

from django.urls import include, path
from rest_framework.routers import DefaultRouter

from tournaments.catalogue.api import EditionViewSet, GameListView, RebuildView, ScorePreviewView, SheetCheckViewSet

router = DefaultRouter()
router.include_root_view = False
router.register("editions", EditionViewSet, basename="edition")
router.register("sheet-checks", SheetCheckViewSet, basename="sheet-check")

urlpatterns = [
    path("games/", GameListView.as_view(), name="game-list"),
    path("games/<str:game>/score/", ScorePreviewView.as_view(), name="score-preview"),
    path("games/<str:game>/rebuild/", RebuildView.as_view(), name="game-rebuild"),
    path("", include(router.urls)),
]
