"""The seasons' page routes (config/urls.py includes them)."""

from django.urls import path

from tournaments.seasons import pages as seasons

urlpatterns = [
    path("seasons/<int:season_id>/", seasons.season_detail, name="season"),
    path("seasons/<int:season_id>/events/", seasons.season_event_add, name="season-event-add"),
    path("seasons/<int:season_id>/final/", seasons.season_final, name="season-final"),
    path("seasons/<int:season_id>/odds/", seasons.season_odds_page, name="season-odds"),
    path("seasons/<int:season_id>/edit/", seasons.season_edit, name="season-edit"),
    path("clubs/<slug:slug>/seasons/new/", seasons.season_new, name="season-new"),
]
