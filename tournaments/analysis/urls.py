"""The analysis app's page route (config/urls.py includes it)."""

from django.urls import path

from tournaments.analysis import pages

urlpatterns = [
    path("games/<str:game>/cards/", pages.card_statistics, name="cards"),
]
