"""The analysis API's routes: a game's card statistics, a player's pick accuracy, a table's par."""

from django.urls import path

from tournaments.analysis.api import (
    CardStatisticsView,
    EventLuckView,
    PickAccuracyView,
    RulesLabView,
    SeasonLuckView,
    TableParView,
)

urlpatterns = [
    path("games/<str:game>/cards/", CardStatisticsView.as_view(), name="game-cards"),
    path("games/<str:game>/cards.csv", CardStatisticsView.as_view(), {"format": "csv"}, name="game-cards-csv"),
    path("tables/<int:table_id>/par/", TableParView.as_view(), name="table-par"),
    path("events/<int:pk>/luck/", EventLuckView.as_view(), name="event-luck"),
    path("seasons/<int:pk>/luck/", SeasonLuckView.as_view(), name="season-luck"),
    path("rules-lab/<str:reading>/", RulesLabView.as_view(), name="rules-lab"),
    path("players/<str:handle>/pick-accuracy/", PickAccuracyView.as_view(), name="player-pick-accuracy"),
    path(
        "players/<str:handle>/pick-accuracy.csv",
        PickAccuracyView.as_view(),
        {"format": "csv"},
        name="player-pick-accuracy-csv",
    ),
]
