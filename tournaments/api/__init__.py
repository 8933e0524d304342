"""The tournaments API: thin views that validate input, call one service or selector, and serialise.

Every operation's error answers ({code, detail, field, errors}) are declared once, by the schema hook in
config/openapi.py, not per view.
"""

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
from tournaments.api.tables import SeatViewSet, TableViewSet
from tournaments.api.webhooks import WebhookViewSet

__all__ = [
    "ApiKeyViewSet",
    "ApiRootView",
    "CardStatisticsView",
    "EditionViewSet",
    "EraseView",
    "EventViewSet",
    "GameListView",
    "MeView",
    "MyDataView",
    "OrganisationViewSet",
    "PickAccuracyView",
    "PlayerProfileView",
    "PlayerViewSet",
    "RebuildView",
    "RegistrationViewSet",
    "RoundViewSet",
    "ScorePreviewView",
    "SeasonViewSet",
    "SeatViewSet",
    "SheetCheckViewSet",
    "TableViewSet",
    "TokenRotateView",
    "TokenView",
    "WebhookViewSet",
]
