"""The entrants' API routes."""

from django.urls import path

from tournaments.app_actions import app_action_routes
from tournaments.entrants.api import EventEntrantsViewSet, LoginUnlockView

urlpatterns = [
    path("events/<int:pk>/login-unlock/", LoginUnlockView.as_view(), name="event-login-unlock"),
    *app_action_routes("events", EventEntrantsViewSet),
]
