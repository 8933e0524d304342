"""The analysis API's routes: a game's card statistics, a player's pick accuracy."""

from django.urls import path

from tournaments.analysis.api import CardStatisticsView, PickAccuracyView

urlpatterns = [
    path("games/<str:game>/cards/", CardStatisticsView.as_view(), name="game-cards"),
    path("games/<str:game>/cards.csv", CardStatisticsView.as_view(), {"format": "csv"}, name="game-cards-csv"),
    path("players/<str:handle>/pick-accuracy/", PickAccuracyView.as_view(), name="player-pick-accuracy"),
    path(
        "players/<str:handle>/pick-accuracy.csv",
        PickAccuracyView.as_view(),
        {"format": "csv"},
        name="player-pick-accuracy-csv",
    ),
]
