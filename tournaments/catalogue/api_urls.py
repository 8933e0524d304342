"""The catalogue's API routes: games, their editions, a table scored or rebuilt, sheets checked, an event
verified again with its game's edition."""

from django.urls import include, path
from rest_framework.routers import DefaultRouter

from tournaments.app_actions import app_action_routes
from tournaments.catalogue.api import (
    EditionViewSet,
    EventEditionViewSet,
    GameListView,
    RebuildView,
    ScorePreviewView,
    SheetCheckViewSet,
)
from tournaments.catalogue.entry_api import (
    AdoptPreviewView,
    AdoptView,
    CompareView,
    EntriesView,
    MyEntrySubmitView,
    MyEntryView,
)

router = DefaultRouter()
router.include_root_view = False
router.register("editions", EditionViewSet, basename="edition")
router.register("sheet-checks", SheetCheckViewSet, basename="sheet-check")

urlpatterns = [
    path("games/", GameListView.as_view(), name="game-list"),
    path("games/<str:game>/score/", ScorePreviewView.as_view(), name="score-preview"),
    path("games/<str:game>/rebuild/", RebuildView.as_view(), name="game-rebuild"),
    path("games/<str:game>/edition-entry/", MyEntryView.as_view(), name="edition-entry"),
    path("games/<str:game>/edition-entry/submit/", MyEntrySubmitView.as_view(), name="edition-entry-submit"),
    path("games/<str:game>/edition-entries/", EntriesView.as_view(), name="edition-entries"),
    path("games/<str:game>/edition-entries/<int:entry_id>/compare/", CompareView.as_view(), name="edition-compare"),
    path(
        "games/<str:game>/confirmed-editions/<int:confirmation_id>/adopt/",
        AdoptView.as_view(),
        name="edition-adopt",
    ),
    path(
        "games/<str:game>/confirmed-editions/<int:confirmation_id>/preview/",
        AdoptPreviewView.as_view(),
        name="edition-adopt-preview",
    ),
    path("", include(router.urls)),
    *app_action_routes("events", EventEditionViewSet),
]
