"""The stewards' page routes: official lists, adopted parameters (config/urls.py includes them)."""

from django.urls import path

from tournaments.stewarding import pages as stewarding
from tournaments.stewarding import title_pages

urlpatterns = [
    path("leaderboards/<str:game>/lists/new/", stewarding.list_new, name="list-new"),
    path("leaderboards/<str:game>/titles/", title_pages.titles, name="titles"),
    path("leaderboards/<str:game>/quality/adopt/", stewarding.parameters_adopt, name="parameters-adopt"),
    path("clubs/<slug:slug>/corrections-trust/", stewarding.corrections_trust, name="club-corrections-trust"),
    path("stewards/", stewarding.stewards, name="stewards"),
    path("stewards/merge/", stewarding.player_merge, name="player-merge-page"),
    path("stewards/merges/<int:merge_id>/undo/", stewarding.player_merge_undo_page, name="player-merge-undo-page"),
    path("stewards/rules-lab/<str:reading>/", stewarding.rules_lab, name="rules-lab-page"),
    path(
        "stewards/result-changes/<int:change_id>/<str:decision>/",
        stewarding.result_change_decide,
        name="result-change-decide",
    ),
    path("events/<int:event_id>/sanction/<str:decision>/", stewarding.sanction_decide, name="sanction-decide"),
]
