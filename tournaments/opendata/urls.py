"""The open data's page route."""

from django.urls import path

from tournaments.opendata import pages

urlpatterns = [path("open-data/", pages.open_data, name="open-data-page")]
