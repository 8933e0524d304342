"""The analysis API's routes: a game's card statistics, a player's pick accuracy, a table's par."""

from django.urls import path

from tournaments.analysis.api import CardStatisticsView, PickAccuracyView, RulesLabView, TableParView

urlpatterns = [
    path("games/<str:game>/cards/", CardStatisticsView.as_view(), name="game-cards"),
    path("games/<str:game>/cards.csv", CardStatisticsView.as_view(), {"format": "csv"}, name="game-cards-csv"),
    path("tables/<int:table_id>/par/", TableParView.as_view(), name="table-par"),
    path("rules-lab/<str:reading>/", RulesLabView.as_view(), name="rules-lab"),
    path("players/<str:handle>/pick-accuracy/", PickAccuracyView.as_view(), name="player-pick-accuracy"),
    path(
        "players/<str:handle>/pick-accuracy.csv",
        PickAccuracyView.as_view(),
        {"format": "csv"},
        name="player-pick-accuracy-csv",
    ),
]
