"""The score pad's page route (config/urls.py includes them)."""

from django.urls import path

from tournaments.results.pages import pad

urlpatterns = [
    path("tables/<int:table_id>/pad/", pad.pad, name="pad"),
]
