"""The entrants' page routes: people at the door, guests, claims (config/urls.py includes them)."""

from django.urls import path

from tournaments.entrants import pages as entrants

urlpatterns = [
    path("events/<int:event_id>/entrants/", entrants.entrants, name="event-entrants"),
    path("claim/", entrants.claim, name="claim"),
]
